package dev.eaglemem.autostart;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.autostart.ServiceManager.Attempt;
import dev.eaglemem.autostart.ServiceReport.Outcome;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.install.InstalledRuntime;
import dev.eaglemem.serve.control.ServeFiles;

/**
 * {@code eagle-mem service install|uninstall|status}: serve as a user service that starts at login and is
 * restarted after a crash. The unit file is ours alone: a file eagle-mem did not write is never replaced
 * without --force (and then backed up first), and uninstall removes only our own.
 */
@ApplicationScoped
public class ServiceInstaller {

    private final EagleEnv env;
    private final DataDir dataDir;
    private final Clock clock;
    private final CommandRunner runner;
    private final ServeProbe probe;
    private final Path systemdRuntime;

    @Inject
    public ServiceInstaller(EagleEnv env, DataDir dataDir, Clock clock, CommandRunner runner, ServeProbe probe) {
        this(env, dataDir, clock, runner, probe, SystemdUser.RUNTIME);
    }

    /** @param systemdRuntime systemd's runtime directory, which tests point elsewhere to play a machine with or without it */
    ServiceInstaller(EagleEnv env, DataDir dataDir, Clock clock, CommandRunner runner, ServeProbe probe, Path systemdRuntime) {
        this.env = env;
        this.dataDir = dataDir;
        this.clock = clock;
        this.runner = runner;
        this.probe = probe;
        this.systemdRuntime = systemdRuntime;
    }

    /** @param platform systemd, launchd, or null to detect it */
    public ServiceReport install(String platform, boolean dryRun, boolean force) {
        ServiceManager m = manager(platform);
        InstalledRuntime runtime = InstalledRuntime.choose(dataDir);
        String want = m.render(UnitSpec.of(runtime.binary(), dataDir, env));
        UnitFile file = new UnitFile(m.unitFile());
        String have = file.read();
        if (have != null && !UnitFile.isOurs(have) && !force) {
            throw EagleException.conflict("service_unit_foreign", m.unitFile() + " exists and was not written by eagle-mem",
                    "look at it; to replace it (a copy goes to " + backups() + " first): eagle-mem service install --force");
        }
        Report r = new Report(m, dryRun);
        r.binary = runtime.binary();
        if (!runtime.installed()) {
            r.warnings.add("the unit runs " + runtime.binary() + ", which is not an installed runtime: a rebuild or a moved"
                    + " checkout breaks the service. Run eagle-mem install, then eagle-mem service install again");
        }
        boolean changed = !want.equals(have);
        r.manager = m.state(runner);
        warnIfServedOutside(m, r);
        if (!changed && r.manager.enabled() && r.manager.running()) {
            return r.done(Outcome.ALREADY_INSTALLED, "already installed and running under " + m.platform().managerName()
                    + "; nothing changed", "unchanged", null);
        }
        String unit = have == null ? "created" : changed ? "updated" : "unchanged";
        if (changed && !dryRun) {
            dataDir.ensureExists();
            r.backup = have == null ? null : file.backup(backups(), clock);
            file.write(want);
        }
        return activate(m, r, changed, unit);
    }

    /** The unit's serve finds the lock taken and leaves quietly (--if-not-running) while another serve runs. */
    private void warnIfServedOutside(ServiceManager m, Report r) {
        ServeView serve = probe.probe();
        if (serve.pid() != null && !r.manager.running()) {
            r.warnings.add("a serve started outside the service (pid " + serve.pid() + ") holds the socket; the service's"
                    + " serve leaves it alone and stays down. Hand over: " + StatusVerdict.handOver(m));
        }
    }

    private ServiceReport activate(ServiceManager m, Report r, boolean changed, String unit) {
        Attempt attempt = m.activate(r.dryRun ? CommandRunner.planned() : runner, changed, r.manager);
        r.commands.addAll(attempt.runs());
        if (r.dryRun) {
            return r.done(Outcome.PLANNED, "dry run: nothing changed", unit, null);
        }
        if (!attempt.ok()) {
            String prefix = changed ? "the unit is written to " + m.unitFile() + ", but"
                    : "the unit at " + m.unitFile() + " is in place, but";
            return r.failed(attempt, prefix, m.activateFix(m.unreachable(attempt)), unit);
        }
        r.manager = m.state(runner);
        if (r.manager.reachable() && r.manager.loaded() && !r.manager.running()) {
            r.warnings.add("serve is not running under " + m.platform().managerName() + " (" + r.manager.state()
                    + "); logs: " + String.join(", ", r.logs));
        }
        return r.done(Outcome.INSTALLED, "eagle-mem serve runs under " + m.platform().managerName() + " and starts at login",
                unit, null);
    }

    /** @param platform systemd, launchd, or null to detect it */
    public ServiceReport uninstall(String platform, boolean dryRun) {
        return uninstall(manager(platform), dryRun);
    }

