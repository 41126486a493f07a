package dev.eaglemem.autostart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import dev.eaglemem.autostart.ServiceReport.Outcome;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.serve.control.ServeControl;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** install and uninstall against a scripted systemctl. */
class SystemdServiceTest {

    private static final String RELOAD = "systemctl --user daemon-reload";
    private static final String ENABLE = "systemctl --user enable --now eagle-mem.service";

    @TempDir
    Path tmp;
    private ServiceRig rig;

    @BeforeEach
    void setUp() {
        rig = new ServiceRig(tmp, "systemd");
        rig.runner.systemdShows("not-found", "inactive", "dead", "", 0);
    }

    @Test
    void installWritesTheUnitForTheInstalledRuntimeThenReloadsAndEnablesIt() {
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.outcome()).isEqualTo(Outcome.INSTALLED);
        assertThat(report.unit()).isEqualTo("created");
        assertThat(report.unitFile()).isEqualTo(rig.systemdUnit());
        assertThat(report.binary()).isEqualTo(rig.binary);
        assertThat(report.warnings()).isEmpty();
        assertThat(rig.runner.changes()).containsExactly(RELOAD, ENABLE);
        assertThat(rig.read(rig.systemdUnit()))
                .contains("ExecStart=\"" + rig.binary + "\" serve --idle-minutes 0 --if-not-running")
                .contains("Environment=\"EAGLE_MEM_DIR=" + rig.home.resolve(".eagle-mem") + "\"")
                .doesNotContain("EAGLE_CONFIG_FILE");
        assertThat(report.logs()).containsExactly("journalctl --user -u eagle-mem",
                rig.home.resolve(".eagle-mem/serve.log").toString());
    }

    @Test
    void installingTwiceChangesNothingAndSaysSo() throws Exception {
        rig.service().install(null, false, false);
        String unit = rig.read(rig.systemdUnit());
        long modified = Files.getLastModifiedTime(rig.systemdUnit()).toMillis();
        rig.runner.systemdRunning().forget();

        ServiceReport again = rig.service().install(null, false, false);
        assertThat(again.outcome()).isEqualTo(Outcome.ALREADY_INSTALLED);
        assertThat(again.unit()).isEqualTo("unchanged");
        assertThat(again.commands()).isEmpty();
        assertThat(again.manager().pid()).isEqualTo(4242L);
        assertThat(rig.runner.changes()).isEmpty();
        assertThat(rig.read(rig.systemdUnit())).isEqualTo(unit);
        assertThat(Files.getLastModifiedTime(rig.systemdUnit()).toMillis()).isEqualTo(modified);
    }

    @Test
    void anUnchangedUnitThatIsNotRunningIsOnlyStarted() {
        rig.service().install(null, false, false);
        rig.runner.systemdShows("loaded", "failed", "failed", "enabled", 0).forget();
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.outcome()).isEqualTo(Outcome.INSTALLED);
        assertThat(report.unit()).isEqualTo("unchanged");
        assertThat(rig.runner.changes()).containsExactly(ENABLE);
    }

    @Test
    void aChangedUnitOfARunningServiceIsReloadedAndRestarted() {
        rig.service().install(null, false, false);
        rig.vars.put("EAGLE_CONFIG_FILE", rig.home.resolve("my config.toml").toString());
        rig.runner.systemdRunning().forget();
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.unit()).isEqualTo("updated");
        assertThat(report.backup()).isNotNull().content().doesNotContain("EAGLE_CONFIG_FILE");
        assertThat(rig.runner.changes()).containsExactly(RELOAD, "systemctl --user restart eagle-mem.service");
        assertThat(rig.read(rig.systemdUnit()))
                .contains("Environment=\"EAGLE_CONFIG_FILE=" + rig.home.resolve("my config.toml") + "\"");
    }

    @Test
    void installWarnsWhenAServeStartedOutsideTheServiceHoldsTheSocket() {
        rig.serve = new ServeView(rig.serve.socket(), ServeControl.State.RUNNING, true, 777L, "answering (pid 777)");
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.outcome()).isEqualTo(Outcome.INSTALLED);
        assertThat(report.warnings()).singleElement().asString().contains("(pid 777)")
                .endsWith("Hand over: eagle-mem serve --stop && systemctl --user restart eagle-mem.service");
    }

    @Test
    void aDryRunWritesNothingAndRunsNothing() {
        ServiceReport report = rig.service().install(null, true, false);
        assertThat(report.outcome()).isEqualTo(Outcome.PLANNED);
        assertThat(report.unit()).isEqualTo("planned: created");
        assertThat(report.commands()).extracting(CommandRun::display).containsExactly(RELOAD, ENABLE);
        assertThat(report.commands()).allSatisfy(c -> assertThat(c.exitCode()).isNull());
        assertThat(rig.runner.changes()).isEmpty();
        assertThat(rig.systemdUnit()).doesNotExist();
    }

    @Test
    void aForeignUnitIsRefusedUntouchedAndReplacedWithForceAfterABackup() throws Exception {
        Files.createDirectories(rig.systemdUnit().getParent());
        String mine = "[Service]\nExecStart=/opt/eagle-mem serve\n";
        Files.writeString(rig.systemdUnit(), mine);
        assertThatThrownBy(() -> rig.service().install(null, false, false))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT);
                    assertThat(e.getMessage()).contains(rig.systemdUnit().toString());
                    assertThat(e.fix()).contains("eagle-mem service install --force");
                });
        assertThat(rig.read(rig.systemdUnit())).isEqualTo(mine);
        assertThat(rig.runner.calls).isEmpty();

        ServiceReport forced = rig.service().install(null, false, true);
        assertThat(forced.unit()).isEqualTo("updated");
        assertThat(forced.backup()).isEqualTo(rig.home.resolve(".eagle-mem/backups/eagle-mem.service.20261122T154803Z"));
        assertThat(forced.backup()).content().isEqualTo(mine);
        assertThat(UnitFile.isOurs(rig.read(rig.systemdUnit()))).isTrue();
    }

    @Test
    void withoutAUserBusTheUnitIsWrittenAndTheFixSaysWhatToRun() {
        rig.runner.noBus("systemctl");
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.outcome()).isEqualTo(Outcome.MANAGER_UNREACHABLE);
        assertThat(report.outcome().failed()).isTrue();
        assertThat(report.manager().reachable()).isFalse();
        assertThat(report.summary()).contains("could not be reached", "Failed to connect to bus");
        assertThat(report.fix()).startsWith(RELOAD + " && " + ENABLE).contains("loginctl enable-linger");
        assertThat(rig.runner.changes()).containsExactly(RELOAD);
        assertThat(UnitFile.isOurs(rig.read(rig.systemdUnit()))).isTrue();
    }

    @Test
    void aUnitSystemdRefusesIsAFailureThatPointsAtTheLogs() {
        rig.runner.answer(ENABLE, 1, "", "Failed to enable unit: Unit file eagle-mem.service is masked.");
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.outcome()).isEqualTo(Outcome.MANAGER_FAILED);
        assertThat(report.summary()).contains("'" + ENABLE + "' failed: Failed to enable unit");
        assertThat(report.fix()).contains("journalctl --user -u eagle-mem");
    }

    @Test
    void uninstallStopsDisablesRemovesOurFileAndReloads() {
        rig.service().install(null, false, false);
        rig.runner.systemdRunning().forget();
        ServiceReport report = rig.service().uninstall(null, false);
        assertThat(report.outcome()).isEqualTo(Outcome.UNINSTALLED);
        assertThat(report.unit()).isEqualTo("removed");
        assertThat(rig.runner.changes()).containsExactly("systemctl --user disable --now eagle-mem.service", RELOAD);
        assertThat(rig.systemdUnit()).doesNotExist();

        rig.runner.forget();
        ServiceReport again = rig.service().uninstall(null, false);
        assertThat(again.outcome()).isEqualTo(Outcome.ALREADY_UNINSTALLED);
        assertThat(again.unit()).isEqualTo("absent");
        assertThat(rig.runner.calls).isEmpty();
    }

    @Test
    void uninstallLeavesAForeignUnitAlone() throws Exception {
        Files.createDirectories(rig.systemdUnit().getParent());
        Files.writeString(rig.systemdUnit(), "[Service]\nExecStart=/opt/other serve\n");
        ServiceReport report = rig.service().uninstall(null, false);
        assertThat(report.outcome()).isEqualTo(Outcome.ALREADY_UNINSTALLED);
        assertThat(report.unit()).isEqualTo("foreign");
        assertThat(report.warnings()).singleElement().asString().contains("left alone");
        assertThat(rig.systemdUnit()).exists();
        assertThat(rig.runner.calls).isEmpty();
    }

    @Test
    void uninstallWithoutAUserBusStillRemovesTheFileAndItsEnablementLink() throws Exception {
        rig.service().install(null, false, false);
        Path wants = rig.systemdUnit().resolveSibling("default.target.wants/eagle-mem.service");
        Files.createDirectories(wants.getParent());
        Files.createSymbolicLink(wants, Path.of("../eagle-mem.service"));
        Path otherLink = rig.systemdUnit().resolveSibling("default.target.wants/other.service");
        Files.createSymbolicLink(otherLink, Path.of("../other.service"));
        rig.runner.noBus("systemctl");
        ServiceReport report = rig.service().uninstall(null, false);
        assertThat(report.outcome()).isEqualTo(Outcome.MANAGER_UNREACHABLE);
        assertThat(report.fix()).startsWith("systemctl --user stop eagle-mem.service && systemctl --user daemon-reload");
        assertThat(rig.systemdUnit()).doesNotExist();
        assertThat(Files.exists(wants, LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.isSymbolicLink(otherLink)).isTrue();
    }

    @Test
    void aDryRunUninstallKeepsEverything() {
        rig.service().install(null, false, false);
        rig.runner.systemdRunning().forget();
        ServiceReport report = rig.service().uninstall(null, true);
        assertThat(report.outcome()).isEqualTo(Outcome.PLANNED);
        assertThat(report.unit()).isEqualTo("planned: removed");
        assertThat(rig.runner.changes()).isEmpty();
        assertThat(rig.systemdUnit()).exists();
    }

    @Test
    void uninstallIfInstalledOnlyActsOnOurUnit() throws Exception {
        assertThat(rig.service().uninstallIfInstalled(false)).isEmpty();
        Files.createDirectories(rig.systemdUnit().getParent());
        Files.writeString(rig.systemdUnit(), "[Service]\nExecStart=/opt/other serve\n");
        assertThat(rig.service().uninstallIfInstalled(false)).isEmpty();
        Files.delete(rig.systemdUnit());
        rig.service().install(null, false, false);
        assertThat(rig.service().uninstallIfInstalled(false)).hasValueSatisfying(
                r -> assertThat(r.outcome()).isEqualTo(Outcome.UNINSTALLED));
        assertThat(rig.systemdUnit()).doesNotExist();
    }

    @Test
    void uninstallIfInstalledIsEmptyWhereNoManagerIsSupported() {
        rig.vars.remove(Platform.VARIABLE); // and PATH is empty: no systemctl, so no systemd
        assertThat(rig.service().uninstallIfInstalled(false)).isEmpty();
        assertThat(rig.runner.calls).isEmpty();
    }

    @Test
    void theUnitHonoursXdgConfigHome() {
        rig.vars.put("XDG_CONFIG_HOME", tmp.resolve("xdg").toString());
        assertThat(rig.service().install(null, false, false).unitFile())
                .isEqualTo(tmp.resolve("xdg/systemd/user/eagle-mem.service"));
        rig.vars.put("XDG_CONFIG_HOME", "relative/dir");
        assertThat(rig.service().install(null, true, false).unitFile()).isEqualTo(rig.systemdUnit());
    }
}
