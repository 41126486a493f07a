package dev.eaglemem.inspect;

import dev.eaglemem.format.StateId;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One moment of a replayed session, in time order: what the user asked, what recall injected, a tool
 * call, the summary. {@code ref} names the full row in the replay's lists ({@code prompt-3}, {@code recall-9},
 * {@code obs-41}, {@code sum-2}); {@code text} is one line for people.
 */
@RegisterForReflection
public record ReplayStep(String at, Kind kind, String ref, String text) {

    @RegisterForReflection
    public enum Kind implements StateId {
        PROMPT, RECALL, TOOL, SUMMARY;

        public static Kind parse(String id) {
            return StateId.parse(values(), id);
        }
    }
}
