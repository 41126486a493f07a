package dev.eaglemem.install;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;

/**
 * Copilot CLI's two files eagle-mem writes, as pure text-in, text-out edits (verified with Copilot 1.0.102):
 * <ul>
 * <li>{@code hooks/eagle-mem.json}, a hooks file of our own in Copilot's hooks folder: {@code {"version":1,"hooks":
 * {"sessionStart":[{"type":"command","bash":…,"timeoutSec":30}],…}}}. Copilot loads every {@code *.json} there, so the
 * user's own hook files and {@code settings.json} are never touched;</li>
 * <li>{@code mcp-config.json}, where only our {@code mcpServers.eagle-mem} entry ({@code "type":"local"}) changes.</li>
 * </ul>
 */
final class CopilotConfig {

    static final String HOOKS_FILE = "eagle-mem.json";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CopilotConfig() {
    }

    /** The whole hooks file for these registrations (events in Copilot's camelCase, as {@code hooks/copilot.json}). */
    static String hooksFile(List<HookRegistration> hooks) {
        ObjectNode root = NODES.objectNode().put("version", 1);
        ObjectNode events = root.putObject("hooks");
        for (HookRegistration h : hooks) {
            events.withArrayProperty(h.event()).addObject().put("type", "command").put("bash", h.command())
                    .put("timeoutSec", h.timeoutSeconds());
        }
        return JsonText.print(root);
    }

    /** True when {@code text} is a hooks file whose every command is eagle-mem's (one install wrote). */
    static boolean onlyOurHooks(Path file, String text) {
        JsonNode hooks = new JsonText(file, "eagle-mem uninstall").parseObject(text).path("hooks");
        if (!hooks.isObject()) {
            return false;
        }
        for (JsonNode entries : hooks) {
            for (JsonNode entry : entries) {
                if (!Registrations.isOurs(entry.path("bash").asText(null))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** For doctor: what differs between the hooks file and what install writes, or nothing. */
    static List<String> hooksDrift(Path file, String current, List<HookRegistration> want) {
        if (current == null) {
            return List.of("no " + file + " (Copilot runs no eagle-mem hook)");
        }
        JsonNode hooks = new JsonText(file, "eagle-mem doctor").parseObject(current).path("hooks");
        List<String> drift = new ArrayList<>();
        for (HookRegistration h : want) {
            boolean found = false;
            for (JsonNode entry : hooks.path(h.event())) {
                found |= h.command().equals(entry.path("bash").asText(null));
            }
            if (!found) {
                drift.add(h.event() + " in " + file + " does not run " + h.command());
            }
        }
        return drift;
    }

    /** Adds (or replaces) {@code mcpServers.eagle-mem}; text that needs no change comes back as the same string. */
    static String mcpAdd(Path file, String original, String binary) {
        JsonText json = new JsonText(file, "eagle-mem install");
        ObjectNode root = json.parseObject(original);
        ObjectNode servers = json.objectOrNull(root, "mcpServers", "\"mcpServers\"");
        ObjectNode want = mcpEntry(binary);
        if (servers != null && want.equals(servers.get(McpServers.NAME))) {
            return Objects.requireNonNullElse(original, "");
        }
        (servers != null ? servers : root.putObject("mcpServers")).set(McpServers.NAME, want);
        return JsonText.print(root);
    }

    /**
     * Takes our server out. When what is left is what the file held before install, that very text comes back (byte
     * for byte); a file install created and that now holds nothing comes back as "" (delete it).
     */
    static String mcpRemove(Path file, String current, String beforeInstall) {
        JsonText json = new JsonText(file, "eagle-mem uninstall");
        ObjectNode root = json.parseObject(current);
        ObjectNode servers = json.objectOrNull(root, "mcpServers", "\"mcpServers\"");
        if (servers == null || !servers.has(McpServers.NAME)) {
            return Objects.requireNonNullElse(current, "");
        }
        servers.remove(McpServers.NAME);
        if (beforeInstall != null && !beforeInstall.isBlank() && sameJson(json, beforeInstall, root)) {
            return beforeInstall;
        }
        if (servers.isEmpty()) {
            root.remove("mcpServers");
        }
        return root.isEmpty() && (beforeInstall == null || beforeInstall.isBlank()) ? "" : JsonText.print(root);
    }

    private static boolean sameJson(JsonText json, String text, JsonNode node) {
        try {
            return json.parseObject(text).equals(node);
        } catch (EagleException e) {
            return false;
        }
    }

    /** For doctor: what is wrong with our MCP entry, or nothing. */
    static List<String> mcpDrift(Path file, String current, String binary) {
        JsonNode entry = new JsonText(file, "eagle-mem doctor").parseObject(current).path("mcpServers").get(McpServers.NAME);
        if (entry == null) {
            return List.of("no mcpServers." + McpServers.NAME + " entry in " + file);
        }
        return entry.equals(mcpEntry(binary)) ? List.of()
                : List.of("mcpServers." + McpServers.NAME + " in " + file + " is " + entry + ", expected " + mcpEntry(binary));
    }

    /** Copilot's local (stdio) server entry; {@code tools: ["*"]} offers every tool (its tools reach the model as {@code eagle-mem-<tool>}). */
    private static ObjectNode mcpEntry(String binary) {
        ObjectNode entry = NODES.objectNode().put("type", "local").put("command", binary);
        ArrayNode args = entry.putArray("args");
        McpServers.ARGS.forEach(args::add);
        entry.putArray("tools").add("*");
        return entry;
    }
}
