package dev.eaglemem.inspect;

import java.util.List;

import dev.eaglemem.store.EventRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The newest rows of the event log, newest first.
 *
 * @param session the session listed, or null
 * @param project the project listed, or null for all
 */
@RegisterForReflection
public record EventListing(String session, String project, List<EventRow> events) {

    public EventListing {
        events = List.copyOf(events);
    }
}
