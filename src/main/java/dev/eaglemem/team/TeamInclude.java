package dev.eaglemem.team;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.eaglemem.error.EagleException;

/**
 * What a store shares only when its user turns it on ({@code team connect --include prompts,observations}). By
 * default a shared project sends its durable records: project memories (not notes), features with their smoke tests,
 * checks and verifications, guard and command rules, and the decisions and gotchas of session summaries.
 */
public enum TeamInclude {
    /** What the user typed to the agents (and the sessions they belong to). */
    PROMPTS,
    /** Raw tool calls: commands, files touched, exit status (and their sessions). */
    OBSERVATIONS,
    /** Personal memories kept in a shared project (preferences, habits); project-less ones never travel. */
    PERSONAL,
    /** The agents' own note and plan files mirrored as note memories. */
    NOTES,
    /** Whole session summaries (request, what was learned and done, next steps), not only decisions and gotchas. */
    SUMMARIES;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TeamInclude require(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        String singular = t.endsWith("s") ? t : t + "s";
        for (TeamInclude i : values()) {
            if (i.id().equals(t) || i.id().equals(singular) || (i == PERSONAL && t.equals("personal-memories"))
                    || (i == NOTES && t.equals("agent-notes"))) {
                return i;
            }
        }
        throw EagleException.invalidInput("'" + text + "' is not something team mode can include",
                "use one or more of: " + ids());
    }

    public static Optional<TeamInclude> parse(String text) {
        return Arrays.stream(values()).filter(i -> i.id().equals(text)).findFirst();
    }

    public static String ids() {
        return Arrays.stream(values()).map(TeamInclude::id).collect(Collectors.joining(", "));
    }
}
