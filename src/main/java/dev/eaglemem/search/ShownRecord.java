package dev.eaglemem.search;

import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SummaryRow;

/** A whole record, as {@code eagle-mem show <id>} prints it; {@link RecordDocument} is its JSON. */
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
}
