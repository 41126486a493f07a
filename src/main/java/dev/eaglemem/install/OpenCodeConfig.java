package dev.eaglemem.install;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;

/**
 * OpenCode's side of the installation, as pure text-in, text-out edits: the plugin file (ours, rendered from the
 * packaged {@code hooks/opencode/eagle-mem.js} with the hook program filled in) and the {@code eagle-mem} server under
 * {@code mcp} in {@code opencode.json}, where only our entry changes and text that needs no change comes back as the
 * very same string.
 */
final class OpenCodeConfig {

    static final String PLUGIN_RESOURCE = "hooks/opencode/eagle-mem.js";
    /** The default the packaged plugin carries; install replaces it with the program this install runs. */
    static final String HOOK_PLACEHOLDER = "/*HOOK*/[\"eagle-mem-hook\"]";

    private OpenCodeConfig() {
    }

    /**
     * OpenCode's global configuration folder: {@code $XDG_CONFIG_HOME/opencode}, else {@code ~/.config/opencode}
     * (OpenCode finds it through xdg-basedir).
     */
    static Path dir(EagleEnv env) {
        return env.get("XDG_CONFIG_HOME").filter(v -> !v.isBlank()).map(v -> env.cwd().resolve(v))
                .orElse(env.home().resolve(".config")).resolve("opencode").normalize();
    }

    static Path plugin(EagleEnv env) {
        return dir(env).resolve("plugins").resolve("eagle-mem.js");
    }

    static Path json(EagleEnv env) {
        return dir(env).resolve("opencode.json");
    }

    /**
     * The plugin as install writes it: the packaged file with the hook command as an argv array (shell, program, and
     * the {@code hook} verb when the program is the binary rather than the shim).
     */
    static String plugin(String shell, String program) {
        List<String> argv = new ArrayList<>();
        if (shell != null) {
            argv.add(shell);
        }
        argv.add(program);
        if (!program.endsWith(HookProgram.SHIM)) {
            argv.add("hook");
        }
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        argv.forEach(array::add);
        String template = template();
        if (!template.contains(HOOK_PLACEHOLDER)) {
            throw new IllegalStateException(PLUGIN_RESOURCE + " lost its hook placeholder");
        }
        return template.replace(HOOK_PLACEHOLDER, "/*HOOK*/" + array);
    }

    /** Is this plugin text ours (any version, any hook program)? */
    static boolean isOurPlugin(String text) {
        return text != null && text.contains("eagle-mem's OpenCode plugin");
    }

    // ---- opencode.json: mcp.eagle-mem ----

    static String mcpAdd(Path file, String original, String binary) {
        JsonText json = new JsonText(file, "eagle-mem install --agent opencode");
        ObjectNode root = json.parseObject(original);
        ObjectNode servers = json.objectOrNull(root, "mcp", "\"mcp\"");
        ObjectNode want = mcpEntry(binary);
        if (servers != null && want.equals(servers.get(McpServers.NAME))) {
            return Objects.requireNonNullElse(original, "");
        }
        (servers != null ? servers : root.putObject("mcp")).set(McpServers.NAME, want);
        return JsonText.print(root);
    }

    /**
     * Takes our server out: the file as it was before install when nothing else changed since (byte for byte), else
     * the current file without our entry (and without {@code mcp} when install added it and it is empty now).
     */
    static String mcpRemove(Path file, String current, String beforeInstall, String binary) {
        if (beforeInstall != null && Objects.equals(current, mcpAdd(file, beforeInstall, binary))) {
            return beforeInstall;
        }
        JsonText json = new JsonText(file, "eagle-mem uninstall --agent opencode");
        ObjectNode root = json.parseObject(current);
        ObjectNode servers = json.objectOrNull(root, "mcp", "\"mcp\"");
        if (servers == null || !servers.has(McpServers.NAME)) {
            return Objects.requireNonNullElse(current, "");
        }
        servers.remove(McpServers.NAME);
        if (servers.isEmpty() && !hadMcp(beforeInstall)) {
            root.remove("mcp");
        }
        return root.isEmpty() && "".equals(beforeInstall) ? "" : JsonText.print(root);
    }

    private static boolean hadMcp(String beforeInstall) {
        if (beforeInstall == null || beforeInstall.isBlank()) {
            return false;
        }
        try {
            return new JsonText(Path.of("before-install"), "eagle-mem uninstall").parseObject(beforeInstall).has("mcp");
        } catch (RuntimeException e) {
            return true; // unknown: keep the (empty) object rather than guess
        }
    }

    /** For doctor: what is wrong with our entry, or nothing. */
    static List<String> mcpDrift(Path file, String current, String binary) {
        JsonNode entry = new JsonText(file, "eagle-mem doctor").parseObject(current).path("mcp").get(McpServers.NAME);
        if (entry == null) {
            return List.of("no mcp." + McpServers.NAME + " entry in " + file);
        }
        return entry.equals(mcpEntry(binary)) ? List.of()
                : List.of("mcp." + McpServers.NAME + " in " + file + " is " + entry + ", expected " + mcpEntry(binary));
    }

    /** OpenCode's local MCP server: {@code command} is the whole argv. */
    private static ObjectNode mcpEntry(String binary) {
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("type", "local");
        ArrayNode command = entry.putArray("command");
        command.add(binary);
        McpServers.ARGS.forEach(command::add);
        entry.put("enabled", true);
        return entry;
    }

    private static String template() {
        try (InputStream in = OpenCodeConfig.class.getClassLoader().getResourceAsStream(PLUGIN_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(PLUGIN_RESOURCE + " is missing from the binary");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
