package dev.eaglemem.autostart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.shell.ShellWords;

/** A systemd --user unit at {@code ${XDG_CONFIG_HOME:-~/.config}/systemd/user/eagle-mem.service}. */
final class SystemdUser implements ServiceManager {

    static final String UNIT = "eagle-mem.service";
    private static final String TEMPLATE = "eagle-mem.service";
    /** What systemctl says when there is no user manager to talk to (containers, CI, ssh without lingering). */
    private static final Pattern NO_BUS = Pattern.compile(
            "Failed to connect to (user scope )?bus|No medium found|DBUS_SESSION_BUS_ADDRESS|XDG_RUNTIME_DIR"
                    + "|System has not been booted with systemd|Host is down|command not found",
            Pattern.CASE_INSENSITIVE);

    /** Where systemd keeps its runtime state; it exists only on a machine booted with systemd (sd_booted). */
    static final Path RUNTIME = Path.of("/run/systemd/system");

    private final Path unitFile;
    private final Path runtime;

    SystemdUser(EagleEnv env) {
        this(env, RUNTIME);
    }

    SystemdUser(EagleEnv env, Path runtime) {
        Path configHome = env.get("XDG_CONFIG_HOME").map(Path::of).filter(Path::isAbsolute)
                .orElse(env.home().resolve(".config"));
        this.unitFile = configHome.resolve("systemd/user").resolve(UNIT);
        this.runtime = runtime;
    }

    @Override
    public Platform platform() {
        return Platform.SYSTEMD;
    }

    @Override
    public Path unitFile() {
        return unitFile;
    }

    @Override
    public String render(UnitSpec spec) {
        String binary = spec.binary().toString();
        if (!UnitEscapes.systemdCanExecute(binary)) {
            throw EagleException.failure("service_path_unsupported",
                    "systemd cannot run an executable whose path contains quotes or backslashes: " + binary,
                    "install eagle-mem under a plain path, e.g. EAGLE_MEM_DIR=$HOME/.eagle-mem eagle-mem install", null);
        }
        List<String> environment = spec.environment().entrySet().stream()
                .map(e -> "Environment=" + UnitEscapes.systemdAssignment(e.getKey(), e.getValue())).toList();
        return UnitTemplate.load(TEMPLATE).render(Map.of("binary", UnitEscapes.systemdWord(binary)),
                Map.of("environment", environment));
    }

    @Override
    public ManagerState state(CommandRunner runner) {
        CommandRun show = runner.run(systemctl("show", UNIT, "--property=LoadState,ActiveState,SubState,UnitFileState,MainPID"));
        if (!show.ok()) {
            return ManagerState.unreachable(show.problem());
        }
        Map<String, String> p = new HashMap<>();
        show.stdout().lines().map(l -> l.split("=", 2)).filter(kv -> kv.length == 2).forEach(kv -> p.put(kv[0], kv[1]));
        String active = p.getOrDefault("ActiveState", "");
        long pid = parsePid(p.get("MainPID"));
        return new ManagerState(true, "loaded".equals(p.get("LoadState")),
                p.getOrDefault("UnitFileState", "").startsWith("enabled"),
                "active".equals(active), active.isEmpty() ? "unknown" : active + " (" + p.getOrDefault("SubState", "?") + ")",
                pid > 0 ? pid : null, null);
    }

    private static long parsePid(String value) {
        try {
            return value == null ? 0 : Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public Attempt activate(CommandRunner runner, boolean changed, ManagerState before) {
        Steps steps = new Steps(runner);
        if (changed || !before.loaded()) {
            steps.run(systemctl("daemon-reload"));
        }
        if (!before.enabled() || !before.running()) {
            steps.run(systemctl("enable", "--now", UNIT));
        }
        if (changed && before.running()) {
            steps.run(systemctl("restart", UNIT)); // a running serve keeps its old command line until restarted
        }
        return steps.done();
    }

    @Override
    public Attempt deactivate(CommandRunner runner, ManagerState before) {
        if (before.reachable() && !before.loaded() && !before.running()) {
            return Attempt.none(); // systemd does not know the unit: nothing is enabled or running
        }
        return new Steps(runner).run(systemctl("disable", "--now", UNIT)).done();
    }

    @Override
    public Attempt forget(CommandRunner runner) {
        return new Steps(runner).run(systemctl("daemon-reload")).done();
    }

    /**
     * {@code enable} links the unit from {@code default.target.wants/}; when disable could not run (no user bus),
     * that link would dangle once the file is gone. Only a link to our own file is removed.
     */
    @Override
    public void removeLeftovers() {
        Path link = unitFile.resolveSibling("default.target.wants").resolve(UNIT);
        try {
            if (Files.isSymbolicLink(link) && unitFile.equals(link.resolveSibling(Files.readSymbolicLink(link)).normalize())) {
                Files.delete(link);
            }
        } catch (IOException e) {
            throw EagleException.failure("file_unwritable", "cannot remove " + link + ": " + e.getMessage(),
                    "rm " + ShellWords.quote(link.toString()), e);
        }
    }

    @Override
    public boolean unreachable(Attempt failed) {
        return failed.runs().stream().filter(r -> !r.ok())
                .anyMatch(r -> r.exitCode() == ProcessCommandRunner.NOT_FOUND || NO_BUS.matcher(r.problem()).find());
    }

    @Override
    public String activateFix(boolean unreachable) {
        if (unreachable && !Files.isDirectory(runtime)) {
            // no systemd at all (a container, WSL without systemd): linger or a login session cannot help
            return "none needed: systemd does not run on this machine, and the first hook starts serve when it is down;"
                    + " to keep one running anyway: nohup eagle-mem serve >/dev/null 2>&1 &   (eagle-mem service uninstall"
                    + " drops the unit)";
        }
        String commands = "systemctl --user daemon-reload && systemctl --user enable --now " + UNIT;
        return unreachable ? commands + "  (in your desktop or login session; over ssh or in a container the user manager"
                + " needs lingering first: sudo loginctl enable-linger \"$USER\", then log in again)"
                : "systemctl --user status " + UNIT + "; journalctl --user -u eagle-mem -n 50";
    }

    @Override
    public String deactivateFix(boolean unreachable) {
        return "systemctl --user stop " + UNIT + " && systemctl --user daemon-reload"
                + (unreachable ? "  (in the login session where the service runs)" : "");
    }

    @Override
    public String restartFix() {
        return restartCommand() + "; journalctl --user -u eagle-mem -n 50 shows why it stopped";
    }

    @Override
    public String restartCommand() {
        return "systemctl --user restart " + UNIT;
    }

    @Override
    public List<String> logs(Path serveLog) {
        return List.of("journalctl --user -u eagle-mem", serveLog.toString());
    }

    private static List<String> systemctl(String... args) {
        return Stream.concat(Stream.of("systemctl", "--user"), Arrays.stream(args)).toList();
    }
}
