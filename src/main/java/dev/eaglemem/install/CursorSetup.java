package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;

/**
 * Cursor (its agent CLI and the editor's agent): hooks in {@code ~/.cursor/hooks.json}, the MCP server in
 * {@code ~/.cursor/mcp.json}, skills in {@code ~/.cursor/skills}. No instruction block: Cursor's global "User Rules" live
 * in the app's settings, not in a file (rules files are per project, {@code .cursor/rules}), so the skills and the
 * session-start recall carry the guidance. Everything here follows Cursor's docs; none of it has run against the real
 * CLI, which cannot be installed or pointed at a fake model here ({@link #caveat()}).
 */
final class CursorSetup implements AgentSetup {

    static final String CAVEAT = "untested against the real CLI (Cursor's agent CLI cannot be installed or run offline"
            + " here; hooks follow cursor.com/docs/hooks)";
    private static final String HOOKS_SNAPSHOT = "cursor-hooks.json";
    private static final String MCP_SNAPSHOT = "cursor-mcp.json";

    @Override
    public Installer.Agent agent() {
        return Installer.Agent.CURSOR;
    }

    static Path dir(EagleEnv env) {
        return env.home().resolve(".cursor");
    }

    static Path hooksFile(EagleEnv env) {
        return dir(env).resolve("hooks.json");
    }

    static Path mcpFile(EagleEnv env) {
        return dir(env).resolve("mcp.json");
    }

    @Override
    public boolean present(EagleEnv env) {
        return Files.isDirectory(dir(env));
    }

    @Override
    public void preflight(SetupContext c) {
        Path hooks = hooksFile(c.env());
        new CursorHooksFile(hooks).add(TextFiles.read(hooks), c.hooks(agent()), Registrations::isOurs);
        Path mcp = mcpFile(c.env());
        mcpAdd(mcp, TextFiles.read(mcp), c.binary());
    }

    @Override
    public void install(SetupContext c) {
        c.files().noteNewFolder(dir(c.env()));
        Path hooks = hooksFile(c.env());
        CursorHooksFile file = new CursorHooksFile(hooks);
        c.files().editConfig("hooks", hooks, HOOKS_SNAPSHOT, text -> file.add(text, c.hooks(agent()), Registrations::isOurs));
        Path mcp = mcpFile(c.env());
        c.files().editConfig("mcp server", mcp, MCP_SNAPSHOT, text -> mcpAdd(mcp, text, c.binary()));
        c.files().addSkills(dir(c.env()).resolve("skills"), c.command());
    }

    @Override
    public void uninstall(SetupContext c) {
        Path hooks = hooksFile(c.env());
        CursorHooksFile file = new CursorHooksFile(hooks);
        c.files().restoreConfig("hooks", hooks, HOOKS_SNAPSHOT,
                (current, before) -> file.remove(current, before, Registrations::isOurs));
        Path mcp = mcpFile(c.env());
        c.files().restoreConfig("mcp server", mcp, MCP_SNAPSHOT, (current, before) -> mcpRemove(mcp, current, before));
        c.files().removeSkills(dir(c.env()).resolve("skills"));
        c.files().removeIfEmptyAndOurs(dir(c.env()));
    }

    @Override
    public List<InstallFinding> findings(SetupContext c) {
        Path hooks = hooksFile(c.env());
        Path mcp = mcpFile(c.env());
        List<HookRegistration> wanted = c.hooks(agent());
        return List.of(
                finding("cursor_hooks", hooks, text -> new CursorHooksFile(hooks).drift(text, wanted, Registrations::isOurs),
                        hooks + " has every eagle-mem hook"),
                finding("cursor_mcp", mcp, text -> mcpDrift(mcp, text, c.binary()),
                        mcp + " starts `eagle-mem mcp` as server " + McpServers.NAME));
    }

    @Override
    public Optional<String> caveat() {
        return Optional.of(CAVEAT);
    }

    private static InstallFinding finding(String name, Path file, Function<String, List<String>> check, String ok) {
        String fix = "eagle-mem install --agent cursor";
        try {
            List<String> lines = check.apply(TextFiles.read(file));
            return lines.isEmpty() ? InstallFinding.ok(name, ok) : InstallFinding.problem(name, file + ": "
                    + String.join("; ", lines), fix);
        } catch (EagleException e) {
            return InstallFinding.problem(name, e.getMessage(), e.fix() != null ? e.fix() : fix);
        }
    }

    // ---- ~/.cursor/mcp.json: {"mcpServers":{"eagle-mem":{"command":…,"args":["mcp"]}}} ----

    static String mcpAdd(Path file, String original, String command) {
        JsonText json = new JsonText(file, "eagle-mem install");
        ObjectNode root = json.parseObject(original);
        ObjectNode servers = json.objectOrNull(root, "mcpServers", "\"mcpServers\"");
        ObjectNode want = mcpEntry(command);
        if (servers != null && want.equals(servers.get(McpServers.NAME))) {
            return Objects.requireNonNullElse(original, "");
        }
        (servers != null ? servers : root.putObject("mcpServers")).set(McpServers.NAME, want);
        return JsonText.print(root);
    }

    /** Takes our server out; the file comes back byte for byte when nothing else changed in it. */
    static String mcpRemove(Path file, String current, String beforeInstall) {
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

    static List<String> mcpDrift(Path file, String current, String command) {
        JsonNode entry = new JsonText(file, "eagle-mem doctor").parseObject(current).path("mcpServers").get(McpServers.NAME);
        List<String> lines = new ArrayList<>();
        if (entry == null) {
            lines.add("no mcpServers." + McpServers.NAME + " entry");
        } else if (!entry.equals(mcpEntry(command))) {
            lines.add("mcpServers." + McpServers.NAME + " is " + entry + ", expected " + mcpEntry(command));
        }
        return lines;
    }

    private static ObjectNode mcpEntry(String command) {
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("command", command);
        ArrayNode args = entry.putArray("args");
        McpServers.ARGS.forEach(args::add);
        return entry;
    }
}
