package dev.eaglemem.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.TimelineEntry;
import dev.eaglemem.store.TimelineStore;

/**
 * The records of a project around one record in time: prompts, tool calls, memories and summaries
 * interleaved. Records with the same timestamp are ordered prompt, observation, memory, summary,
 * then by id, so the order is total and the same from either side.
 */
@ApplicationScoped
public class TimelineService {

    public static final int DEFAULT_SPAN = 10;
    public static final int MAX_SPAN = 100;

    static final Comparator<TimelineEntry> CHRONOLOGICAL = Comparator.comparing(TimelineEntry::at)
            .thenComparing(TimelineEntry::source).thenComparingLong(TimelineEntry::id);

    private final Db db;
    private final TimelineStore store;

    public TimelineService(Db db, TimelineStore store) {
        this.db = db;
        this.store = store;
    }

    /** Up to {@code before} records before the anchor and {@code after} after it, oldest first. */
    public Timeline around(RecordId anchorId, int before, int after) {
        checkSpan("before", before);
        checkSpan("after", after);
        return db.read(tx -> {
            TimelineEntry anchor = store.find(tx, RecordItem.sourceOf(anchorId.kind()), anchorId.id())
                    .orElseThrow(() -> EagleException.notFound("no record " + anchorId,
                            "eagle-mem search <words>   (prints the ids that exist)"));
            List<TimelineEntry> earlier = new ArrayList<>();
            List<TimelineEntry> later = new ArrayList<>();
            for (TimelineEntry.Source source : TimelineEntry.Source.values()) {
                long tie = tieId(source, anchor);
                earlier.addAll(store.before(tx, source, anchor.project(), anchor.at(), tie, before));
                later.addAll(store.after(tx, source, anchor.project(), anchor.at(), tie, after));
            }
            List<TimelineEntry> items = new ArrayList<>(earlier.stream().sorted(CHRONOLOGICAL.reversed()).limit(before)
                    .toList().reversed());
            int anchorIndex = items.size();
            items.add(anchor);
            later.stream().sorted(CHRONOLOGICAL).limit(after).forEach(items::add);
            return new Timeline(anchorId.toString(), anchorIndex, anchor.project(),
                    items.stream().map(RecordItem::of).toList());
        });
    }

    /**
     * The id bound for records of {@code source} at exactly the anchor's time: sources placed before
     * the anchor's all come before it, sources placed after all come after, and within the anchor's
     * own table the id decides. Store queries compare (time, id) against (anchor time, this bound).
     */
    private static long tieId(TimelineEntry.Source source, TimelineEntry anchor) {
        int order = source.compareTo(anchor.source());
        return order < 0 ? Long.MAX_VALUE : order > 0 ? 0 : anchor.id();
    }

    private static void checkSpan(String name, int value) {
        if (value < 0 || value > MAX_SPAN) {
            throw EagleException.invalidInput(name + " must be 0-" + MAX_SPAN + " (got " + value + ")",
                    "eagle-mem timeline <id> --" + name + " " + DEFAULT_SPAN);
        }
    }
}