    /**
     * For {@code eagle-mem uninstall}: removes the service when one of ours is installed on this machine's
     * manager. Empty when there is none (or no supported manager). Never throws for an unreachable manager:
     * the report's outcome and fix say what is left to do.
     */
    public Optional<ServiceReport> uninstallIfInstalled(boolean dryRun) {
        ServiceManager m;
        try {
            m = manager(null);
        } catch (EagleException e) {
            if (e.errorCode().equals("service_unsupported")) {
                return Optional.empty();
            }
            throw e;
        }
        String have = new UnitFile(m.unitFile()).read();
        return have == null || !UnitFile.isOurs(have) ? Optional.empty() : Optional.of(uninstall(m, dryRun));
    }

    private ServiceReport uninstall(ServiceManager m, boolean dryRun) {
        UnitFile file = new UnitFile(m.unitFile());
        String have = file.read();
        Report r = new Report(m, dryRun);
        if (have == null) {
            return r.done(Outcome.ALREADY_UNINSTALLED, "not installed; nothing to remove", "absent", null);
        }
        if (!UnitFile.isOurs(have)) {
            r.warnings.add(m.unitFile() + " was not written by eagle-mem; left alone");
            return r.done(Outcome.ALREADY_UNINSTALLED, "no eagle-mem unit to remove", "foreign", null);
        }
        ManagerState before = m.state(runner);
        r.manager = before;
        Attempt stop = m.deactivate(dryRun ? CommandRunner.planned() : runner, before);
        r.commands.addAll(stop.runs());
        if (dryRun) {
            return r.done(Outcome.PLANNED, "dry run: nothing changed", "removed", null);
        }
        // removed even when the manager is out of reach: it cannot have started a unit it never saw, and the
        // fix says how to stop one it did
        file.delete();
        m.removeLeftovers();
        Attempt forget = stop.ok() ? m.forget(runner) : Attempt.none();
        r.commands.addAll(forget.runs());
        if (!stop.ok() || !forget.ok()) {
            Attempt failed = stop.ok() ? forget : stop;
            return r.failed(failed, "the unit file is removed, but", m.deactivateFix(m.unreachable(failed)), "removed");
        }
        r.manager = m.state(runner);
        return r.done(Outcome.UNINSTALLED, "eagle-mem serve no longer runs under " + m.platform().managerName(), "removed", null);
    }

    /** @param platform systemd, launchd, or null to detect it */
    public ServiceStatus status(String platform) {
        ServiceManager m = manager(platform);
        String have = new UnitFile(m.unitFile()).read();
        String unit = have == null ? "absent" : UnitFile.isOurs(have) ? "ours" : "foreign";
        List<String> drift = null;
        if (unit.equals("ours")) {
            try {
                drift = UnitFile.drift(m.render(UnitSpec.of(InstalledRuntime.choose(dataDir).binary(), dataDir, env)), have);
            } catch (EagleException e) {
                drift = null; // no runtime to compare with: drift stays unknown
            }
        }
        ManagerState state = m.state(runner);
        ServeView serve = probe.probe();
        List<String> logs = m.logs(ServeFiles.of(dataDir).log());
        StatusVerdict verdict = StatusVerdict.of(m, unit, drift, state, serve);
        return new ServiceStatus(m.platform(), m.unitFile(), unit, unit.equals("ours"), drift == null ? null : !drift.isEmpty(),
                drift == null ? List.of() : drift, state, serve, logs, verdict.summary(), verdict.fix());
    }

    private ServiceManager manager(String platform) {
        return switch (Platform.choose(platform, env, System.getProperty("os.name", ""))) {
            case SYSTEMD -> new SystemdUser(env, systemdRuntime);
            case LAUNCHD -> new Launchd(env, Launchd.currentUid());
        };
    }

    private Path backups() {
        return dataDir.root().resolve("backups");
    }

    /** Collects a report's parts while install or uninstall runs. */
    private final class Report {
        private final ServiceManager m;
        private final boolean dryRun;
        final List<CommandRun> commands = new ArrayList<>();
        final List<String> warnings = new ArrayList<>();
        final List<String> logs;
        ManagerState manager;
        Path backup;
        Path binary;

        Report(ServiceManager m, boolean dryRun) {
            this.m = m;
            this.dryRun = dryRun;
            this.logs = m.logs(ServeFiles.of(dataDir).log());
        }

        ServiceReport failed(Attempt attempt, String prefix, String fix, String unit) {
            boolean unreachable = m.unreachable(attempt);
            String why = unreachable ? m.platform().managerName() + " could not be reached (" + attempt.problem() + ")"
                    : "'" + attempt.runs().getLast().display() + "' failed: " + attempt.problem();
            return done(unreachable ? Outcome.MANAGER_UNREACHABLE : Outcome.MANAGER_FAILED, prefix + " " + why, unit, fix);
        }

        ServiceReport done(Outcome outcome, String summary, String unit, String fix) {
            String shown = dryRun && !unit.equals("unchanged") && outcome == Outcome.PLANNED ? "planned: " + unit : unit;
            return new ServiceReport(outcome, summary, m.platform(), dryRun, m.unitFile(), shown, backup, binary, commands,
                    manager, logs, warnings, fix);
        }
    }
}
