package dev.eaglemem.search;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.eaglemem.store.TimelineStore;
import dev.eaglemem.store.Timestamps;

/**
 * Where a change feed reader stands in each stream: the last observation and prompt ids seen, and the last
 * (updated_at, id) of summaries and of memories. Written as six dot-separated numbers
 * ({@code obs.sumMillis.sumId.memMillis.memId.prompt}), which is the SSE event id a client sends back as
 * {@code Last-Event-ID} to resume.
 */
public record FeedCursor(long observationId, String summaryAt, long summaryId, String memoryAt, long memoryId,
        long promptId) {

    // at most 13 digits of milliseconds (up to the year 2286): a larger time would not sort as stored text does
    private static final Pattern FORM = Pattern.compile("\\d{1,18}\\.\\d{1,13}\\.\\d{1,18}\\.\\d{1,13}\\.\\d{1,18}\\.\\d{1,18}");
    /** Sorts before every stored timestamp: the start of a stream. */
    static final String START = Timestamps.format(Instant.EPOCH);

    static FeedCursor of(TimelineStore.FeedHeads heads) {
        return new FeedCursor(heads.observationId(), orStart(heads.summaryAt()), heads.summaryId(),
                orStart(heads.memoryAt()), heads.memoryId(), heads.promptId());
    }

    /** Empty for text that is not a cursor this version wrote. */
    public static Optional<FeedCursor> parse(String text) {
        if (text == null || !FORM.matcher(text.strip()).matches()) {
            return Optional.empty();
        }
        String[] parts = text.strip().split("\\.");
        try {
            return Optional.of(new FeedCursor(Long.parseLong(parts[0]), at(parts[1]), Long.parseLong(parts[2]),
                    at(parts[3]), Long.parseLong(parts[4]), Long.parseLong(parts[5])));
        } catch (DateTimeException | ArithmeticException e) {
            return Optional.empty();
        }
    }

    public String encode() {
        return observationId + "." + millis(summaryAt) + "." + summaryId + "." + millis(memoryAt) + "." + memoryId + "."
                + promptId;
    }

    FeedCursor withObservation(long id) {
        return new FeedCursor(id, summaryAt, summaryId, memoryAt, memoryId, promptId);
    }

    FeedCursor withPrompt(long id) {
        return new FeedCursor(observationId, summaryAt, summaryId, memoryAt, memoryId, id);
    }

    FeedCursor withSummary(String at, long id) {
        return new FeedCursor(observationId, at, id, memoryAt, memoryId, promptId);
    }

    FeedCursor withMemory(String at, long id) {
        return new FeedCursor(observationId, summaryAt, summaryId, at, id, promptId);
    }

    private static String orStart(String at) {
        return at == null ? START : at;
    }

    private static String at(String millis) {
        return Timestamps.format(Instant.ofEpochMilli(Long.parseLong(millis)));
    }

    private static long millis(String at) {
        return Instant.parse(at).toEpochMilli();
    }
}
