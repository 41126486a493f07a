package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.install.Installer.Agent;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.shell.ShellWords;

/**
 * The read-only side of install, for doctor: is what install set up (per its manifest) still there and still
 * eagle-mem's? Nothing here writes.
 */
final class InstallChecks {

    private final EagleEnv env;
    private final DataDir dataDir;

    InstallChecks(EagleEnv env, DataDir dataDir) {
        this.env = env;
        this.dataDir = dataDir;
    }

    /** The runtime, `eagle-mem` on PATH, and for each installed agent its hooks (drift) and, for Codex, trust. */
    List<InstallFinding> findings() {
        InstallManifest manifest = InstallManifest.read(dataDir.root());
        if (manifest.binary() == null) {
            return List.of(InstallFinding.ok("install", "agents not set up (eagle-mem install adds the hooks)"));
        }
        List<InstallFinding> out = new ArrayList<>();
        Path binary = Path.of(manifest.binary());
        out.add(Files.isExecutable(binary) ? InstallFinding.ok("runtime", binary.toString())
                : InstallFinding.problem("runtime", binary + " is missing", "eagle-mem install"));
        AgentPaths paths = AgentPaths.from(env);
        out.add(pathFinding(manifest, binary, paths));
        if (manifest.agents().contains(Agent.CLAUDE_CODE.id())) {
            out.add(drift("claude_hooks", paths.claudeSettings(), "claude-code",
                    text -> new ClaudeSettings(paths.claudeSettings())
                            .drift(text, Registrations.claude(manifest.hookShell(), manifest.hooksRun()),
                                    Registrations::isOurs)));
            Path config = McpServers.claudeConfig(env);
            out.add(mcp("claude_mcp", config, "claude-code", text -> McpServers.claudeDrift(config, text, manifest.binary())));
        }
        if (manifest.agents().contains(Agent.CODEX.id())) {
            out.add(drift("codex_hooks", paths.codexHooks(), "codex", text -> new CodexHooksFile(paths.codexHooks())
                    .drift(text, Registrations.codex(manifest.hookShell(), manifest.hooksRun()), Registrations::isOurs)));
            out.add(codexTrust(paths));
            out.add(mcp("codex_mcp", paths.codexConfig(), "codex",
                    text -> McpServers.codexDrift(paths.codexConfig(), text, manifest.binary())));
        }
        AgentSetup.SetupContext setup = new AgentSetup.SetupContext(env, null, null, manifest.hookShell(), manifest.hooksRun(),
                manifest.command(), manifest.binary());
        for (AgentSetup agent : AgentSetups.ALL) {
            if (manifest.agents().contains(agent.agent().id())) {
                out.addAll(agent.findings(setup));
                agent.caveat().ifPresent(c -> out.add(InstallFinding.ok(agent.agent().id(), c)));
            }
        }
        return out;
    }

