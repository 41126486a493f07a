package dev.eaglemem.capture;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.capture.CaptureEvent.PromptSubmitted;
import dev.eaglemem.capture.CaptureEvent.SessionEnded;
import dev.eaglemem.capture.CaptureEvent.SessionStarted;
import dev.eaglemem.capture.CaptureEvent.ToolUsed;
import dev.eaglemem.capture.CaptureEvent.TurnEnded;
import dev.eaglemem.capture.CaptureService.Origin;
import dev.eaglemem.format.PlainJson;

/**
 * The spool's line format, written out field by field (not by reflection) because it is an on-disk
 * format that a later eagle-mem must still read: {@code {"v":1,"kind":…,"id":…,"at":…,"origin":{…},…}}.
 */
final class SpoolCodec {

    static final int VERSION = 1;
    private static final ObjectMapper JSON = PlainJson.MAPPER;

    private SpoolCodec() {
    }

    /** One compact JSON line, without the newline. */
    static String encode(CaptureEvent e) {
        ObjectNode n = JSON.createObjectNode();
        n.put("v", VERSION);
        n.put("kind", e.kind());
        n.put("id", e.id());
        n.put("at", e.at().toString());
        n.set("origin", origin(e.origin()));
        switch (e) {
            case SessionStarted s -> n.put("source", s.source());
            case PromptSubmitted p -> n.put("text", p.text());
            case ToolUsed t -> {
                n.set("tool", tool(t.use()));
                n.put("category", t.category());
            }
            case TurnEnded t -> {
                n.put("message", t.message());
                n.put("compaction", t.compaction());
            }
            case SessionEnded s -> {
                // nothing beyond the origin
            }
        }
        try {
            return JSON.writeValueAsString(n);
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException("a tree of strings and numbers always serializes", impossible);
        }
    }

    /** The event on a line; IllegalArgumentException when the line is not one this version can read. */
    static CaptureEvent decode(String line) {
        JsonNode n;
        try {
            n = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) {
            throw new IllegalArgumentException("not a JSON object");
        }
        if (n.path("v").asInt() != VERSION) {
            throw new IllegalArgumentException("spool format v" + n.path("v").asText("?") + ", this eagle-mem reads v" + VERSION);
        }
        try {
            return event(n);
        } catch (DateTimeException | InvalidPathException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static CaptureEvent event(JsonNode n) {
        String id = required(n, "id");
        Instant at = Instant.parse(required(n, "at"));
        Origin o = origin(n.path("origin"));
        String kind = required(n, "kind");
        return switch (kind) {
            case "session_started" -> new SessionStarted(id, at, o, text(n, "source"));
            case "prompt_submitted" -> new PromptSubmitted(id, at, o, required(n, "text"));
            case "tool_used" -> new ToolUsed(id, at, o, tool(n.path("tool")), text(n, "category"));
            case "turn_ended" -> new TurnEnded(id, at, o, text(n, "message"), text(n, "compaction"));
            case "session_ended" -> new SessionEnded(id, at, o);
            default -> throw new IllegalArgumentException("unknown event kind '" + kind + "'");
        };
    }

    private static ObjectNode origin(Origin o) {
        ObjectNode n = JSON.createObjectNode();
        n.put("session_id", o.sessionId());
        n.put("agent", o.agent());
        n.put("cwd_project", o.cwdProject());
        n.put("project_root", o.projectRoot() == null ? null : o.projectRoot().toString());
        n.put("cwd", o.cwd().toString());
        n.put("model", o.model());
        return n;
    }

    private static Origin origin(JsonNode n) {
        String root = text(n, "project_root");
        return new Origin(required(n, "session_id"), required(n, "agent"), text(n, "cwd_project"),
                root == null ? null : Path.of(root), Path.of(required(n, "cwd")), text(n, "model"));
    }

    private static ObjectNode tool(ToolUse u) {
        ObjectNode n = JSON.createObjectNode();
        n.put("name", u.toolName());
        n.put("shell", u.shell());
        n.put("command", u.command());
        u.filesRead().forEach(n.putArray("files_read")::add);
        u.filesModified().forEach(n.putArray("files_modified")::add);
        n.put("exit_status", u.exitStatus());
        n.put("output_bytes", u.outputBytes());
        n.put("output_lines", u.outputLines());
        n.put("tool_use_id", u.toolUseId());
        return n;
    }

    private static ToolUse tool(JsonNode n) {
        if (!n.isObject()) {
            throw new IllegalArgumentException("tool_used without a tool");
        }
        return new ToolUse(required(n, "name"), n.path("shell").asBoolean(), text(n, "command"), strings(n, "files_read"),
                strings(n, "files_modified"), n.path("exit_status").isInt() ? n.path("exit_status").intValue() : null,
                n.path("output_bytes").isIntegralNumber() ? n.path("output_bytes").longValue() : null,
                n.path("output_lines").isInt() ? n.path("output_lines").intValue() : null, text(n, "tool_use_id"));
    }

    private static List<String> strings(JsonNode n, String field) {
        List<String> out = new ArrayList<>();
        if (n.path(field) instanceof ArrayNode array) {
            array.forEach(v -> out.add(v.asText()));
        }
        return out;
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isTextual() ? v.textValue() : null;
    }

    private static String required(JsonNode n, String field) {
        String v = text(n, field);
        if (v == null) {
            throw new IllegalArgumentException("no '" + field + "'");
        }
        return v;
    }
}
