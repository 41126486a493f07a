package dev.eaglemem.install;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;

/**
 * Edits the text of Gemini CLI's {@code ~/.gemini/settings.json}, where both our hooks ({@code hooks → <Event> →
 * [matcher group]}, the tree Claude Code's settings have, timeouts in milliseconds) and our MCP server
 * ({@code mcpServers.eagle-mem}) live. Only our handlers and our server entry change; the user's hooks, servers and
 * every other setting stay as they were, and text that needs no change comes back as the very same string.
 */
final class GeminiSettings {

    private final Path file;

    GeminiSettings(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /** Registers {@code hooks} and the MCP server started as {@code binary mcp}; a second call returns the same text. */
    String add(String original, List<HookRegistration> hooks, String binary, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem install");
        ObjectNode root = json.parseObject(original);
        ObjectNode pristine = root.deepCopy();
        tree(json).reconcile(root, hooks, isOurs);
        ObjectNode servers = json.objectOrNull(root, "mcpServers", "\"mcpServers\"");
        (servers != null ? servers : root.putObject("mcpServers")).set(McpServers.NAME, mcpEntry(binary));
        return root.equals(pristine) ? Objects.requireNonNullElse(original, "") : JsonText.print(root);
    }

    /**
     * Takes out our handlers and server. When what is left is the tree the file had before install, that text is
     * returned byte for byte ({@code ""} for a file install created: delete it); otherwise the pruned tree, with
     * whatever the user changed since.
     */
    String remove(String current, String beforeInstall, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem uninstall");
        ObjectNode root = json.parseObject(current);
        ObjectNode before = snapshot(beforeInstall);
        ObjectNode pristine = root.deepCopy();
        tree(json).prune(root, isOurs, before);
        ObjectNode servers = json.objectOrNull(root, "mcpServers", "\"mcpServers\"");
        if (servers != null && servers.has(McpServers.NAME)) {
            servers.remove(McpServers.NAME);
            if (servers.isEmpty() && !HookTree.emptyIn(before, "mcpServers")) {
                root.remove("mcpServers");
            }
        }
        if (before != null && root.equals(before)) {
            return beforeInstall;
        }
        return root.equals(pristine) ? Objects.requireNonNullElse(current, "") : JsonText.print(root);
    }

    /** For doctor: hooks missing, different or left over, the server entry, and Gemini's own switch for hooks. */
    List<String> drift(String current, List<HookRegistration> expected, String binary, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem doctor");
        ObjectNode root = json.parseObject(current);
        List<String> lines = new ArrayList<>(tree(json).drift(root, expected, isOurs));
        JsonNode entry = root.path("mcpServers").get(McpServers.NAME);
        if (entry == null) {
            lines.add("no mcpServers." + McpServers.NAME + " entry");
        } else if (!entry.equals(mcpEntry(binary))) {
            lines.add("mcpServers." + McpServers.NAME + " is " + entry + ", expected " + mcpEntry(binary));
        }
        if (root.path("hooksConfig").path("enabled").isBoolean() && !root.path("hooksConfig").path("enabled").asBoolean()) {
            lines.add("hooksConfig.enabled is false: Gemini CLI runs no hooks at all, eagle-mem's included");
        }
        return lines;
    }

    /** Gemini's command handler: its timeout is in milliseconds. */
    static ObjectNode handler(HookRegistration hook) {
        ObjectNode handler = JsonNodeFactory.instance.objectNode();
        handler.put("type", "command");
        handler.put("command", hook.command());
        handler.put("timeout", hook.timeoutSeconds() * 1000);
        return handler;
    }

    static ObjectNode mcpEntry(String binary) {
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("command", binary);
        ArrayNode args = entry.putArray("args");
        McpServers.ARGS.forEach(args::add);
        return entry;
    }

    private static HookTree tree(JsonText json) {
        return new HookTree(json, GeminiSettings::handler);
    }

    private ObjectNode snapshot(String beforeInstall) {
        if (beforeInstall == null) {
            return null;
        }
        try {
            return new JsonText(file, "eagle-mem uninstall").parseObject(beforeInstall.isBlank() ? "{}" : beforeInstall);
        } catch (EagleException e) {
            return null;
        }
    }
}
