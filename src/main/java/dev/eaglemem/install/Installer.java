package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Provider;

import dev.eaglemem.config.BuildInfo;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.install.ActionStatus.Outcome;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.shell.ShellWords;
import dev.eaglemem.store.Db;

/**
 * {@code eagle-mem install} and {@code uninstall}: the runtime copy, the database, and for each agent
 * its hooks, instruction block and skills. Every file is merged, never overwritten; uninstall removes
 * exactly what install added (the manifest says what that was).
 */
@ApplicationScoped
public class Installer {

    public enum Agent {
        CLAUDE_CODE("claude-code"), CODEX("codex");

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
    private final Clock clock;
    private final ServeControl serve;

    public Installer(EagleEnv env, DataDir dataDir, Provider<Db> db, Clock clock, ServeControl serve) {
        this.env = env;
        this.dataDir = dataDir;
        this.db = db;
        this.clock = clock;
        this.serve = serve;
    }

    public InstallReport install(Set<Agent> agents, boolean dryRun) {
        return install(agents, dryRun, true);
    }

    /**
     * @param allowRules false for {@code --no-allow}: pre-approve no eagle-mem command in Claude Code (and take out
     *        the rules an earlier install added)
     */
    public InstallReport install(Set<Agent> agents, boolean dryRun, boolean allowRules) {
        InstallReport.Builder report = new InstallReport.Builder(dryRun);
        InstallManifest previous = InstallManifest.read(dataDir.root());
        List<String> created = new ArrayList<>(previous.createdFiles());
        preflight(agents);
        if (!dryRun) {
            dataDir.ensureExists();
        }
        Path binary = installRuntime(report);
        report.binary = binary.toString();
        String program = HookProgram.choose(RuntimeInstall.source(), binary, env, report).toString();
        report.hookProgram = program;
        String link = LocalBin.link(binary, AgentPaths.from(env).localBin(), report);
        String command = LocalBin.command(link, binary, env, report);
        report.command = command;
        if (!dryRun) {
            db.get().open();
        }
        report.action("database", dataDir.dbFile(), dryRun ? Outcome.MIGRATE_IF_BEHIND : Outcome.READY);
        AgentPaths paths = AgentPaths.from(env);
        AgentFiles files = new AgentFiles(backups(), clock, report, created);
        List<String> trusted = new ArrayList<>(previous.codexTrustKeys());
        if (agents.contains(Agent.CLAUDE_CODE)) {
            List<String> allow = allowRules ? Registrations.claudeAllowRules(command) : List.of();
            report.allowRules = allow;
            installClaude(paths, files, program, command, allow);
        }
        if (agents.contains(Agent.CODEX)) {
            installCodex(paths, files, program, command, report, trusted);
        }
        if (!dryRun) {
            Set<String> all = new LinkedHashSet<>(previous.agents());
            agents.forEach(a -> all.add(a.id()));
            new InstallManifest(BuildInfo.version(), DateTimeFormatter.ISO_INSTANT.format(clock.instant()), binary.toString(),
                    List.copyOf(all), created, trusted.stream().distinct().toList(),
                    link != null ? link : previous.localBinLink(), program, command).write(dataDir.root());
        }
        return report.build();
    }

    /** Reads every agent file install will edit, so a malformed one stops it before anything changed. */
    private void preflight(Set<Agent> agents) {
        AgentPaths paths = AgentPaths.from(env);
        if (agents.contains(Agent.CLAUDE_CODE)) {
            new ClaudeSettings(paths.claudeSettings()).add(TextFiles.read(paths.claudeSettings()),
                    Registrations.claude("eagle-mem"), Registrations.claudeAllowRules(), Registrations::isOurs);
        }
        if (agents.contains(Agent.CODEX)) {
            new CodexHooksFile(paths.codexHooks()).add(TextFiles.read(paths.codexHooks()), Registrations.codex("eagle-mem"),
                    Registrations::isOurs);
            String config = TextFiles.read(paths.codexConfig());
            if (config != null) {
                new CodexConfig(paths.codexConfig()).trustedHashes(config);
            }
        }
    }

