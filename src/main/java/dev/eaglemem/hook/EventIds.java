package dev.eaglemem.hook;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.format.Hashes;
import dev.eaglemem.format.PlainJson;

/**
 * The stable id of a hook event, which makes it land in the database exactly once (applied_events).
 * The same delivery must get the same id wherever it is handled — serve, or the binary the shim runs
 * when serve failed or answered too late — and two different events must never share one:
 * <ul>
 * <li>a tool call: the agent's {@code tool_use_id} (unique per call; the observation table already keys on it);</li>
 * <li>an event carrying the agent's {@code prompt_id} (Claude Code, Grok's {@code promptId}), {@code turn_id}
 * (Codex) or its own {@code timestamp} of the event (Gemini, Copilot, Grok): a hash of the payload, which includes
 * that id or time, so a repeated "continue" in a later turn is a new event and a re-sent payload is not;</li>
 * <li>anything else (SessionStart, Codex's SessionEnd, agents without ids), delivered by the shim: a hash of the
 * payload and the shim's delivery token ({@value #DELIVERY_VARIABLE}: one per shim run, sent to serve as a forwarded
 * variable and set for the binary it falls back to), so both routes compute the same id and a second delivery of
 * the same payload is a new event;</li>
 * <li>the same without a token (a hook run directly, not through the shim): a hash of the payload and the time it
 * arrived — unique per delivery. A re-sent one may then apply twice, which these events tolerate: they
 * open, touch or close a session row.</li>
 * </ul>
 * "The payload" is its canonical form, never the bytes as they arrived: the parsed JSON re-serialised compactly
 * (fields in the order sent). The routes frame the same payload differently — bash's /dev/tcp route turns line
 * breaks into spaces and ends the body with a newline, curl and the binary get it as read — and a hash over
 * those bytes gave one delivery two ids, so an event serve had applied was applied again by the fallback.
 */
final class EventIds {

    /** The shim's delivery token (hooks/eagle-mem-hook; serve gets it as a forwarded variable). */
    static final String DELIVERY_VARIABLE = "EAGLE_MEM_DELIVERY";
    private static final ObjectMapper JSON = PlainJson.MAPPER;

    private EventIds() {
    }

    static String of(String event, String sessionId, HookPayload p, String delivery, Instant received) {
        String toolUseId = p.text("tool_use_id");
        if (toolUseId != null) {
            return event + "-" + hash(event, sessionId, "tool_use_id", toolUseId);
        }
        String payload = canonicalHash(p.root());
        String turn = p.text("prompt_id") != null ? p.text("prompt_id") : p.text("turn_id");
        // an agent's own time of the event marks one delivery as well as an id does, and both routes see the same one
        if (turn != null || stamped(p.root())) {
            return event + "-" + hash(event, sessionId, "payload", payload);
        }
        if (delivery != null && !delivery.isBlank()) {
            return event + "-" + hash(event, sessionId, "shim delivery", delivery, payload);
        }
        return event + "-" + hash(event, sessionId, "delivery", payload, received.toString());
    }

    /** The agent's own time of the event: an ISO string (Gemini, Grok) or epoch milliseconds (Copilot). */
    private static boolean stamped(JsonNode root) {
        JsonNode at = root.get("timestamp");
        return at != null && (at.isNumber() || at.isTextual() && !at.textValue().isBlank());
    }

    /** SHA-256 of the compact serialisation, streamed: an 8 MiB payload is not copied to be hashed. */
    static String canonicalHash(JsonNode root) {
        MessageDigest sha = Hashes.sha256();
        try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), sha)) {
            JSON.writeValue(out, root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise a parsed payload", e);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** 128 bits of SHA-256 over the parts, each length-prefixed so that no two part lists hash alike. */
    private static String hash(String... parts) {
        MessageDigest sha = Hashes.sha256();
        for (String part : parts) {
            byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
            sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
            sha.update(bytes);
        }
        return HexFormat.of().formatHex(sha.digest(), 0, 16);
    }
}
