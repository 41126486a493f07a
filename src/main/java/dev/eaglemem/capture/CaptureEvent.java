package dev.eaglemem.capture;

import java.time.Instant;

import dev.eaglemem.capture.CaptureService.Origin;

/**
 * One thing a hook records, already redacted and normalized: exactly what {@link CaptureService#record}
 * writes, and what the spool keeps when the database cannot take it in time. Nothing here is raw agent text, and
 * no text holds a NUL (each becomes U+2400, see HookText; also in events read back from the spool).
 *
 * @see Spool
 */
public sealed interface CaptureEvent {

    /** The stable id (see dev.eaglemem.hook.EventIds): the same event delivered twice has the same id. */
    String id();

    /** When the hook received it; the time its rows are stored with, also when replayed later. */
    Instant at();

    Origin origin();

    /** The name used in the spool and the applied_events table. */
    String kind();

    record SessionStarted(String id, Instant at, Origin origin, String source) implements CaptureEvent {

        public SessionStarted {
            source = HookText.withoutNul(source);
        }

        @Override
        public String kind() {
            return "session_started";
        }
    }

    /** @param text the prompt, redacted, stripped and cut (see HookText) */
    record PromptSubmitted(String id, Instant at, Origin origin, String text) implements CaptureEvent {

        public PromptSubmitted {
            text = HookText.withoutNul(text);
        }

        @Override
        public String kind() {
            return "prompt_submitted";
        }
    }

    /**
     * @param use the call, its command already redacted, cut and whitespace-normalized; file paths as the
     *     agent gave them (made project-relative when stored)
     * @param category the shell command's category, taken from the raw command before redaction (or null)
     */
    record ToolUsed(String id, Instant at, Origin origin, ToolUse use, String category) implements CaptureEvent {
        @Override
        public String kind() {
            return "tool_used";
        }
    }

    /**
     * @param message the agent's final message, redacted (null at a compaction)
     * @param compaction PreCompact's trigger (manual, auto) when the turn ends in a compaction, else null
     */
    record TurnEnded(String id, Instant at, Origin origin, String message, String compaction) implements CaptureEvent {

        public TurnEnded {
            message = HookText.withoutNul(message);
            compaction = HookText.withoutNul(compaction);
        }

        @Override
        public String kind() {
            return "turn_ended";
        }
    }

    record SessionEnded(String id, Instant at, Origin origin) implements CaptureEvent {
        @Override
        public String kind() {
            return "session_ended";
        }
    }
}
