package dev.eaglemem.autostart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.shell.ShellWords;

/** A launchd agent at {@code ~/Library/LaunchAgents/dev.eaglemem.serve.plist}, in the user's GUI domain. */
final class Launchd implements ServiceManager {

    static final String LABEL = "dev.eaglemem.serve";
    private static final String TEMPLATE = LABEL + ".plist";
    /** launchctl's answer for a label the domain does not have: a reachable manager, an unloaded agent. */
    private static final Pattern NOT_LOADED = Pattern.compile("Could not find service|No such process", Pattern.CASE_INSENSITIVE);
    private static final Pattern NO_DOMAIN = Pattern.compile(
            "Could not find domain|Domain does not support|not privileged to|command not found", Pattern.CASE_INSENSITIVE);
    private static final Pattern STATE = Pattern.compile("^\\s*state = (.+)$", Pattern.MULTILINE);
    private static final Pattern PID = Pattern.compile("^\\s*pid = (\\d+)$", Pattern.MULTILINE);

    private final Path plist;
    private final String domain;

    Launchd(EagleEnv env, long uid) {
        this.plist = env.home().resolve("Library/LaunchAgents").resolve(TEMPLATE);
        this.domain = "gui/" + uid;
    }

    /** The user's id, as the owner of a file this process creates (launchctl wants the number, not the name). */
    static long currentUid() {
        Path probe = null;
        try {
            probe = Files.createTempFile("eagle-mem-uid", ".tmp");
            return ((Number) Files.getAttribute(probe, "unix:uid")).longValue();
        } catch (IOException | UnsupportedOperationException e) {
            throw EagleException.failure("service_uid_unknown", "cannot tell this user's id: " + e.getMessage(),
                    "check that the temporary directory (" + System.getProperty("java.io.tmpdir") + ") is writable", e);
        } finally {
            if (probe != null) {
                try {
                    Files.deleteIfExists(probe);
                } catch (IOException ignored) {
                    // an empty temp file is harmless
                }
            }
        }
    }

    @Override
    public Platform platform() {
        return Platform.LAUNCHD;
    }

    @Override
    public Path unitFile() {
        return plist;
    }

    @Override
    public String render(UnitSpec spec) {
        List<String> environment = spec.environment().entrySet().stream()
                .map(e -> "<key>" + UnitEscapes.xml(e.getKey()) + "</key><string>" + UnitEscapes.xml(e.getValue()) + "</string>")
                .toList();
        return UnitTemplate.load(TEMPLATE).render(
                Map.of("binary", UnitEscapes.xml(spec.binary().toString()), "log_file",
                        UnitEscapes.xml(spec.logFile().toString())),
                Map.of("environment", environment));
    }

    private String target() {
        return domain + "/" + LABEL;
    }

    @Override
    public ManagerState state(CommandRunner runner) {
        CommandRun print = runner.run(List.of("launchctl", "print", target()));
        if (!print.ok()) {
            return NOT_LOADED.matcher(print.problem()).find() || print.exitCode() == 113
                    ? new ManagerState(true, false, false, false, "not loaded", null, null)
                    : ManagerState.unreachable(print.problem());
        }
        Matcher state = STATE.matcher(print.stdout());
        Matcher pid = PID.matcher(print.stdout());
        String s = state.find() ? state.group(1).strip() : "unknown";
        // a loaded agent with RunAtLoad starts at every login: loaded is launchd's "enabled"
        return new ManagerState(true, true, true, "running".equals(s), s, pid.find() ? Long.parseLong(pid.group(1)) : null, null);
    }

    @Override
    public Attempt activate(CommandRunner runner, boolean changed, ManagerState before) {
        Steps steps = new Steps(runner);
        if (before.loaded() && !changed) {
            return steps.run(List.of("launchctl", "kickstart", target())).done();
        }
        if (before.loaded()) {
            steps.run(List.of("launchctl", "bootout", target())); // launchd reads a plist only when it is bootstrapped
        }
        // load -w is the pre-10.10 spelling, and also clears a "disabled" override that makes bootstrap fail
        return steps.run(List.of("launchctl", "bootstrap", domain, plist.toString()))
                .orElse(List.of("launchctl", "load", "-w", plist.toString())).done();
    }

    @Override
    public Attempt deactivate(CommandRunner runner, ManagerState before) {
        if (before.reachable() && !before.loaded()) {
            return Attempt.none();
        }
        return new Steps(runner).run(List.of("launchctl", "bootout", target()))
                .orElse(List.of("launchctl", "unload", plist.toString())).done();
    }

    @Override
    public Attempt forget(CommandRunner runner) {
        return Attempt.none();
    }

    @Override
    public void removeLeftovers() {
        // bootout leaves nothing on disk
    }

    @Override
    public boolean unreachable(Attempt failed) {
        return failed.runs().stream().filter(r -> !r.ok())
                .anyMatch(r -> r.exitCode() == ProcessCommandRunner.NOT_FOUND || NO_DOMAIN.matcher(r.problem()).find());
    }

    @Override
    public String activateFix(boolean unreachable) {
        String command = "launchctl bootstrap " + domain + " " + ShellWords.quote(plist.toString());
        return unreachable ? command + "  (from a Terminal in your macOS login session; launchd has no GUI domain over ssh)"
                : "launchctl print " + target() + "; then: launchctl kickstart -k " + target();
    }

    @Override
    public String deactivateFix(boolean unreachable) {
        return "launchctl bootout " + target() + (unreachable ? "  (from a Terminal in your macOS login session)" : "");
    }

    @Override
    public String restartFix() {
        return restartCommand() + "; launchctl print " + target() + " shows the last exit";
    }

    @Override
    public String restartCommand() {
        return "launchctl kickstart -k " + target();
    }

    @Override
    public List<String> logs(Path serveLog) {
        return List.of(serveLog.toString(), "launchctl print " + target());
    }
}
