package dev.eaglemem.autostart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.eaglemem.serve.control.ServeControl;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** status: the unit, the manager's view, serve's view, and the first thing to fix. */
class ServiceStatusTest {

    @TempDir
    Path tmp;
    private ServiceRig rig;

    @BeforeEach
    void setUp() {
        rig = new ServiceRig(tmp, "systemd");
        rig.runner.systemdShows("not-found", "inactive", "dead", "", 0);
    }

    private void installed() {
        rig.service().install(null, false, false);
        rig.runner.systemdRunning();
    }

    @Test
    void nothingInstalled() {
        ServiceStatus s = rig.service().status(null);
        assertThat(s.unit()).isEqualTo("absent");
        assertThat(s.installed()).isFalse();
        assertThat(s.drift()).isNull();
        assertThat(s.fix()).isEqualTo("eagle-mem service install");
    }

    @Test
    void installedRunningAndAnsweringNeedsNothing() {
        installed();
        rig.serve = new ServeView(rig.serve.socket(), ServeControl.State.RUNNING, true, 4242L, "answering (pid 4242)");
        ServiceStatus s = rig.service().status(null);
        assertThat(s.unit()).isEqualTo("ours");
        assertThat(s.drift()).isFalse();
        assertThat(s.driftLines()).isEmpty();
        assertThat(s.manager().running()).isTrue();
        assertThat(s.manager().state()).isEqualTo("active (running)");
        assertThat(s.summary()).startsWith("installed and running under systemd --user");
        assertThat(s.fix()).isNull();
    }

    @Test
    void aRunningServiceWhoseServeDoesNotAnswerIsRestarted() {
        installed();
        ServiceStatus s = rig.service().status(null);
        assertThat(s.serve().answering()).isFalse();
        assertThat(s.summary()).contains("serve does not answer on " + rig.serve.socket());
        assertThat(s.fix()).startsWith("systemctl --user restart eagle-mem.service");
    }

    @Test
    void anEditedUnitIsDrift() throws Exception {
        installed();
        String unit = rig.read(rig.systemdUnit());
        Files.writeString(rig.systemdUnit(), unit.replace("Restart=on-failure", "Restart=always"));
        ServiceStatus s = rig.service().status(null);
        assertThat(s.drift()).isTrue();
        assertThat(s.driftLines()).containsExactly("+ Restart=on-failure", "- Restart=always");
        assertThat(s.fix()).isEqualTo("eagle-mem service install");
    }

    @Test
    void aMovedRuntimeIsDriftToo() throws Exception {
        installed();
        Path moved = rig.home.resolve("elsewhere/eagle-mem");
        Files.createDirectories(moved.getParent());
        Files.move(rig.binary, moved);
        Files.writeString(rig.home.resolve(".eagle-mem/install.json"), rig.read(rig.home.resolve(".eagle-mem/install.json"))
                .replace(rig.binary.toString(), moved.toString()));
        ServiceStatus s = rig.service().status(null);
        assertThat(s.drift()).isTrue();
        assertThat(s.driftLines()).contains("+ ExecStart=\"" + moved + "\" serve --idle-minutes 0 --if-not-running");
    }

    @Test
    void aServeStartedOutsideTheServiceIsHandedOver() {
        installed();
        rig.runner.systemdShows("loaded", "inactive", "dead", "enabled", 0);
        rig.serve = new ServeView(rig.serve.socket(), ServeControl.State.RUNNING, true, 777L, "answering (pid 777)");
        ServiceStatus s = rig.service().status(null);
        assertThat(s.summary()).contains("the serve running (pid 777) was started outside systemd --user");
        assertThat(s.fix()).isEqualTo("eagle-mem serve --stop && systemctl --user restart eagle-mem.service");
    }

    @Test
    void aForeignUnitIsReported() throws Exception {
        Files.createDirectories(rig.systemdUnit().getParent());
        Files.writeString(rig.systemdUnit(), "[Service]\nExecStart=/opt/eagle-mem serve\n");
        ServiceStatus s = rig.service().status(null);
        assertThat(s.unit()).isEqualTo("foreign");
        assertThat(s.installed()).isFalse();
        assertThat(s.drift()).isNull();
        assertThat(s.fix()).startsWith("eagle-mem service install --force");
    }

    @Test
    void anUnreachableManagerIsSaidAndTheFixIsTheManualCommands() {
        installed();
        rig.runner.noBus("systemctl");
        ServiceStatus s = rig.service().status(null);
        assertThat(s.manager().reachable()).isFalse();
        assertThat(s.manager().detail()).contains("Failed to connect to bus");
        assertThat(s.fix()).startsWith("systemctl --user daemon-reload && systemctl --user enable --now eagle-mem.service");
    }

    @Test
    void withoutSystemdRunningAtAllTheFixIsNotACommandThatCannotWork() throws Exception {
        installed();
        rig.runner.noBus("systemctl");
        Files.delete(rig.systemdRuntime());
        ServiceStatus s = rig.service().status(null);
        assertThat(s.manager().reachable()).isFalse();
        assertThat(s.fix()).startsWith("none needed: systemd does not run on this machine")
                .contains("nohup eagle-mem serve").doesNotContain("enable-linger");
    }

    @Test
    void aFailedServiceIsRestarted() {
        installed();
        rig.runner.systemdShows("loaded", "failed", "failed", "enabled", 0);
        ServiceStatus s = rig.service().status(null);
        assertThat(s.summary()).isEqualTo("installed, but not running (failed (failed))");
        assertThat(s.manager().pid()).isNull();
        assertThat(s.fix()).startsWith("systemctl --user restart eagle-mem.service");
    }

    @Test
    void aDisabledServiceIsInstalledAgain() {
        installed();
        rig.runner.systemdShows("loaded", "inactive", "dead", "disabled", 0);
        assertThat(rig.service().status(null).fix()).isEqualTo("eagle-mem service install");
    }
}
