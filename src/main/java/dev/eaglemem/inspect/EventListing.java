package dev.eaglemem.inspect;

import java.util.List;

import dev.eaglemem.store.EventRow;

/**
 * The newest rows of the event log, newest first.
 *
 * @param session the session listed, or null
 * @param project the project listed, or null for all
 */
public record EventListing(String session, String project, List<EventRow> events) {

    public EventListing {
        events = List.copyOf(events);
    }
}
