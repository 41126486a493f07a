package dev.eaglemem.task;

import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.eaglemem.error.EagleException;

/**
 * A task as the feature hands it out. {@code origin}: {@code person}, {@code agent:claude-code}, {@code agent:codex}
 * (later {@code lane}); {@code originRef}: that origin's own id or list key, null for a person's task. {@code stale}:
 * in progress and untouched for {@code tasks.stale_days}, or its owning session has ended (computed when read).
 */
public record Task(long id, String project, String title, String details, TaskStatus status, String ownerAgent,
        String ownerSession, String origin, String originRef, Long parentId, Instant createdAt, Instant updatedAt,
        Instant startedAt, Instant endedAt, boolean stale) {

    /** Tasks a person adds on the command line. */
    public static final String PERSON = "person";

    private static final String PREFIX = "t-";
    private static final Pattern ID = Pattern.compile("(?i)(?:t-)?([0-9]{1,18})");

    /** The id as it is printed and typed: {@code t-12}. */
    public String ref() {
        return ref(id);
    }

    public static String ref(long id) {
        return PREFIX + id;
    }

    /** The number in {@code t-12} or {@code 12}; anything else is invalid input. */
    public static long parseId(String text) {
        Matcher m = ID.matcher(text == null ? "" : text.strip());
        if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
            throw EagleException.invalidInput("'" + text + "' is not a task id: task ids look like t-12 (or 12)",
                    "eagle-mem tasks list");
        }
        return Long.parseLong(m.group(1));
    }
}
