package dev.eaglemem.hook;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * The stable id of a hook event, which makes it land in the database exactly once (applied_events).
 * The same delivery must get the same id wherever it is handled — serve, or the binary the shim runs
 * when serve answered too late — and two different events must never share one:
 * <ul>
 * <li>a tool call: the agent's {@code tool_use_id} (unique per call; the observation table already keys on it);</li>
 * <li>an event carrying the agent's {@code prompt_id} (Claude Code) or {@code turn_id} (Codex): a hash of
 * the exact payload bytes, which include that id, so a repeated "continue" in a later turn is a new event
 * and a re-sent payload is not;</li>
 * <li>anything else (SessionStart, SessionEnd, agents without ids): a hash of the payload and the time it
 * arrived — unique per delivery. A re-sent one may then apply twice, which these events tolerate: they
 * open, touch or close a session row.</li>
 * </ul>
 */
final class EventIds {

    private EventIds() {
    }

    static String of(String event, String sessionId, HookPayload p, byte[] payload, Instant received) {
        String toolUseId = p.text("tool_use_id");
        if (toolUseId != null) {
            return event + "-" + hash(event, sessionId, "tool_use_id", toolUseId);
        }
        String turn = p.text("prompt_id") != null ? p.text("prompt_id") : p.text("turn_id");
        if (turn != null) {
            return event + "-" + hash(event, sessionId, "payload", new String(payload, StandardCharsets.UTF_8));
        }
        return event + "-" + hash(event, sessionId, "delivery", new String(payload, StandardCharsets.UTF_8), received.toString());
    }

    /** 128 bits of SHA-256 over the parts, each length-prefixed so that no two part lists hash alike. */
    private static String hash(String... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
                sha.update(bytes);
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
