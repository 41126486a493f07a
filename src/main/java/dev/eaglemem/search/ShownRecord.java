package dev.eaglemem.search;

import dev.eaglemem.store.MemoryRow;
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
}
