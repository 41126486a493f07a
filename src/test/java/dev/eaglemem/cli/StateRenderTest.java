package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.eaglemem.autostart.ManagerState;
import dev.eaglemem.autostart.Platform;
import dev.eaglemem.autostart.ServeView;
import dev.eaglemem.autostart.ServiceStatus;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.Settings;
import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureDetail;
import dev.eaglemem.feature.FeatureStatus;
import dev.eaglemem.format.Times;
import dev.eaglemem.install.ActionStatus;
import dev.eaglemem.install.ActionStatus.Outcome;
import dev.eaglemem.install.InstallReport;
import dev.eaglemem.jobs.JobChangeStatus;
import dev.eaglemem.jobs.JobService;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.tokenguard.TokenPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * What people read for each state: the texts were produced before the states became types, and must
 * not change.
 */
class StateRenderTest {

    @TempDir
    Path tmp;

    @Test
    void jobChanges() {
        JobRow job = new JobRow(3, "prune", null, null, "prune", JobStatus.PENDING, 0, null, null, null, null, null, null,
                null, null, null);
        JobRow other = new JobRow(9, "prune", null, null, "prune", JobStatus.PENDING, 0, null, null, null, null, null, null,
                null, null, null);
        StringWriter text = new StringWriter();
        JobsRender.changes(new PrintWriter(text, true), List.of(new JobService.Change(3, JobChangeStatus.RETRIED, job),
                new JobService.Change(3, JobChangeStatus.CANCELLED, job),
                new JobService.Change(3, JobChangeStatus.ALREADY_QUEUED, other),
                new JobService.Change(3, JobChangeStatus.ALREADY_PENDING, job),
                new JobService.Change(3, JobChangeStatus.ALREADY_RUNNING, job),
                new JobService.Change(3, JobChangeStatus.ALREADY_CANCELLED, job)), "none");
        assertThat(text.toString()).isEqualTo("""
                Retried job 3 (prune): pending; serve or 'eagle-mem jobs run' runs it
                Cancelled job 3 (prune)
                Job 3 not retried: job 9 (prune) is already pending for the same work
                Job 3 is already pending
                Job 3 is already running
                Job 3 is already cancelled
                """);
    }

    @Test
    void installActions() {
        Path p = Path.of("/h/rt");
        InstallReport report = new InstallReport(false, "/bin/eagle-mem", null, null, null, null, List.of(), List.of(
                new InstallReport.Action("runtime", p, Outcome.CREATED),
                new InstallReport.Action("database", p, new ActionStatus.Planned(Outcome.MIGRATE_IF_BEHIND)),
                new InstallReport.Action("hook trust", p, new ActionStatus.Skipped("codex not on PATH")),
                new InstallReport.Action("serve", p, new ActionStatus.Stopped(42)),
                new InstallReport.Action("service", p, new ActionStatus.ServiceStep("no bus", true))), List.of());
        StringWriter text = new StringWriter();
        InstallRender.print(new PrintWriter(text, true), "install", report);
        assertThat(text.toString()).isEqualTo("""
                Installed eagle-mem (/bin/eagle-mem):
                  runtime              created                    /h/rt
                  database             planned: migrate if behind /h/rt
                  hook trust           skipped (codex not on PATH) /h/rt
                  serve                stopped (pid 42)           /h/rt
                  service              failed: no bus             /h/rt
                """);
    }

