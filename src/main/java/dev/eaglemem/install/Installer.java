package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Provider;

import dev.eaglemem.config.BuildInfo;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.install.ActionStatus.Outcome;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.shell.ShellWords;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.ProjectStore;

/**
 * {@code eagle-mem install} and {@code uninstall}: the runtime copy, the database, and for each agent
 * its hooks, instruction block and skills. Every file is merged, never overwritten; uninstall removes
 * exactly what install added (the manifest says what that was).
 */
@ApplicationScoped
public class Installer {

    public enum Agent {
        CLAUDE_CODE("claude-code"), CODEX("codex"), GEMINI("gemini"), COPILOT("copilot"), OPENCODE("opencode"), GROK(
                "grok"), CURSOR("cursor"), ANTIGRAVITY("antigravity");

        private final String id;

        Agent(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    private final EagleEnv env;
    private final DataDir dataDir;
    private final Provider<Db> db;
    private final ProjectStore projects;
    private final Clock clock;
    private final ServeControl serve;

    public Installer(EagleEnv env, DataDir dataDir, Provider<Db> db, ProjectStore projects, Clock clock,
            ServeControl serve) {
        this.env = env;
        this.dataDir = dataDir;
        this.db = db;
        this.projects = projects;
        this.clock = clock;
        this.serve = serve;
    }

    /**
     * What a plain {@code eagle-mem install} sets up: Claude Code and Codex always (as before any other agent was
     * supported), and each other agent that is on this machine ({@link AgentSetup#present}).
     */
    public Set<Agent> agentsHere() {
        Set<Agent> here = new LinkedHashSet<>(List.of(Agent.CLAUDE_CODE, Agent.CODEX));
        AgentSetups.ALL.stream().filter(s -> s.present(env)).forEach(s -> here.add(s.agent()));
        return here;
    }

    public InstallReport install(Set<Agent> agents, boolean dryRun) {
        return install(agents, dryRun, true);
    }

    public InstallReport install(Set<Agent> agents, boolean dryRun, boolean allowRules) {
        return install(agents, dryRun, allowRules, Optional.empty());
    }

    /**
     * @param allowRules false for {@code --no-allow}: pre-approve no eagle-mem command in Claude Code (and take out
     *        the rules an earlier install added)
     * @param completion the tab-completion scripts to write; empty for {@code --no-completion} (an earlier install's
     *        files go)
     */
    public InstallReport install(Set<Agent> agents, boolean dryRun, boolean allowRules, Optional<CompletionScripts> completion) {
        InstallReport.Builder report = new InstallReport.Builder(dryRun);
        dataDir.checkSafe(); // before install.json is read: another user's would say what to remove
        InstallManifest previous = InstallManifest.read(dataDir.root());
        List<String> created = new ArrayList<>(previous.createdFiles());
        preflight(agents);
        if (!dryRun) {
            dataDir.ensureExists();
        }
        Path binary = installRuntime(report);
        report.binary = binary.toString();
        Path chosen = HookProgram.choose(RuntimeInstall.source(), binary, env, report);
        String program = chosen.toString();
        String shell = HookProgram.shellFor(chosen, env);
        report.hookProgram = program;
        report.hookShell = shell;
        String link = LocalBin.link(binary, AgentPaths.from(env).localBin(), report);
        String command = LocalBin.command(link, binary, env, report);
        report.command = command;
        report.statusLine = program.equals(binary.toString()) ? command + " statusline"
                : Registrations.shimCommand(shell, program, "statusline");
        if (!dryRun) {
            db.get().open();
        }
        report.action("database", dataDir.dbFile(), dryRun ? Outcome.MIGRATE_IF_BEHIND : Outcome.READY);
        LocalBin.remember(command, dataDir.configFile(), report);
        AgentPaths paths = AgentPaths.from(env);
        AgentFiles files = new AgentFiles(backups(), clock, report, created);
        ShellCompletion shells = new ShellCompletion(env, dataDir.root(), files, report, created);
        completion.ifPresentOrElse(shells::install, shells::uninstall);
        List<String> trusted = new ArrayList<>(previous.codexTrustKeys());
        if (agents.contains(Agent.CLAUDE_CODE)) {
            List<String> allow = allowRules ? Registrations.claudeAllowRules(command) : List.of();
            report.allowRules = allow;
            installClaude(paths, files, Registrations.claude(shell, program), command, allow);
            registerClaudeMcp(files, binary.toString());
        }
        if (agents.contains(Agent.CODEX)) {
            installCodex(paths, files, Registrations.codex(shell, program), command, report, trusted);
            registerCodexMcp(paths, files, binary.toString());
        }
        AgentSetup.SetupContext setup = new AgentSetup.SetupContext(env, files, report, shell, program, command,
                binary.toString());
        for (AgentSetup agent : setups(agents)) {
            agent.install(setup);
            agent.caveat().ifPresent(c -> report.warn(agent.agent().id() + ": " + c));
        }
        if (!dryRun) {
            Set<String> all = new LinkedHashSet<>(previous.agents());
            agents.forEach(a -> all.add(a.id()));
            new InstallManifest(BuildInfo.version(), DateTimeFormatter.ISO_INSTANT.format(clock.instant()), binary.toString(),
                    List.copyOf(all), created, trusted.stream().distinct().toList(),
                    link != null ? link : previous.localBinLink(), program, command, shell).write(dataDir.root());
        }
        return report.build();
    }

    /** Reads every agent file install will edit, so a malformed one stops it before anything changed. */
    private void preflight(Set<Agent> agents) {
        AgentPaths paths = AgentPaths.from(env);
        if (agents.contains(Agent.CLAUDE_CODE)) {
            new ClaudeSettings(paths.claudeSettings()).add(TextFiles.read(paths.claudeSettings()),
                    Registrations.claude("eagle-mem"), Registrations.claudeAllowRules(), Registrations::isOurs);
            Path claudeConfig = McpServers.claudeConfig(env);
            McpServers.claudeAdd(claudeConfig, TextFiles.read(claudeConfig), "eagle-mem");
        }
        if (agents.contains(Agent.CODEX)) {
            new CodexHooksFile(paths.codexHooks()).add(TextFiles.read(paths.codexHooks()), Registrations.codex("eagle-mem"),
                    Registrations::isOurs);
            String config = TextFiles.read(paths.codexConfig());
            if (config != null) {
                new CodexConfig(paths.codexConfig()).trustedHashes(config);
                McpServers.codexAdd(paths.codexConfig(), config, "eagle-mem");
            }
        }
        AgentSetup.SetupContext setup = new AgentSetup.SetupContext(env, null, null, null, "eagle-mem", "eagle-mem",
                "eagle-mem");
        setups(agents).forEach(agent -> agent.preflight(setup));
    }

    private static List<AgentSetup> setups(Set<Agent> agents) {
        return AgentSetups.ALL.stream().filter(s -> agents.contains(s.agent())).toList();
    }

    private Path installRuntime(InstallReport.Builder report) {
        Path source = RuntimeInstall.source();
        Path target = dataDir.root().resolve("runtime");
        Path binary = RuntimeInstall.binary(target);
        if (RuntimeInstall.isSame(source, target) || RuntimeInstall.sameContent(source, target)) {
            report.action("runtime", target, Outcome.UNCHANGED);
            if (!report.dryRun) {
                RuntimeInstall.makePrivate(target); // an older install left it 755/644
            }
            return binary;
        }
        report.action("runtime", target, Files.exists(target) ? Outcome.UPDATED : Outcome.CREATED);
        if (!report.dryRun) {
            // a serve still runs the old code; the next SessionStart starts the new one
            stopServe(report);
            RuntimeInstall.copy(source, target);
            if (Files.isDirectory(source) && !RuntimeInstall.trainAot(target)) {
                report.warn("the start-up cache could not be trained at " + target
                        + "; eagle-mem works, only slower to start. Retry: " + binary + " --aot-train");
            }
            RuntimeInstall.makePrivate(target); // the training run wrote app.aot and native/ with the umask
        }
        return binary;
    }

    /** Our allow rules in another form than {@code allow} (another path, or all of them with --no-allow) come out. */
    private static void installClaude(AgentPaths paths, AgentFiles files, List<HookRegistration> hooks, String command,
            List<String> allow) {
        ClaudeSettings settings = new ClaudeSettings(paths.claudeSettings());
        files.editConfig("hooks", paths.claudeSettings(), "claude-settings.json",
                text -> settings.add(text, hooks, allow, Registrations::isOurAllowRule,
                        files.beforeInstall(paths.claudeSettings(), "claude-settings.json", text), Registrations::isOurs));
        files.addBlock(paths.claudeInstructions(), command);
        files.addSkills(paths.claudeSkills(), command);
    }

    /**
     * {@code eagle-mem mcp} for Claude Code, user scope, by the runtime's full path (an agent started outside a
     * login shell may not have ~/.local/bin on PATH). The file is Claude Code's own state: merged, backed up first.
     */
    private void registerClaudeMcp(AgentFiles files, String binary) {
        Path config = McpServers.claudeConfig(env);
        files.editConfig("mcp server", config, "claude.json", text -> McpServers.claudeAdd(config, text, binary));
    }

    /** {@code [mcp_servers.eagle-mem]} in Codex's config.toml, after the hook trust (which reads that file too). */
    private static void registerCodexMcp(AgentPaths paths, AgentFiles files, String binary) {
        files.editConfig("mcp server", paths.codexConfig(), "codex-config-mcp.toml",
                text -> McpServers.codexAdd(paths.codexConfig(), text, binary));
    }

    private void installCodex(AgentPaths paths, AgentFiles files, List<HookRegistration> registrations, String command,
            InstallReport.Builder report, List<String> trusted) {
        CodexHooksFile hooks = new CodexHooksFile(paths.codexHooks());
        files.editConfig("hooks", paths.codexHooks(), "codex-hooks.json",
                text -> hooks.add(text, registrations, Registrations::isOurs));
        String config = TextFiles.read(paths.codexConfig());
        if (config != null && new CodexConfig(paths.codexConfig()).hooksDisabled(config)) {
            report.warn("hooks are turned off in " + paths.codexConfig() + " ([features] hooks = false): Codex will not"
                    + " run eagle-mem until you set [features] hooks = true");
        }
        if (!report.dryRun) {
            trusted.addAll(trustCodex(paths, files, report));
        }
        files.addBlock(paths.codexInstructions(), command);
        files.addSkills(paths.codexSkills(), command);
    }

    private List<String> trustCodex(AgentPaths paths, AgentFiles files, InstallReport.Builder report) {
        Optional<Path> codex = CodexTrust.binary(env);
        if (codex.isEmpty()) {
            report.action("hook trust", paths.codexConfig(), new ActionStatus.Skipped("codex not on PATH"));
            report.warn(CodexTrust.MANUAL);
            return List.of();
        }
        try {
            List<HookState> ours = CodexTrust.ours(codex.get(), env, paths);
            Map<String, String> needed = CodexTrust.untrusted(ours);
            CodexConfig config = new CodexConfig(paths.codexConfig());
            files.editConfig("hook trust", paths.codexConfig(), "codex-config.toml",
                    text -> needed.isEmpty() ? (text == null ? "" : text) : config.trust(text == null ? "" : text, needed));
            List<HookState> after = CodexTrust.ours(codex.get(), env, paths);
            if (after.stream().anyMatch(HookState::needsTrust)) {
                throw CodexTrust.stillUntrusted(after);
            }
            return ours.stream().map(HookState::key).toList();
        } catch (EagleException e) {
            report.warn(e.getMessage() + ". " + CodexTrust.MANUAL);
            return List.of();
        }
    }

    /** True when uninstalling these agents removes the runtime too (no agent is left, or --purge). */
    public boolean uninstallRemovesRuntime(Set<Agent> agents, boolean purge) {
        Set<String> remaining = new LinkedHashSet<>(InstallManifest.read(dataDir.root()).agents());
        agents.forEach(a -> remaining.remove(a.id()));
        return purge || remaining.isEmpty();
    }

    public InstallReport uninstall(Set<Agent> agents, boolean purge, boolean dryRun) {
        InstallReport.Builder report = new InstallReport.Builder(dryRun);
        dataDir.checkSafe();
        InstallManifest manifest = InstallManifest.read(dataDir.root());
        List<String> created = new ArrayList<>(manifest.createdFiles());
        AgentPaths paths = AgentPaths.from(env);
        AgentFiles files = new AgentFiles(backups(), clock, report, created);
        Set<Agent> removing = purge ? Set.of(Agent.values()) : agents;
        if (removing.contains(Agent.CLAUDE_CODE)) {
            ClaudeSettings settings = new ClaudeSettings(paths.claudeSettings());
            files.restoreConfig("hooks", paths.claudeSettings(), "claude-settings.json",
                    (current, before) -> settings.remove(current, before, Registrations::isOurs, Registrations::isOurAllowRule));
            files.removeBlock(paths.claudeInstructions());
            files.removeSkills(paths.claudeSkills());
            Path claudeConfig = McpServers.claudeConfig(env);
            files.restoreConfig("mcp server", claudeConfig, "claude.json",
                    (current, before) -> McpServers.claudeRemove(claudeConfig, current, before));
        }
        if (removing.contains(Agent.CODEX)) {
            uninstallCodex(paths, files, manifest);
            files.restoreConfig("mcp server", paths.codexConfig(), "codex-config-mcp.toml",
                    (current, before) -> McpServers.codexRemove(paths.codexConfig(), current));
        }
        AgentSetup.SetupContext setup = new AgentSetup.SetupContext(env, files, report, manifest.hookShell(),
                manifest.hooksRun(), manifest.command(), manifest.binary());
        setups(removing).forEach(agent -> agent.uninstall(setup));
        Set<String> remaining = new LinkedHashSet<>(manifest.agents());
        removing.forEach(a -> remaining.remove(a.id()));
        if (remaining.isEmpty()) {
            GateHooksLeft.find(db.get(), projects).forEach(report::warn);
            new ShellCompletion(env, dataDir.root(), files, report, created).uninstall();
            removeRuntime(manifest, purge, report);
        } else if (!dryRun) {
            new InstallManifest(manifest.version(), manifest.installedAt(), manifest.binary(), List.copyOf(remaining),
                    created, manifest.codexTrustKeys(), manifest.localBinLink(), manifest.hookProgram(), manifest.command(),
                    manifest.hookShell())
                    .write(dataDir.root());
        }
        return report.build();
    }

    /**
     * Codex keys hook trust by position: removing our groups can shift the user's later groups, whose trust
     * would silently lapse. Their trusted hashes are carried over to the new keys.
     */
    private static void uninstallCodex(AgentPaths paths, AgentFiles files, InstallManifest manifest) {
        CodexHooksFile hooks = new CodexHooksFile(paths.codexHooks());
        String hooksBefore = TextFiles.read(paths.codexHooks());
        String hooksAfter = files.restoreConfig("hooks", paths.codexHooks(), "codex-hooks.json",
                (current, before) -> hooks.remove(current, before, Registrations::isOurs));
        Map<String, String> moved = hooksBefore == null ? Map.of()
                : hooks.movedTrustKeys(hooksBefore, hooksAfter, paths.codexHooks().toString(), Registrations::isOurs);
        CodexConfig config = new CodexConfig(paths.codexConfig());
        files.restoreConfig("hook trust", paths.codexConfig(), "codex-config.toml", (current, before) -> {
            Map<String, String> hashes = config.trustedHashes(current);
            String untrusted = config.untrust(current, manifest.codexTrustKeys()::contains);
            Map<String, String> carried = new LinkedHashMap<>();
            moved.forEach((from, to) -> Optional.ofNullable(hashes.get(from)).ifPresent(h -> carried.put(to, h)));
            return carried.isEmpty() ? untrusted : config.trust(untrusted, carried);
        });
        files.removeBlock(paths.codexInstructions());
        files.removeSkills(paths.codexSkills());
    }

    private void removeRuntime(InstallManifest manifest, boolean purge, InstallReport.Builder report) {
        LocalBin.unlink(manifest.localBinLink(), dataDir.root().resolve("runtime"), report);
        Path runtime = dataDir.root().resolve("runtime");
        Path target = purge ? dataDir.root() : runtime;
        if (Files.exists(target)) {
            report.action(purge ? "data directory (database included)" : "runtime", target, Outcome.REMOVED);
        }
        if (!purge) {
            report.warn(afterUninstall(runtime));
        }
        if (report.dryRun) {
            return;
        }
        stopServe(report);
        try {
            Files.deleteIfExists(dataDir.root().resolve(InstallManifest.FILE));
            RuntimeInstall.remove(target, runningFrom(runtime));
        } catch (IOException e) {
            throw EagleException.failure("file_unwritable", "cannot remove " + target + ": " + e.getMessage(),
                    "rm -r " + target, e);
        }
    }

    /**
     * The hint uninstall leaves: the database stays, and how to delete it or install again, naming only commands
     * that exist once the runtime and its link are gone: the launcher this uninstall runs from when it is not the
     * runtime (a checkout's target/eagle-mem), else plain {@code rm} and a checkout's launcher.
     */
    private String afterUninstall(Path runtime) {
        Optional<Path> launcher = survivingLauncher(runtime);
        String db = "the database is kept at " + dataDir.dbFile();
        if (launcher.isPresent()) {
            String run = ShellWords.quote(launcher.get().toString());
            return db + "; delete it too: " + run + " uninstall --purge; install again: " + run + " install";
        }
        return db + "; delete it too: rm -r " + ShellWords.quote(dataDir.root().toString())
                + "; install again from a checkout: target/eagle-mem install (or a downloaded eagle-mem binary: ./eagle-mem install)";
    }

    /** The launcher of the runtime this process runs from, when that is not the installed runtime (which goes). */
    private static Optional<Path> survivingLauncher(Path runtime) {
        try {
            Path source = RuntimeInstall.source();
            if (RuntimeInstall.isSame(source, runtime) || source.startsWith(runtime)) {
                return Optional.empty();
            }
            Path launcher = Files.isDirectory(source) ? RuntimeInstall.binary(source) : source;
            return Files.isExecutable(launcher) ? Optional.of(launcher) : Optional.empty();
        } catch (EagleException e) {
            return Optional.empty();
        }
    }

    /** What doctor checks: the runtime, `eagle-mem` on PATH, and for each installed agent its hooks (drift) and, for Codex, trust. */
    public List<InstallFinding> findings() {
        return new InstallChecks(env, dataDir).findings();
    }

    private void stopServe(InstallReport.Builder report) {
        try {
            ServeControl.Stopped stopped = serve.stop();
            if (stopped.wasRunning()) {
                report.action("serve", dataDir.root().resolve("serve.sock"), new ActionStatus.Stopped(stopped.pid()));
            }
        } catch (EagleException e) {
            report.warn("could not stop the running serve: " + e.getMessage() + "; fix: " + e.fix());
        }
    }

    private static boolean runningFrom(Path runtime) {
        try {
            return RuntimeInstall.isSame(RuntimeInstall.source(), runtime);
        } catch (EagleException e) {
            return false;
        }
    }

    private Path backups() {
        return dataDir.root().resolve("backups");
    }
}
