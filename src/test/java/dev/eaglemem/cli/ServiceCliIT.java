package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * service install / status / uninstall through the packaged launcher, with fake {@code systemctl} and
 * {@code launchctl} first on PATH: they record their arguments and answer from files the test writes.
 */
class ServiceCliIT {

    /**
     * Appends "name args" to calls.log; prints name.SUB.out; with name.err present prints it on stderr and exits 1
     * (a missing user bus); else exits with name.SUB.exit, or 0.
     */
    private static final String FAKE = """
            #!/bin/sh
            dir=$(dirname "$0"); name=$(basename "$0")
            printf '%s\\n' "$name $*" >> "$dir/calls.log"
            sub=$1; [ "$sub" = "--user" ] && sub=$2
            [ -f "$dir/$name.$sub.out" ] && cat "$dir/$name.$sub.out"
            if [ -f "$dir/$name.err" ]; then cat "$dir/$name.err" >&2; exit 1; fi
            [ -f "$dir/$name.$sub.exit" ] && exit "$(cat "$dir/$name.$sub.exit")"
            exit 0
            """;
    private static final String SHOW = "systemctl --user show eagle-mem.service --property=LoadState,ActiveState,SubState,UnitFileState,MainPID";

    private final Cli cli = new Cli();
    private final Path bin = cli.workspace.resolve("fake-bin");

    ServiceCliIT() {
        fake("systemctl");
        fake("launchctl");
        cli.env.put("PATH", bin + ":" + System.getenv("PATH"));
    }

