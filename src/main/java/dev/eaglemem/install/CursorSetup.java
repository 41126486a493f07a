package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;

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
        McpJsonFile.add(mcp, TextFiles.read(mcp), c.binary());
    }

    @Override
    public void install(SetupContext c) {
        c.files().noteNewFolder(dir(c.env()));
        Path hooks = hooksFile(c.env());
        CursorHooksFile file = new CursorHooksFile(hooks);
        c.files().editConfig("hooks", hooks, HOOKS_SNAPSHOT, text -> file.add(text, c.hooks(agent()), Registrations::isOurs));
        Path mcp = mcpFile(c.env());
        c.files().editConfig("mcp server", mcp, MCP_SNAPSHOT, text -> McpJsonFile.add(mcp, text, c.binary()));
        c.files().addSkills(dir(c.env()).resolve("skills"), c.command());
    }

    @Override
    public void uninstall(SetupContext c) {
        Path hooks = hooksFile(c.env());
        CursorHooksFile file = new CursorHooksFile(hooks);
        c.files().restoreConfig("hooks", hooks, HOOKS_SNAPSHOT,
                (current, before) -> file.remove(current, before, Registrations::isOurs));
        Path mcp = mcpFile(c.env());
        c.files().restoreConfig("mcp server", mcp, MCP_SNAPSHOT, (current, before) -> McpJsonFile.remove(mcp, current, before));
        c.files().removeSkills(dir(c.env()).resolve("skills"));
        c.files().removeIfEmptyAndOurs(dir(c.env()));
    }

    @Override
    public List<InstallFinding> findings(SetupContext c) {
        Path hooks = hooksFile(c.env());
        Path mcp = mcpFile(c.env());
        List<HookRegistration> wanted = c.hooks(agent());
        return List.of(
                InstallFinding.ofFile("cursor_hooks", hooks, "cursor",
                        text -> new CursorHooksFile(hooks).drift(text, wanted, Registrations::isOurs),
                        hooks + " has every eagle-mem hook"),
                InstallFinding.ofFile("cursor_mcp", mcp, "cursor", text -> McpJsonFile.drift(mcp, text, c.binary()),
                        mcp + " starts `eagle-mem mcp` as server " + McpServers.NAME));
    }

    @Override
    public Optional<String> caveat() {
        return Optional.of(CAVEAT);
    }
}
