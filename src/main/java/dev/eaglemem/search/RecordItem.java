package dev.eaglemem.search;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.store.TimelineEntry;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A record in one line, for timelines and the live feed: enough to decide whether to
 * {@code eagle-mem show} it.
 *
 * @param id record id such as {@code obs-7} or {@code mem-12}
 * @param kind {@code observation}, {@code prompt}, {@code memory} or {@code summary}
 * @param memoryKind the memory's kind (decision, gotcha…), null for other records
 * @param date when it happened (a summary: when it was last written; in the feed, a memory: when it changed)
 * @param title tool name, prompt, memory title or the session's request
 * @param snippet command or files touched, prompt, memory content or what the session completed
 * @param forgotten true for a forgotten memory (the feed reports forgetting)
 */
@RegisterForReflection
public record RecordItem(String id, String kind, String memoryKind, String project, String sessionId, String date,
        String title, String snippet, boolean forgotten) {

    private static final int TITLE_MAX = 100;
    private static final int SNIPPET_MAX = 200;

    static RecordItem of(TimelineEntry e) {
        RecordId id = new RecordId(kindOf(e.source()), e.id());
        return new RecordItem(id.toString(), id.kind().label(), e.memoryKind(), e.project(), e.sessionId(), e.at(),
                Snippets.oneLine(e.title(), TITLE_MAX), Snippets.oneLine(e.body(), SNIPPET_MAX), e.deletedAt() != null);
    }

    static RecordId.Kind kindOf(TimelineEntry.Source source) {
        return switch (source) {
            case PROMPT -> RecordId.Kind.PROMPT;
            case OBSERVATION -> RecordId.Kind.OBSERVATION;
            case MEMORY -> RecordId.Kind.MEMORY;
            case SUMMARY -> RecordId.Kind.SUMMARY;
        };
    }

    static TimelineEntry.Source sourceOf(RecordId.Kind kind) {
        return switch (kind) {
            case PROMPT -> TimelineEntry.Source.PROMPT;
            case OBSERVATION -> TimelineEntry.Source.OBSERVATION;
            case MEMORY -> TimelineEntry.Source.MEMORY;
            case SUMMARY -> TimelineEntry.Source.SUMMARY;
            case CODE -> throw EagleException.invalidInput("a code chunk has no place in a session's timeline",
                    "eagle-mem show " + RecordId.Kind.CODE.prefix() + "-N   (the chunk itself)");
        };
    }
}
