package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.TomlLines;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;

/**
 * The {@code eagle-mem mcp} server entry in each agent's own MCP configuration: Claude Code's user-scope
 * {@code mcpServers} in {@code ~/.claude.json} (where {@code claude mcp add --scope user} writes it;
 * {@code $CLAUDE_CONFIG_DIR/.claude.json} when that is set) and Codex's {@code [mcp_servers.eagle-mem]} table in
 * {@code config.toml}. Pure text-in, text-out edits as in {@link ClaudeSettings} and {@link CodexConfig}: only our
 * entry changes, everything else (other servers, Claude Code's own state, comments) stays as it was, and text that
 * needs no change comes back as the very same string.
 */
public final class McpServers {

    /** The server's name in both agents: its tools are {@code mcp__eagle-mem__<tool>}. */
    public static final String NAME = "eagle-mem";
    static final List<String> ARGS = List.of("mcp");
    private static final TomlMapper TOML = new TomlMapper();

    private McpServers() {
    }

    /** Claude Code's user configuration file (not settings.json: MCP servers live in its state file). */
    public static Path claudeConfig(EagleEnv env) {
        return env.get("CLAUDE_CONFIG_DIR").map(v -> env.cwd().resolve(v).resolve(".claude.json"))
                .orElse(env.home().resolve(".claude.json")).normalize();
    }

    // ---- Claude Code: ~/.claude.json ----

    static String claudeAdd(Path file, String original, String command) {
        JsonText json = new JsonText(file, "eagle-mem install");
        ObjectNode root = json.parseObject(original);
        ObjectNode servers = json.objectOrNull(root, "mcpServers", "\"mcpServers\"");
        ObjectNode want = claudeEntry(command);
        if (servers != null && want.equals(servers.get(NAME))) {
            return Objects.requireNonNullElse(original, "");
        }
        (servers != null ? servers : root.putObject("mcpServers")).set(NAME, want);
        return JsonText.print(root);
    }

    /**
     * Takes our server out. Claude Code rewrites this file all the time, so there is no snapshot to go back to:
     * only our entry goes, and {@code mcpServers} too when we created it and it is empty now. A file install
     * created ({@code beforeInstall} "") that holds nothing else comes back as "" (delete it).
     */
    static String claudeRemove(Path file, String current, String beforeInstall) {
        JsonText json = new JsonText(file, "eagle-mem uninstall");
        ObjectNode root = json.parseObject(current);
        ObjectNode servers = json.objectOrNull(root, "mcpServers", "\"mcpServers\"");
        if (servers == null || !servers.has(NAME)) {
            return Objects.requireNonNullElse(current, "");
        }
        servers.remove(NAME);
        if (servers.isEmpty() && !hadServers(beforeInstall)) {
            root.remove("mcpServers");
        }
        return root.isEmpty() && "".equals(beforeInstall) ? "" : JsonText.print(root);
    }

    private static boolean hadServers(String beforeInstall) {
        if (beforeInstall == null || beforeInstall.isBlank()) {
            return false;
        }
        try {
            return new JsonText(Path.of("before-install"), "eagle-mem uninstall").parseObject(beforeInstall).has("mcpServers");
        } catch (EagleException e) {
            return true; // unknown: keep the (empty) table rather than guess
        }
    }

    /** For doctor: what is wrong with our entry, or nothing. */
    static List<String> claudeDrift(Path file, String current, String command) {
        JsonNode entry = new JsonText(file, "eagle-mem doctor").parseObject(current).path("mcpServers").get(NAME);
        if (entry == null) {
            return List.of("no mcpServers." + NAME + " entry in " + file);
        }
        return entry.equals(claudeEntry(command)) ? List.of()
                : List.of("mcpServers." + NAME + " in " + file + " is " + entry + ", expected " + claudeEntry(command));
    }

    private static ObjectNode claudeEntry(String command) {
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("type", "stdio");
        entry.put("command", command);
        ArrayNode args = entry.putArray("args");
        ARGS.forEach(args::add);
        entry.putObject("env");
        return entry;
    }

    // ---- Codex: config.toml ----

    /** Adds (or replaces) {@code [mcp_servers.eagle-mem]}, appended after a blank line; other lines stay. */
    static String codexAdd(Path file, String original, String command) {
        String text = Objects.requireNonNullElse(original, "");
        ObjectNode before = parseToml(file, text, "eagle-mem install");
        JsonNode existing = before.path("mcp_servers").get(NAME);
        if (codexEntry(command).equals(existing)) {
            return Objects.requireNonNullElse(original, "");
        }
        String base = existing == null ? text : codexRemove(file, text);
        TomlLines toml = TomlLines.scan(base);
        String cr = toml.carriageReturn();
        StringBuilder out = new StringBuilder(base);
        if (!base.isEmpty() && !base.endsWith("\n")) {
            out.append(cr).append('\n');
        }
        if (!base.isEmpty()) {
            out.append(cr).append('\n'); // the blank line codexRemove takes back off with the table
        }
        out.append("[mcp_servers.").append(TomlLines.key(NAME)).append(']').append(cr).append('\n')
                .append("command = ").append(TomlLines.basicString(command)).append(cr).append('\n')
                .append("args = [").append(String.join(", ", ARGS.stream().map(TomlLines::basicString).toList())).append(']')
                .append(cr).append('\n');
        String edited = out.toString();
        ObjectNode expected = before.deepCopy();
        expected.withObjectProperty("mcp_servers").set(NAME, codexEntry(command));
        verify(file, edited, expected);
        return edited;
    }

