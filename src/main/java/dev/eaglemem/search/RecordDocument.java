package dev.eaglemem.search;

import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SummaryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A whole record as {@code show --json}, the API's batch get and the MCP {@code get} print it:
 * {@code {"id", "kind", "<kind>": row, ["session": row], ["freshness": state]}}. The row's field is named after the
 * kind; a session is null when it is gone; freshness is there only for a memory or summary anchored to code.
 */
public sealed interface RecordDocument {

    String id();

    String kind();

    @RegisterForReflection
    record Memory(String id, String kind, MemoryRow memory, @JsonInclude(JsonInclude.Include.NON_NULL) Freshness freshness)
            implements
                RecordDocument {
    }

    @RegisterForReflection
    record Summary(String id, String kind, SummaryRow summary, SessionRow session,
            @JsonInclude(JsonInclude.Include.NON_NULL) Freshness freshness) implements RecordDocument {
    }

    @RegisterForReflection
    record Prompt(String id, String kind, PromptRow prompt) implements RecordDocument {
    }

    @RegisterForReflection
    record Observation(String id, String kind, ObservationRow observation, SessionRow session) implements RecordDocument {
    }

    @RegisterForReflection
    record Code(String id, String kind, CodeStore.StoredChunk code) implements RecordDocument {
    }

    /** The document of {@code record}; {@code freshness} counts only for a memory or a summary. */
    static RecordDocument of(ShownRecord record, Optional<Freshness> freshness) {
        String id = record.id().toString();
        String kind = record.id().kind().label();
        return switch (record) {
            case ShownRecord.Memory m -> new Memory(id, kind, m.memory(), freshness.orElse(null));
            case ShownRecord.Summary s -> new Summary(id, kind, s.summary(), s.session(), freshness.orElse(null));
            case ShownRecord.Prompt p -> new Prompt(id, kind, p.prompt());
            case ShownRecord.Observation o -> new Observation(id, kind, o.observation(), o.session());
            case ShownRecord.Code c -> new Code(id, kind, c.chunk());
        };
    }
}