    /**
     * Does {@code eagle-mem} run this install by name? The agents' instructions and allow rules call it by name
     * when install found the link's folder on PATH; when it did not, they use the full path, and only typing
     * {@code eagle-mem} in a shell is affected.
     */
    private InstallFinding pathFinding(InstallManifest manifest, Path binary, AgentPaths paths) {
        Path link = manifest.localBinLink() != null ? Path.of(manifest.localBinLink()) : paths.localBin().resolve(LocalBin.NAME);
        Path binDir = link.getParent();
        String reinstall = ShellWords.quote(binary.toString()) + " install";
        if (manifest.localBinLink() == null) {
            String there = ShellWords.quote(link.toString());
            return Files.exists(link, LinkOption.NOFOLLOW_LINKS)
                    ? InstallFinding.problem("path", link + " is not eagle-mem's link (install left it alone); the agents"
                            + " call " + binary + " directly", "mv " + there + " " + there + ".bak && " + reinstall)
                    : InstallFinding.problem("path", "install could not create " + link + "; the agents call " + binary
                            + " directly", reinstall);
        }
        if (!Files.isSymbolicLink(link) || !Files.exists(link)) {
            return InstallFinding.problem("path", link + " is missing or broken", reinstall);
        }
        boolean byName = manifest.command() == null || LocalBin.NAME.equals(manifest.command());
        String agents = byName ? "the agents' instructions and allow rules call `eagle-mem` by name, so they fail too"
                : "the agents were given the full path " + manifest.command() + ", so only your shell is affected";
        Optional<Path> first = Executables.find(env.vars(), LocalBin.NAME);
        if (!LocalBin.onPath(binDir, env)) {
            return InstallFinding.problem("path", binDir + " is not on PATH: `eagle-mem` does not run by name; " + agents,
                    LocalBin.exportLine(binDir, env) + "   (add it to your shell profile, e.g. ~/.bashrc or ~/.zshrc)");
        }
        if (first.isPresent() && !sameFile(first.get(), binary)) {
            return InstallFinding.problem("path", "`eagle-mem` on PATH is " + first.get() + ", not " + link
                    + " (this install); " + agents,
                    "put " + binDir + " before " + first.get().getParent()
                            + " on PATH, or remove " + first.get());
        }
        return InstallFinding.ok("path", "`eagle-mem` runs " + link + " (→ " + binary + ")");
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static InstallFinding drift(String name, Path file, String agent, Function<String, List<String>> check) {
        String fix = "eagle-mem install --agent " + agent;
        try {
            List<String> lines = check.apply(TextFiles.read(file));
            return lines.isEmpty() ? InstallFinding.ok(name, file + " has every eagle-mem hook")
                    : InstallFinding.problem(name, file + ": " + String.join("; ", lines), fix);
        } catch (EagleException e) {
            return InstallFinding.problem(name, e.getMessage(), e.fix() != null ? e.fix() : fix);
        }
    }

    /** The agent starts {@code eagle-mem mcp} from this entry; a missing file is a missing entry. */
    private static InstallFinding mcp(String name, Path file, String agent, Function<String, List<String>> check) {
        String fix = "eagle-mem install --agent " + agent;
        try {
            List<String> lines = check.apply(TextFiles.read(file));
            return lines.isEmpty() ? InstallFinding.ok(name, file + " starts `eagle-mem mcp` as server " + McpServers.NAME)
                    : InstallFinding.problem(name, String.join("; ", lines), fix);
        } catch (EagleException e) {
            return InstallFinding.problem(name, e.getMessage(), e.fix() != null ? e.fix() : fix);
        }
    }

    private InstallFinding codexTrust(AgentPaths paths) {
        String config = TextFiles.read(paths.codexConfig());
        if (config != null && new CodexConfig(paths.codexConfig()).hooksDisabled(config)) {
            return InstallFinding.problem("codex_trust", "hooks are turned off in " + paths.codexConfig(),
                    "set [features] hooks = true in " + paths.codexConfig());
        }
        Optional<Path> codex = CodexTrust.binary(env);
        if (codex.isEmpty()) {
            return InstallFinding.problem("codex_trust", "not checked: codex is not on PATH, and Codex skips eagle-mem's"
                    + " hooks until they are trusted",
                    "codex   (once: \"Hooks need review\" → \"Trust all and continue\");"
                            + " or put codex on PATH (or set " + CodexTrust.BIN_VARIABLE
                            + ") and run: eagle-mem install --agent codex");
        }
        try {
            List<HookState> ours = CodexTrust.ours(codex.get(), env, paths);
            List<String> untrusted = ours.stream().filter(HookState::needsTrust).map(HookState::key).toList();
            return untrusted.isEmpty() ? InstallFinding.ok("codex_trust", ours.size() + " eagle-mem hooks trusted")
                    : InstallFinding.problem("codex_trust", "Codex skips these untrusted eagle-mem hooks: " + untrusted,
                            "eagle-mem install --agent codex");
        } catch (EagleException e) {
            return InstallFinding.problem("codex_trust", e.getMessage(), "eagle-mem install --agent codex");
        }
    }
}