    /** Removes {@code [mcp_servers.eagle-mem]} and its sub-tables, with the blank line {@link #codexAdd} put before it. */
    static String codexRemove(Path file, String current) {
        String text = Objects.requireNonNullElse(current, "");
        ObjectNode before = parseToml(file, text, "eagle-mem uninstall");
        if (!before.path("mcp_servers").has(NAME)) {
            return Objects.requireNonNullElse(current, "");
        }
        TomlLines toml = TomlLines.scan(text);
        TreeSet<Integer> drop = new TreeSet<>();
        for (TomlLines.Header header : toml.headers()) {
            if (ours(header.path())) {
                for (int i = header.line(); i <= toml.tableEnd(header); i++) {
                    drop.add(i);
                }
                int above = header.line() - 1;
                if (header.path().size() == 2 && above >= 0 && toml.lines().get(above).isBlank()) {
                    drop.add(above);
                }
            }
        }
        for (TomlLines.Statement s : toml.statements()) {
            if (ours(s.path()) && (s.table() == null || !ours(s.table().path()))) {
                // written inline (mcp_servers.eagle-mem.command = … or eagle-mem = { … }): not ours to reshape
                throw new EagleException(ExitCode.CONFLICT, "codex_config_unsupported", "cannot edit " + file
                        + ": mcp_servers." + NAME + " is written inline (line " + (s.first() + 1) + ")",
                        "write it as a [mcp_servers." + NAME + "] table, or remove it by hand", null);
            }
        }
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < toml.lines().size(); i++) {
            if (!drop.contains(i)) {
                kept.add(toml.lines().get(i));
            }
        }
        String edited = String.join("\n", kept);
        ObjectNode expected = before.deepCopy();
        ((ObjectNode) expected.get("mcp_servers")).remove(NAME);
        verify(file, edited, expected);
        return edited;
    }

    static List<String> codexDrift(Path file, String current, String command) {
        JsonNode entry = parseToml(file, Objects.requireNonNullElse(current, ""), "eagle-mem doctor").path("mcp_servers")
                .get(NAME);
        if (entry == null) {
            return List.of("no [mcp_servers." + NAME + "] in " + file);
        }
        return entry.equals(codexEntry(command)) ? List.of()
                : List.of("[mcp_servers." + NAME + "] in " + file + " is " + entry + ", expected " + codexEntry(command));
    }

    private static boolean ours(List<String> path) {
        return path.size() >= 2 && path.get(0).equals("mcp_servers") && path.get(1).equals(NAME);
    }

    private static ObjectNode codexEntry(String command) {
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("command", command);
        ArrayNode args = entry.putArray("args");
        ARGS.forEach(args::add);
        return entry;
    }

    private static ObjectNode parseToml(Path file, String text, String rerun) {
        try {
            JsonNode tree = TOML.readTree(text);
            return tree instanceof ObjectNode object ? object : TOML.createObjectNode();
        } catch (StreamReadException e) {
            throw EagleException.invalidInput("malformed TOML in " + file + ": " + e.getOriginalMessage(),
                    "fix that line (Codex cannot load the file either), then rerun " + rerun);
        } catch (IOException e) {
            throw EagleException.invalidInput("cannot parse " + file + ": " + e.getMessage(),
                    "fix the file, then rerun " + rerun);
        }
    }

    /** The edit must read back as exactly the intended change (an emptied mcp_servers may vanish); else nothing is written. */
    private static void verify(Path file, String edited, ObjectNode expected) {
        ObjectNode actual;
        try {
            actual = parseToml(file, edited, "eagle-mem install");
        } catch (EagleException e) {
            actual = null;
        }
        if (actual == null || !withoutEmptyServers(actual).equals(withoutEmptyServers(expected))) {
            throw new EagleException(ExitCode.INTERNAL, "codex_config_edit_failed", "could not edit [mcp_servers."
                    + NAME + "] in " + file + " without disturbing other lines; the file was not changed",
                    "add it by hand: codex mcp add " + NAME + " -- eagle-mem mcp", null);
        }
    }

    private static ObjectNode withoutEmptyServers(ObjectNode tree) {
        ObjectNode copy = tree.deepCopy();
        if (copy.get("mcp_servers") instanceof ObjectNode servers && servers.isEmpty()) {
            copy.remove("mcp_servers");
        }
        return copy;
    }

}