    private Path installRuntime(InstallReport.Builder report) {
        Path source = RuntimeInstall.source();
        Path target = dataDir.root().resolve("runtime");
        Path binary = RuntimeInstall.binary(target);
        if (RuntimeInstall.isSame(source, target) || RuntimeInstall.sameContent(source, target)) {
            report.action("runtime", target, Outcome.UNCHANGED);
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
        }
        return binary;
    }

    /** Our allow rules in another form than {@code allow} (another path, or all of them with --no-allow) come out. */
    private static void installClaude(AgentPaths paths, AgentFiles files, String binary, String command, List<String> allow) {
        ClaudeSettings settings = new ClaudeSettings(paths.claudeSettings());
        files.editConfig("hooks", paths.claudeSettings(), "claude-settings.json",
                text -> settings.add(text, Registrations.claude(binary), allow, Registrations::isOurAllowRule,
                        files.beforeInstall(paths.claudeSettings(), "claude-settings.json", text), Registrations::isOurs));
        files.addBlock(paths.claudeInstructions(), command);
        files.addSkills(paths.claudeSkills(), command);
    }

    private void installCodex(AgentPaths paths, AgentFiles files, String binary, String command,
            InstallReport.Builder report, List<String> trusted) {
        CodexHooksFile hooks = new CodexHooksFile(paths.codexHooks());
        files.editConfig("hooks", paths.codexHooks(), "codex-hooks.json",
                text -> hooks.add(text, Registrations.codex(binary), Registrations::isOurs));
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
        }
        if (removing.contains(Agent.CODEX)) {
            uninstallCodex(paths, files, manifest);
        }
        Set<String> remaining = new LinkedHashSet<>(manifest.agents());
        removing.forEach(a -> remaining.remove(a.id()));
        if (remaining.isEmpty()) {
            removeRuntime(manifest, purge, report);
        } else if (!dryRun) {
            new InstallManifest(manifest.version(), manifest.installedAt(), manifest.binary(), List.copyOf(remaining),
                    created, manifest.codexTrustKeys(), manifest.localBinLink(), manifest.hookProgram(), manifest.command())
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
            out.add(drift("claude_hooks", paths.claudeSettings(), "claude-code", text -> new ClaudeSettings(paths.claudeSettings())
                    .drift(text, Registrations.claude(manifest.hooksRun()), Registrations::isOurs)));
        }
        if (manifest.agents().contains(Agent.CODEX.id())) {
            out.add(drift("codex_hooks", paths.codexHooks(), "codex", text -> new CodexHooksFile(paths.codexHooks())
                    .drift(text, Registrations.codex(manifest.hooksRun()), Registrations::isOurs)));
            out.add(codexTrust(paths));
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
                    + " (this install); " + agents, "put " + binDir + " before " + first.get().getParent()
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

    private InstallFinding codexTrust(AgentPaths paths) {
        String config = TextFiles.read(paths.codexConfig());
        if (config != null && new CodexConfig(paths.codexConfig()).hooksDisabled(config)) {
            return InstallFinding.problem("codex_trust", "hooks are turned off in " + paths.codexConfig(),
                    "set [features] hooks = true in " + paths.codexConfig());
        }
        Optional<Path> codex = CodexTrust.binary(env);
        if (codex.isEmpty()) {
            return InstallFinding.problem("codex_trust", "not checked: codex is not on PATH, and Codex skips eagle-mem's"
                    + " hooks until they are trusted", "codex   (once: \"Hooks need review\" → \"Trust all and continue\");"
                    + " or put codex on PATH (or set " + CodexTrust.BIN_VARIABLE + ") and run: eagle-mem install --agent codex");
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
