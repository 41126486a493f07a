package dev.eaglemem.recall;

import java.util.List;

/**
 * A block of injected context. Under the budget, lower {@code priority} sections are dropped first; the
 * memories and summaries it shows are recorded as shown only when it is kept.
 */
record Section(String title, String body, int priority, List<Long> memoryIds, List<Long> summaryIds) {

    Section {
        memoryIds = List.copyOf(memoryIds);
        summaryIds = List.copyOf(summaryIds);
    }

    Section(String title, String body, int priority) {
        this(title, body, priority, List.of(), List.of());
    }
}