    @Test
    void featureStatus() {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text, true);
        FeatureRender.list(out, List.of(feature(FeatureStatus.ACTIVE), feature(FeatureStatus.ARCHIVED)), Times.UTC);
        FeatureRender.show(out, new FeatureDetail(feature(FeatureStatus.ARCHIVED), List.of(), List.of(), List.of()), Times.UTC);
        assertThat(text.toString()).startsWith("""
                checkout  cart
                  files: 0  smoke: 0  pending: 0  verified: never
                checkout [archived]  cart
                  files: 0  smoke: 0  pending: 0  verified: never
                checkout [archived]
                """);
    }

    @Test
    void serviceStatusServeState() {
        ServeView serve = new ServeView(Path.of("/d/serve.sock"), ServeControl.State.UNRESPONSIVE, false, 5L, "holds its lock");
        ServiceStatus status = new ServiceStatus(Platform.SYSTEMD, Path.of("/u/eagle-mem.service"), "ours", true, null,
                List.of(), new ManagerState(true, true, true, true, "active (running)", 5L, null), serve, List.of("journalctl"),
                "all well", null);
        StringWriter text = new StringWriter();
        ServiceRender.status(new PrintWriter(text, true), status);
        assertThat(text.toString()).contains("  serve     unresponsive       /d/serve.sock\n");
    }

    /** token_guard.rtk = enforce: the guard is active whatever is on this machine's PATH. */
    private TokenPolicy enforcing(DataDir data) {
        EagleConfig config = new EagleConfig(data.configFile(), Map.of(ConfigKeys.TOKEN_GUARD_RTK.name(), "enforce"), List.of());
        return new TokenPolicy(config, new EagleEnv(Map.of("PATH", tmp.toString()), tmp, tmp), data, Clock.systemUTC());
    }

    /** An unlock command for a user in India (UTC+05:30, no daylight saving: the expected texts hold all year). */
    private UnlockCommand unlock(DataDir data, Clock clock) {
        Settings settings = new Settings(new EagleConfig(data.configFile(),
                Map.of(ConfigKeys.DISPLAY_TIMEZONE.name(), "Asia/Kolkata"), List.of()));
        return new UnlockCommand(data, clock, enforcing(data), settings);
    }

    @Test
    void unlockStates() {
        DataDir data = new DataDir(tmp.resolve("data"), tmp.resolve("config.toml"));
        Clock clock = Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);
        assertThat(run(unlock(data, clock), "--status")).isEqualTo(
                "Token guard active. Bypass once: eagle-mem unlock --minutes 15\n");
        assertThat(run(unlock(data, clock), "--clear")).isEqualTo("No unlock was in effect.\n");
        // people read the user's time, labelled; --json keeps the UTC instant
        assertThat(run(unlock(data, clock), "--minutes", "5")).isEqualTo(
                "Token guard unlocked until 2026-01-02 08:39 UTC+05:30 (end it early: eagle-mem unlock --clear)\n");
        assertThat(run(unlock(data, clock), "--status")).isEqualTo(
                "Token guard unlocked until 2026-01-02 08:39 UTC+05:30 (end it: eagle-mem unlock --clear)\n");
        assertThat(run(unlock(data, clock), "--status", "--json")).startsWith(
                "{\"status\":\"unlocked\",\"active\":true,\"expires_at\":\"2026-01-02T03:09:05Z\",");
        assertThat(run(unlock(data, clock), "--clear")).startsWith("Token guard locked again (removed ");
        assertThat(run(unlock(data, clock), "--clear", "--json")).startsWith(
                "{\"status\":\"already_locked\",\"active\":false,");
    }

    @Test
    void serveStopped() {
        DataDir data = new DataDir(tmp.resolve("data"), tmp.resolve("config.toml"));
        ServeCommand serve = new ServeCommand(null, new ServeControl(data), null);
        StringWriter text = new StringWriter();
        CommandLine cli = new CommandLine(serve);
        cli.setOut(new PrintWriter(text, true));
        assertThat(cli.execute("--status")).isEqualTo(3);
        assertThat(text.toString()).isEqualTo("serve is not running (hooks start it; or run: eagle-mem serve)\n");
    }

    @Test
    void gateStates() throws IOException {
        Path repo = Files.createDirectories(tmp.resolve("repo")).toRealPath();
        git(repo, "init", "-q", "-b", "main");
        Path hook = repo.resolve(".git/hooks/pre-push");
        Path backup = repo.resolve(".git/hooks/pre-push.eagle-mem-backup");
        GateCommand gate = new GateCommand(new EagleEnv(Map.of(), tmp, repo), (root, files) -> List.of());
        assertThat(run(gate, "uninstall")).isEqualTo("No pre-push gate installed at " + hook + "\n");
        assertThat(run(gate, "uninstall", "--json")).isEqualTo("{\"status\":\"not_installed\",\"hook\":\"" + hook
                + "\",\"backup\":null}\n");
        assertThat(run(gate, "install")).isEqualTo("Pre-push gate installed: " + hook + "\n");
        assertThat(run(gate, "install")).isEqualTo("Pre-push gate already installed: " + hook + "\n");
        Files.writeString(hook, Files.readString(hook) + "\n# changed\n");
        assertThat(run(gate, "install", "--json")).isEqualTo("{\"status\":\"updated\",\"hook\":\"" + hook
                + "\",\"backup\":null}\n");
        assertThat(run(gate, "uninstall")).isEqualTo("Pre-push gate removed: " + hook + "\n");
        Files.writeString(hook, "#!/bin/sh\nexit 0\n");
        assertThat(run(gate, "uninstall")).isEqualTo("The pre-push hook at " + hook + " is not eagle-mem's; left as it is.\n");
        assertThat(run(gate, "install", "--force")).isEqualTo("Pre-push gate replaced foreign: " + hook
                + " (the previous hook is kept as " + backup + ")\n");
        assertThat(run(gate, "uninstall")).isEqualTo("Pre-push gate removed; the previous hook is back at " + hook + "\n");
    }

    private static String run(Object command, String... args) {
        StringWriter text = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(text, true));
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        assertThat(exit).as("exit; stderr: %s", err).isZero();
        return text.toString();
    }

    private static void git(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            assertThat(p.waitFor()).as(out).isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static Feature feature(FeatureStatus status) {
        return new Feature(7, "code/shop", "checkout", "cart", status, List.of(), List.of(), List.of(), null, null, 0,
                "2026-01-02T03:04:05Z", "2026-01-02T03:04:05Z");
    }
}