    private void fake(String name) {
        try {
            Files.createDirectories(bin);
            Files.writeString(bin.resolve(name), FAKE);
            Files.setPosixFilePermissions(bin.resolve(name), PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void answer(String file, String text) throws IOException {
        Files.writeString(bin.resolve(file), text);
    }

    private List<String> calls() throws IOException {
        Path log = bin.resolve("calls.log");
        List<String> out = Files.exists(log) ? Files.readAllLines(log) : List.of();
        Files.deleteIfExists(log);
        return out;
    }

    private Path unit() {
        return cli.home.resolve(".config/systemd/user/eagle-mem.service");
    }

    private static Path runtime() throws IOException {
        return Cli.LAUNCHER.toRealPath();
    }

    @Test
    void installStatusAndUninstallDriveSystemctl() throws Exception {
        cli.env.put("EAGLE_MEM_SERVICE_PLATFORM", "systemd");
        JsonNode installed = cli.run("service", "install", "--json").ok().json();
        assertThat(installed.get("outcome").asText()).isEqualTo("installed");
        assertThat(installed.get("platform").asText()).isEqualTo("systemd");
        assertThat(installed.get("unit").asText()).isEqualTo("created");
        assertThat(installed.get("unit_file").asText()).isEqualTo(unit().toString());
        assertThat(installed.get("binary").asText()).isEqualTo(runtime().toString());
        assertThat(installed.get("warnings").get(0).asText()).contains("not an installed runtime");
        assertThat(installed.get("commands")).extracting(c -> c.get("argv").get(2).asText()).containsExactly("daemon-reload",
                "enable");
        assertThat(calls()).containsExactly(SHOW, "systemctl --user daemon-reload",
                "systemctl --user enable --now eagle-mem.service", SHOW);
        assertThat(unit()).content().contains("ExecStart=\"" + runtime() + "\" serve --idle-minutes 0 --if-not-running")
                .contains("Environment=\"EAGLE_MEM_DIR=" + cli.data + "\"");

        answer("systemctl.show.out",
                "LoadState=loaded\nActiveState=active\nSubState=running\nUnitFileState=enabled\nMainPID=4242\n");
        Cli.Result again = cli.run("service", "install").ok();
        assertThat(again.out()).contains("already installed and running under systemd --user; nothing changed");
        assertThat(calls()).containsExactly(SHOW);

        JsonNode status = cli.run("service", "status", "--json").ok().json();
        assertThat(status.get("unit").asText()).isEqualTo("ours");
        assertThat(status.get("drift").asBoolean()).isFalse();
        assertThat(status.get("manager").get("running").asBoolean()).isTrue();
        assertThat(status.get("manager").get("pid").asLong()).isEqualTo(4242);
        assertThat(status.get("serve").get("answering").asBoolean()).isFalse();
        assertThat(status.get("serve").get("socket").asText()).isEqualTo(cli.data.resolve("serve.sock").toString());
        assertThat(status.get("fix").asText()).startsWith("systemctl --user restart eagle-mem.service");
        assertThat(cli.run("service", "status").ok().out()).contains("ours, current", "active (running), pid 4242",
                "journalctl --user -u eagle-mem");
        calls();

        JsonNode removed = cli.run("service", "uninstall", "--json").ok().json();
        assertThat(removed.get("outcome").asText()).isEqualTo("uninstalled");
        assertThat(calls()).containsExactly(SHOW, "systemctl --user disable --now eagle-mem.service",
                "systemctl --user daemon-reload", SHOW);
        assertThat(unit()).doesNotExist();
        assertThat(cli.run("service", "uninstall", "--json").ok().json().get("outcome").asText())
                .isEqualTo("already_uninstalled");
    }

    @Test
    void withoutAUserBusTheUnitIsWrittenAndTheCommandExitsOneWithTheFix() throws Exception {
        cli.env.put("EAGLE_MEM_SERVICE_PLATFORM", "systemd");
        answer("systemctl.err", "Failed to connect to bus: No medium found\n");
        Cli.Result r = cli.run("service", "install").exits(1);
        assertThat(r.err()).contains("eagle-mem: the unit is written to " + unit() + ", but systemd --user could not be reached");
        // the fix depends on this machine: with systemd running, the manual commands (and linger); without it, none
        boolean systemdRuns = Files.isDirectory(Path.of("/run/systemd/system"));
        assertThat(r.err()).contains(systemdRuns
                ? "  fix: systemctl --user daemon-reload && systemctl --user enable --now eagle-mem.service"
                : "  fix: none needed: systemd does not run on this machine");
        assertThat(r.out()).contains("ran       systemctl --user daemon-reload  failed (exit 1)");
        assertThat(unit()).content().contains("serve --idle-minutes 0");

        Cli.Result json = cli.run("service", "install", "--json").exits(1);
        assertThat(json.json().get("outcome").asText()).isEqualTo("manager_unreachable");
        assertThat(json.json().get("unit").asText()).isEqualTo("unchanged");
        assertThat(json.json().get("fix").asText()).contains(systemdRuns ? "loginctl enable-linger" : "nohup eagle-mem serve");
        assertThat(cli.run("service", "status", "--json").ok().json().get("manager").get("reachable").asBoolean()).isFalse();
    }

    @Test
    void theLaunchdPathBootstrapsThePlistIntoTheGuiDomain() throws Exception {
        String uid = new String(new ProcessBuilder("id", "-u").start().getInputStream().readAllBytes()).strip();
        Path plist = cli.home.resolve("Library/LaunchAgents/dev.eaglemem.serve.plist");
        answer("launchctl.print.exit", "113");
        JsonNode installed = cli.run("service", "install", "--platform", "launchd", "--json").ok().json();
        assertThat(installed.get("platform").asText()).isEqualTo("launchd");
        assertThat(installed.get("unit_file").asText()).isEqualTo(plist.toString());
        assertThat(calls()).contains("launchctl bootstrap gui/" + uid + " " + plist);
        assertThat(plist).content().contains("<string>" + runtime() + "</string>")
                .contains("<string>" + cli.data.resolve("serve.log") + "</string>");

        answer("launchctl.print.out", "gui/" + uid + "/dev.eaglemem.serve = {\n\tstate = running\n\tpid = 99\n}\n");
        answer("launchctl.print.exit", "0");
        JsonNode status = cli.run("service", "status", "--platform", "launchd", "--json").ok().json();
        assertThat(status.get("unit").asText()).isEqualTo("ours");
        assertThat(status.get("manager").get("pid").asLong()).isEqualTo(99);
        calls();
        cli.run("service", "uninstall", "--platform", "launchd").ok();
        assertThat(calls()).contains("launchctl bootout gui/" + uid + "/dev.eaglemem.serve");
        assertThat(plist).doesNotExist();
    }

    @Test
    void aUnitEagleMemDidNotWriteIsOnlyReplacedWithForceAndBackedUp() throws Exception {
        cli.env.put("EAGLE_MEM_SERVICE_PLATFORM", "systemd");
        Files.createDirectories(unit().getParent());
        Files.writeString(unit(), "[Service]\nExecStart=/opt/eagle-mem serve\n");
        Cli.Result refused = cli.run("service", "install").exits(4);
        assertThat(refused.err()).contains("was not written by eagle-mem").contains("fix: ")
                .contains("eagle-mem service install --force");
        assertThat(cli.run("service", "status", "--json").ok().json().get("unit").asText()).isEqualTo("foreign");

        JsonNode forced = cli.run("service", "install", "--force", "--json").ok().json();
        assertThat(Path.of(forced.get("backup").asText())).startsWith(cli.data.resolve("backups")).content()
                .isEqualTo("[Service]\nExecStart=/opt/eagle-mem serve\n");
        assertThat(unit()).content().contains("managed by eagle-mem service install");
    }

    /**
     * A serve started by hand holds the lock: the unit's own command line (read from the written unit) must then
     * exit 0 at once, so the manager does not restart it in a loop, and status must say how to hand over.
     */
    @Test
    void aServeStartedOutsideTheServiceIsSeenAndTheUnitsCommandLeavesItAlone() throws Exception {
        Path data = Files.createTempDirectory(Path.of("/tmp"), "emsvc").resolve("d"); // socket paths are short
        cli.env.put("EAGLE_MEM_DIR", data.toString());
        cli.env.put("EAGLE_MEM_SERVICE_PLATFORM", "systemd");
        answer("systemctl.show.out", "LoadState=loaded\nActiveState=inactive\nSubState=dead\nUnitFileState=enabled\nMainPID=0\n");
        Process serve = cli.start("serve", "serve", "--port", "0");
        try {
            JsonNode running = awaitServe();
            long pid = running.get("pid").asLong();
            JsonNode installed = cli.run("service", "install", "--json").ok().json();
            assertThat(installed.get("warnings")).anySatisfy(w -> assertThat(w.asText()).contains("(pid " + pid + ")")
                    .endsWith("eagle-mem serve --stop && systemctl --user restart eagle-mem.service"));

            String execStart = Files.readAllLines(unit()).stream().filter(l -> l.startsWith("ExecStart=")).findFirst()
                    .orElseThrow();
            String[] args = execStart.substring(execStart.lastIndexOf('"') + 1).strip().split(" ");
            assertThat(args[0]).isEqualTo("serve");
            cli.run(args).exits(0);
            assertThat(serve.isAlive()).isTrue();

            JsonNode status = cli.run("service", "status", "--json").ok().json();
            assertThat(status.get("serve").get("state").asText()).isEqualTo("running");
            assertThat(status.get("serve").get("pid").asLong()).isEqualTo(pid);
            assertThat(status.get("fix").asText())
                    .isEqualTo("eagle-mem serve --stop && systemctl --user restart eagle-mem.service");
        } finally {
            cli.run("serve", "--stop");
            serve.waitFor(30, TimeUnit.SECONDS);
            try (var files = Files.walk(data.getParent())) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private JsonNode awaitServe() throws InterruptedException {
        for (int i = 0; i < 120; i++) {
            Cli.Result status = cli.run("serve", "--status", "--json");
            if (status.exit() == 0) {
                return status.json();
            }
            Thread.sleep(250);
        }
        throw new AssertionError("serve did not come up");
    }

    @Test
    void anUnknownPlatformIsInvalidInput() {
        Cli.Result r = cli.run("service", "status", "--platform", "upstart");
        r.exits(2);
        assertThat(r.err()).contains("unknown service platform 'upstart'");
    }
}
