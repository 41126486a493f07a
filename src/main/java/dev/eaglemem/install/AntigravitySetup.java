package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;

/**
 * The Antigravity CLI ({@code agy}): the {@code eagle-mem} hook bundle in {@code ~/.gemini/config/hooks.json} (the
 * global hooks file integrators saw the CLI read) and the MCP server in {@code ~/.gemini/config/mcp_config.json}. The
 * CLI's shell hooks are the surface supported, not the Python SDK's in-process hooks: they run eagle-mem's hook
 * protocol for every session a developer starts, where SDK hooks exist only inside a program built with the SDK. No
 * instruction block and no skills: the CLI's rules file is {@code ~/.gemini/GEMINI.md}, which Gemini CLI reads too, and
 * its skills folder is not documented; recall comes from the first PreInvocation and the MCP server. None of this has
 * run against the real CLI ({@link #caveat()}).
 */
final class AntigravitySetup implements AgentSetup {

    static final String CAVEAT = "untested against the real CLI (the Antigravity CLI, agy, cannot be installed or run"
            + " offline here; hooks follow its hooks reference as third parties mirror it)";
    private static final String HOOKS_SNAPSHOT = "antigravity-hooks.json";
    private static final String MCP_SNAPSHOT = "antigravity-mcp.json";

    @Override
    public Installer.Agent agent() {
        return Installer.Agent.ANTIGRAVITY;
    }

    static Path configDir(EagleEnv env) {
        return env.home().resolve(".gemini/config");
    }

    static Path hooksFile(EagleEnv env) {
        return configDir(env).resolve("hooks.json");
    }

    static Path mcpFile(EagleEnv env) {
        return configDir(env).resolve("mcp_config.json");
    }

    /** ~/.gemini alone is Gemini CLI's too: only the CLI's own folders say agy is here. */
    @Override
    public boolean present(EagleEnv env) {
        return Files.isDirectory(configDir(env)) || Files.isDirectory(env.home().resolve(".gemini/antigravity-cli"));
    }

    @Override
    public void preflight(SetupContext c) {
        Path hooks = hooksFile(c.env());
        new AntigravityHooksFile(hooks).add(TextFiles.read(hooks), c.hooks(agent()), Registrations::isOurs);
        Path mcp = mcpFile(c.env());
        McpJsonFile.add(mcp, TextFiles.read(mcp), c.binary());
    }

    @Override
    public void install(SetupContext c) {
        c.files().noteNewFolder(c.env().home().resolve(".gemini"));
        c.files().noteNewFolder(configDir(c.env()));
        Path hooks = hooksFile(c.env());
        AntigravityHooksFile file = new AntigravityHooksFile(hooks);
        c.files().editConfig("hooks", hooks, HOOKS_SNAPSHOT, text -> file.add(text, c.hooks(agent()), Registrations::isOurs));
        Path mcp = mcpFile(c.env());
        c.files().editConfig("mcp server", mcp, MCP_SNAPSHOT, text -> McpJsonFile.add(mcp, text, c.binary()));
    }

    @Override
    public void uninstall(SetupContext c) {
        Path hooks = hooksFile(c.env());
        AntigravityHooksFile file = new AntigravityHooksFile(hooks);
        c.files().restoreConfig("hooks", hooks, HOOKS_SNAPSHOT,
                (current, before) -> file.remove(current, before, Registrations::isOurs));
        Path mcp = mcpFile(c.env());
        c.files().restoreConfig("mcp server", mcp, MCP_SNAPSHOT, (current, before) -> McpJsonFile.remove(mcp, current, before));
        c.files().removeIfEmptyAndOurs(configDir(c.env()));
        c.files().removeIfEmptyAndOurs(c.env().home().resolve(".gemini"));
    }

    @Override
    public List<InstallFinding> findings(SetupContext c) {
        Path hooks = hooksFile(c.env());
        Path mcp = mcpFile(c.env());
        List<HookRegistration> wanted = c.hooks(agent());
        return List.of(
                InstallFinding.ofFile("antigravity_hooks", hooks, "antigravity",
                        text -> new AntigravityHooksFile(hooks).drift(text, wanted), hooks + " has the eagle-mem hook bundle"),
                InstallFinding.ofFile("antigravity_mcp", mcp, "antigravity", text -> McpJsonFile.drift(mcp, text, c.binary()),
                        mcp + " starts `eagle-mem mcp` as server " + McpServers.NAME));
    }

    @Override
    public Optional<String> caveat() {
        return Optional.of(CAVEAT);
    }
}
