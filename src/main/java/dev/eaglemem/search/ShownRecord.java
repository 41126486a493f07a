package dev.eaglemem.search;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SummaryRow;

/** A whole record, as {@code eagle-mem show <id>} prints it. */
public sealed interface ShownRecord {

    RecordId id();

    record Memory(RecordId id, MemoryRow memory) implements ShownRecord {
    }

    record Summary(RecordId id, SummaryRow summary, SessionRow session) implements ShownRecord {
    }

    record Prompt(RecordId id, PromptRow prompt) implements ShownRecord {
    }

    /** A tool call, with its session (which names the project and agent). */
    record Observation(RecordId id, ObservationRow observation, SessionRow session) implements ShownRecord {
    }

    /** A chunk of the code index (its text redacted when it was indexed). */
    record Code(RecordId id, CodeStore.StoredChunk chunk) implements ShownRecord {
    }

    /**
     * The JSON document of {@code show --json} and of each record in the API's batch get:
     * {@code {"id", "kind", "<kind>": row, ["session": row]}}.
     */
    static Map<String, Object> json(ShownRecord record) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", record.id().toString());
        String kind = record.id().kind().label();
        out.put("kind", kind);
        switch (record) {
            case Memory m -> out.put(kind, m.memory());
            case Summary s -> {
                out.put(kind, s.summary());
                out.put("session", s.session());
            }
            case Prompt p -> out.put(kind, p.prompt());
            case Observation o -> {
                out.put(kind, o.observation());
                out.put("session", o.session());
            }
            case Code c -> out.put(kind, c.chunk());
        }
        return out;
    }
}
