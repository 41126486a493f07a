package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.dialect.GrokDialect;

/**
 * Grok Build (xAI's {@code grok} CLI; docs/agents/grok.md). Grok ignores what a SessionStart or UserPromptSubmit hook
 * prints, so recall cannot arrive the way it does in Claude Code: install writes a rules file Grok reads at every
 * start ({@code ~/.grok/rules/eagle-mem.md}, no folder trust needed) telling the agent to run
 * {@code eagle-mem grok-bootstrap} first, registers the MCP server ({@code [mcp_servers.eagle-mem]} in
 * {@code ~/.grok/config.toml}, merged as in Codex's) and the hooks in a file of their own,
 * {@code ~/.grok/hooks/eagle-mem.json}: the release gate and token guard (PreToolUse), PostToolUse context, and the
 * capture of every event. Skills go to {@code ~/.grok/skills} as the original's grok-bootstrap linked them.
 *
 * <p>
 * Grok also runs Claude Code's hooks from {@code ~/.claude/settings.json}; those stay silent while the file here
 * exists (GrokDialect), so a user with both agents set up gets every event once.
 */
final class GrokSetup implements AgentSetup {

    private static final String HOOKS_SNAPSHOT = "grok-hooks.json";
    private static final String MCP_SNAPSHOT = "grok-config-mcp.toml";
    private static final String RULES_SNAPSHOT = "grok-rules.md";

    @Override
    public Installer.Agent agent() {
        return Installer.Agent.GROK;
    }

    @Override
    public boolean present(EagleEnv env) {
        return Files.isDirectory(grokHome(env)) || HookProgram.onPath("grok", env);
    }

    @Override
    public void preflight(SetupContext c) {
        Path hooks = hooksFile(c.env());
        new CodexHooksFile(hooks).add(TextFiles.read(hooks), c.hooks(agent()), Registrations::isOurs);
        Path config = configFile(c.env());
        McpServers.codexAdd(config, TextFiles.read(config), c.binary());
    }

    @Override
    public void install(SetupContext c) {
        Path hooks = hooksFile(c.env());
        CodexHooksFile file = new CodexHooksFile(hooks);
        c.files().editConfig("hooks", hooks, HOOKS_SNAPSHOT,
                text -> file.add(text, c.hooks(agent()), Registrations::isOurs));
        Path config = configFile(c.env());
        c.files().editConfig("mcp server", config, MCP_SNAPSHOT, text -> McpServers.codexAdd(config, text, c.binary()));
        c.files().editConfig("instructions", rulesFile(c.env()), RULES_SNAPSHOT, text -> rules(c.command()));
        c.files().addSkills(grokHome(c.env()).resolve("skills"), c.command());
    }

    @Override
    public void uninstall(SetupContext c) {
        Path hooks = hooksFile(c.env());
        CodexHooksFile file = new CodexHooksFile(hooks);
        c.files().restoreConfig("hooks", hooks, HOOKS_SNAPSHOT,
                (current, before) -> file.remove(current, before, Registrations::isOurs));
        Path config = configFile(c.env());
        c.files().restoreConfig("mcp server", config, MCP_SNAPSHOT, (current, before) -> {
            String removed = McpServers.codexRemove(config, current);
            // a config.toml install created holds nothing of the user's: it goes with our table
            return "".equals(before) && removed.isBlank() ? "" : removed;
        });
        c.files().restoreConfig("instructions", rulesFile(c.env()), RULES_SNAPSHOT,
                (current, before) -> current.equals(rules(c.command())) ? Objects.requireNonNullElse(before, "") : current);
        c.files().removeSkills(grokHome(c.env()).resolve("skills"));
    }

    @Override
    public List<InstallFinding> findings(SetupContext c) {
        List<InstallFinding> out = new ArrayList<>();
        Path hooks = hooksFile(c.env());
        List<String> drift = new CodexHooksFile(hooks).drift(TextFiles.read(hooks), c.hooks(agent()), Registrations::isOurs);
        out.add(drift.isEmpty() ? InstallFinding.ok("grok hooks", hooks.toString())
                : InstallFinding.problem("grok hooks", String.join("; ", drift), "eagle-mem install --agent grok"));
        Path config = configFile(c.env());
        List<String> mcp = McpServers.codexDrift(config, TextFiles.read(config), c.binary());
        out.add(mcp.isEmpty() ? InstallFinding.ok("grok mcp", config.toString())
                : InstallFinding.problem("grok mcp", String.join("; ", mcp), "eagle-mem install --agent grok"));
        Path rules = rulesFile(c.env());
        out.add(rules(c.command()).equals(TextFiles.read(rules)) ? InstallFinding.ok("grok rules", rules.toString())
                : InstallFinding.problem("grok rules", rules + " is missing or was changed: Grok gets no recall at start",
                        "eagle-mem install --agent grok"));
        return out;
    }

    /** Grok's folder: {@code GROK_HOME} when set (as Grok itself reads it), else {@code ~/.grok}. */
    static Path grokHome(EagleEnv env) {
        return env.get("GROK_HOME").map(v -> env.cwd().resolve(v)).orElse(env.home().resolve(".grok")).normalize();
    }

    static Path hooksFile(EagleEnv env) {
        return grokHome(env).resolve("hooks").resolve(GrokDialect.HOOKS_FILE);
    }

    static Path configFile(EagleEnv env) {
        return grokHome(env).resolve("config.toml");
    }

    static Path rulesFile(EagleEnv env) {
        return grokHome(env).resolve("rules").resolve("eagle-mem.md");
    }

    /**
     * The rules file: Grok puts it in the first model request of every session as a user rule. It cannot carry the
     * project's recall (it is global, and a file written during a session is read only by the next one), so it tells
     * the agent how to fetch it.
     */
    static String rules(String command) {
        return """
                # Eagle Mem — persistent memory across sessions and agents

                Eagle Mem records this project's sessions, decisions and gotchas (also those made in Claude Code, Codex and \
                other agents) and checks risky commands before they run. Grok does not show hook output at the start of a \
                session, so fetch the recall yourself:

                - At the start of a task in a git project, run `%1$s grok-bootstrap` once and read its output: the \
                decisions, gotchas, recent sessions and open tasks of this project. Follow the decisions it lists.
                - Search before you change something you have not seen: `%1$s search "<words>"`, or the `eagle-mem` MCP \
                tools (search, show).
                - End your final answer with a line `Decision: <what was decided and why>` for each decision made, so the \
                next session (in any agent) recalls it.
                - A denied `git push` names the feature awaiting verification: verify it (`%1$s feature verify <name>`) or \
                ask the user; never work around the gate.
                """.formatted(command);
    }
}
