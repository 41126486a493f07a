package dev.eaglemem.search;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.store.Db;
import dev.eaglemem.store.TimelineEntry;
import dev.eaglemem.store.TimelineStore;

/**
 * New observations and prompts, and summaries and memories written (inserted or updated), since a cursor: what
 * serve's event stream polls. Observation ids grow in commit order. Writers take their timestamp
 * inside the write transaction (after the write lock), so updated_at grows in commit order too and a
 * (updated_at, id) cursor misses nothing, unless the clock steps back or two transactions write an
 * older row in the same millisecond.
 */
@ApplicationScoped
public class ChangeFeed {

    /**
     * One change.
     *
     * @param event {@code observation}, {@code prompt}, {@code summary} or {@code memory}
     * @param cursor the position just after this change, to resume from
     */
    public record Change(String event, RecordItem item, FeedCursor cursor) {
    }

    private final Db db;
    private final TimelineStore store;

    public ChangeFeed(Db db, TimelineStore store) {
        this.db = db;
        this.store = store;
    }

    /** The position after everything stored now: a reader starting here sees only what comes next. */
    public FeedCursor head() {
        return FeedCursor.of(db.read(store::heads));
    }

    /**
     * Up to {@code limit} changes of each stream after {@code from}, oldest first; {@code project}
     * null for every project. Each stream keeps its own order, so every change's cursor is safe to resume from.
     */
    public List<Change> since(FeedCursor from, String project, int limit) {
        List<List<TimelineEntry>> streams = db.read(tx -> List.of(
                store.observationsAfter(tx, project, from.observationId(), limit),
                store.changedAfter(tx, TimelineEntry.Source.SUMMARY, project, from.summaryAt(), from.summaryId(), limit),
                store.changedAfter(tx, TimelineEntry.Source.MEMORY, project, from.memoryAt(), from.memoryId(), limit),
                store.promptsAfter(tx, project, from.promptId(), limit)));
        List<Change> out = new ArrayList<>();
        int[] next = new int[streams.size()];
        FeedCursor cursor = from;
        for (TimelineEntry e = earliestHead(streams, next); e != null; e = earliestHead(streams, next)) {
            cursor = switch (e.source()) {
                case OBSERVATION -> cursor.withObservation(e.id());
                case SUMMARY -> cursor.withSummary(e.at(), e.id());
                case MEMORY -> cursor.withMemory(e.at(), e.id());
                case PROMPT -> cursor.withPrompt(e.id());
            };
            RecordItem item = RecordItem.of(e);
            out.add(new Change(item.kind(), item, cursor));
        }
        return out;
    }

    /** Takes the earliest of the streams' next entries (a merge that never reorders a stream); null when all are used. */
    private static TimelineEntry earliestHead(List<List<TimelineEntry>> streams, int[] next) {
        int best = -1;
        for (int i = 0; i < streams.size(); i++) {
            if (next[i] < streams.get(i).size() && (best < 0
                    || TimelineService.CHRONOLOGICAL.compare(streams.get(i).get(next[i]),
                            streams.get(best).get(next[best])) < 0)) {
                best = i;
            }
        }
        return best < 0 ? null : streams.get(best).get(next[best]++);
    }
}
