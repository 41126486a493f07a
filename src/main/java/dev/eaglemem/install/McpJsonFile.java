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
 * Our server in an agent's own JSON MCP file of the common {@code {"mcpServers":{"<name>":{"command","args"}}}} shape
 * (Cursor's {@code ~/.cursor/mcp.json}, Antigravity's {@code ~/.gemini/config/mcp_config.json}): only our entry
 * changes, and uninstall gives the file back byte for byte when nothing else changed in it.
 */
final class McpJsonFile {

    private McpJsonFile() {
    }

    static String add(Path file, String original, String command) {
        JsonText json = new JsonText(file, "eagle-mem install");
        ObjectNode root = json.parseObject(original);
        ObjectNode servers = json.objectOrNull(root, "mcpServers", "\"mcpServers\"");
        ObjectNode want = entry(command);
        if (servers != null && want.equals(servers.get(McpServers.NAME))) {
            return Objects.requireNonNullElse(original, "");
        }
        (servers != null ? servers : root.putObject("mcpServers")).set(McpServers.NAME, want);
        return JsonText.print(root);
    }

    /** Takes our server out; the file comes back byte for byte when nothing else changed in it. */
    static String remove(Path file, String current, String beforeInstall) {
        JsonText json = new JsonText(file, "eagle-mem uninstall");
        ObjectNode root = json.parseObject(current);
        ObjectNode servers = json.objectOrNull(root, "mcpServers", "\"mcpServers\"");
        if (servers == null || !servers.has(McpServers.NAME)) {
            return Objects.requireNonNullElse(current, "");
        }
        servers.remove(McpServers.NAME);
        ObjectNode before = null;
        if (beforeInstall != null) {
            try {
                before = json.parseObject(beforeInstall);
            } catch (EagleException e) {
                before = null; // unknown: take out only our entry
            }
        }
        if (before != null) {
            if (servers.isEmpty() && !before.has("mcpServers")) {
                root.remove("mcpServers");
            }
            if (root.equals(before)) {
                return beforeInstall;
            }
        }
        return JsonText.print(root);
    }

    static List<String> drift(Path file, String current, String command) {
        JsonNode entry = new JsonText(file, "eagle-mem doctor").parseObject(current).path("mcpServers").get(McpServers.NAME);
        List<String> lines = new ArrayList<>();
        if (entry == null) {
            lines.add("no mcpServers." + McpServers.NAME + " entry");
        } else if (!entry.equals(entry(command))) {
            lines.add("mcpServers." + McpServers.NAME + " is " + entry + ", expected " + entry(command));
        }
        return lines;
    }

    private static ObjectNode entry(String command) {
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("command", command);
        ArrayNode args = entry.putArray("args");
        McpServers.ARGS.forEach(args::add);
        return entry;
    }
}
