package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.Executables;

/**
 * GitHub Copilot CLI, everything under {@code $COPILOT_HOME} (default {@code ~/.copilot}), each location verified
 * with Copilot 1.0.102 offline:
 * <ul>
 * <li>hooks in a file of our own, {@code hooks/eagle-mem.json} ({@link CopilotConfig}). Not {@code settings.json}:
 * Copilot loads every file in its hooks folder, so ours sits next to the user's without a merge, and uninstall takes
 * out a whole file instead of editing one the user and Copilot both write;</li>
 * <li>the MCP server in {@code mcp-config.json} (merged: only our entry changes);</li>
 * <li>the instruction block in {@code copilot-instructions.md}, Copilot's user-level instructions file;</li>
 * <li>the skills in {@code skills/} (their descriptions reach the model).</li>
 * </ul>
 */
final class CopilotSetup implements AgentSetup {

    private static final String HOOKS_SNAPSHOT = "copilot-hooks.json";
    private static final String MCP_SNAPSHOT = "copilot-mcp-config.json";

    @Override
    public Installer.Agent agent() {
        return Installer.Agent.COPILOT;
    }

    /** Copilot's folder, {@code $COPILOT_HOME} or {@code ~/.copilot}. */
    static Path home(EagleEnv env) {
        return env.get("COPILOT_HOME").filter(v -> !v.isBlank()).map(v -> env.cwd().resolve(v))
                .orElse(env.home().resolve(".copilot")).normalize();
    }

    static Path hooksFile(EagleEnv env) {
        return home(env).resolve("hooks").resolve(CopilotConfig.HOOKS_FILE);
    }

    static Path mcpConfig(EagleEnv env) {
        return home(env).resolve("mcp-config.json");
    }

    static Path instructions(EagleEnv env) {
        return home(env).resolve("copilot-instructions.md");
    }

    static Path skills(EagleEnv env) {
        return home(env).resolve("skills");
    }

    @Override
    public boolean present(EagleEnv env) {
        return Files.isDirectory(home(env)) || Executables.find(env.vars(), "copilot").isPresent();
    }

    @Override
    public void preflight(SetupContext c) {
        // the hooks file is ours and is replaced whole; the MCP file is merged, so it must parse
        new JsonText(mcpConfig(c.env()), "eagle-mem install").parseObject(TextFiles.read(mcpConfig(c.env())));
    }

    @Override
    public void install(SetupContext c) {
        EagleEnv env = c.env();
        String hooks = CopilotConfig.hooksFile(c.hooks(agent()));
        c.files().noteNewFolder(home(env));
        c.files().noteNewFolder(hooksFile(env).getParent());
        c.files().editConfig("copilot hooks", hooksFile(env), HOOKS_SNAPSHOT, before -> hooks);
        c.files().editConfig("copilot mcp", mcpConfig(env), MCP_SNAPSHOT,
                before -> CopilotConfig.mcpAdd(mcpConfig(env), before, c.binary()));
        c.files().addBlock(instructions(env), c.command());
        c.files().addSkills(skills(env), c.command());
    }

    @Override
    public void uninstall(SetupContext c) {
        EagleEnv env = c.env();
        Path hooks = hooksFile(env);
        c.files().restoreConfig("copilot hooks", hooks, HOOKS_SNAPSHOT, (current, before) -> {
            if (before != null) {
                return before; // "" when install created it: the file goes
            }
            return CopilotConfig.onlyOurHooks(hooks, current) ? "" : current;
        });
        c.files().removeIfEmptyAndOurs(hooks.getParent());
        c.files().restoreConfig("copilot mcp", mcpConfig(env), MCP_SNAPSHOT,
                (current, before) -> CopilotConfig.mcpRemove(mcpConfig(env), current, before));
        c.files().removeBlock(instructions(env));
        c.files().removeSkills(skills(env));
        c.files().removeIfEmptyAndOurs(home(env));
    }

    @Override
    public List<InstallFinding> findings(SetupContext c) {
        EagleEnv env = c.env();
        List<InstallFinding> out = new ArrayList<>();
        Path hooks = hooksFile(env);
        out.add(finding("copilot_hooks", hooks,
                text -> CopilotConfig.hooksDrift(hooks, text, c.hooks(agent()))));
        Path mcp = mcpConfig(env);
        out.add(finding("copilot_mcp", mcp, text -> text == null ? List.of("no " + mcp)
                : CopilotConfig.mcpDrift(mcp, text, c.binary())));
        return out;
    }

    private static InstallFinding finding(String name, Path file, Function<String, List<String>> drift) {
        List<String> problems;
        try {
            problems = drift.apply(TextFiles.read(file));
        } catch (EagleException e) {
            problems = List.of(e.getMessage());
        }
        return problems.isEmpty() ? InstallFinding.ok(name, file.toString())
                : InstallFinding.problem(name, String.join("; ", problems), "eagle-mem install --agent copilot");
    }
}
