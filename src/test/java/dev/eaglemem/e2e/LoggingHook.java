package dev.eaglemem.e2e;

import static dev.eaglemem.e2e.FakeModelServer.JSON;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A command hook that appends its stdin payload to a log file and optionally prints a fixed answer, for
 * checking which hook events an agent fires and with what. It registers itself in Claude Code's
 * {@code ~/.claude/settings.json} or Codex's {@code $CODEX_HOME/hooks.json}, merging into what is there.
 */
public final class LoggingHook {

    private final Path dir;
    private final Path log;
    private final Map<String, String> replies = new LinkedHashMap<>();

    /** @param dir where the hook scripts and {@code hooks.log} go (created) */
    public LoggingHook(Path dir) {
        this.dir = dir;
        this.log = dir.resolve("hooks.log");
    }

    /** Makes the hook for {@code event} print {@code stdout} (e.g. a SessionStart additionalContext JSON). */
    public LoggingHook reply(String event, String stdout) {
        replies.put(event, stdout);
        return this;
    }

    /** Writes the hook into {@code home/.claude/settings.json} for {@code events}; returns the file. */
    public Path installForClaude(Path home, List<String> events) {
        return register(home.resolve(".claude/settings.json"), events);
    }

    /** Writes the hook into {@code codexHome/hooks.json} for {@code events}; returns the file. */
    public Path installForCodex(Path codexHome, List<String> events) {
        return register(codexHome.resolve("hooks.json"), events);
    }

    /** Every payload logged so far, in order. */
    public List<JsonNode> payloads() {
        if (!Files.exists(log)) {
            return List.of();
        }
        // Payloads are concatenated JSON values; agents do not all end them with a newline.
        try (MappingIterator<JsonNode> values = JSON.readerFor(JsonNode.class).readValues(log.toFile())) {
            return values.readAll();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse " + log, e);
        }
    }

    /** The {@code hook_event_name} of every logged payload, in order. */
    public List<String> events() {
        return payloads().stream().map(p -> p.path("hook_event_name").asText()).toList();
    }

    public Path log() {
        return log;
    }

    private Path register(Path settings, List<String> events) {
        try {
            ObjectNode root = Files.exists(settings) ? (ObjectNode) JSON.readTree(settings.toFile())
                    : JSON.createObjectNode();
            ObjectNode hooks = root.has("hooks") ? (ObjectNode) root.get("hooks") : root.putObject("hooks");
            for (String event : events) {
                ObjectNode handler = JSON.createObjectNode().put("type", "command")
                        .put("command", "sh " + shellQuote(script(event).toString())).put("timeout", 30);
                ObjectNode group = JSON.createObjectNode();
                group.putArray("hooks").add(handler);
                (hooks.has(event) ? hooks.withArray(event) : hooks.putArray(event)).add(group);
            }
            Files.createDirectories(settings.getParent());
            Files.writeString(settings, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root),
                    StandardCharsets.UTF_8);
            return settings;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot register hooks in " + settings, e);
        }
    }

    private Path script(String event) throws IOException {
        Files.createDirectories(dir);
        Path script = dir.resolve(event + ".sh");
        List<String> lines = new ArrayList<>(List.of(
                "#!/bin/sh",
                "# Logs this " + event + " payload; one printf is one write, so concurrent hooks do not interleave.",
                "payload=$(cat)",
                "printf '%s\\n' \"$payload\" >> " + shellQuote(log.toString())));
        String reply = replies.get(event);
        if (reply != null) {
            lines.add("cat <<'LOGGING_HOOK_EOF'");
            lines.add(reply);
            lines.add("LOGGING_HOOK_EOF");
        }
        Files.writeString(script, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    private static String shellQuote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }
}
