package dev.eaglemem.autostart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import dev.eaglemem.autostart.ServiceReport.Outcome;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** install and uninstall against a scripted launchctl. */
class LaunchdServiceTest {

    private static final String NOT_LOADED = "Bad request.\nCould not find service \"dev.eaglemem.serve\" in domain for port";
    private static final String RUNNING = "gui/501/dev.eaglemem.serve = {\n\tactive count = 1\n\tstate = running\n\tpid = 777\n}\n";

    @TempDir
    Path tmp;
    private ServiceRig rig;
    private String domain;

    @BeforeEach
    void setUp() {
        rig = new ServiceRig(tmp, "launchd");
        rig.runner.answer("launchctl print", 113, "", NOT_LOADED);
        domain = "gui/" + Launchd.currentUid();
    }

    @Test
    void installWritesThePlistAndBootstrapsItIntoTheGuiDomain() {
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.outcome()).isEqualTo(Outcome.INSTALLED);
        assertThat(report.platform()).isEqualTo(Platform.LAUNCHD);
        assertThat(report.unitFile()).isEqualTo(rig.plist());
        assertThat(rig.runner.changes()).containsExactly("launchctl bootstrap " + domain + " " + rig.plist());
        assertThat(rig.read(rig.plist())).contains("<string>" + rig.binary + "</string>")
                .contains("<key>StandardOutPath</key>\n  <string>" + rig.home.resolve(".eagle-mem/serve.log") + "</string>");
        assertThat(report.logs()).contains(rig.home.resolve(".eagle-mem/serve.log").toString(),
                "launchctl print " + domain + "/dev.eaglemem.serve");
    }

    @Test
    void whenBootstrapFailsTheOldLoadCommandIsTried() {
        rig.runner.answer("launchctl bootstrap", 5, "", "Bootstrap failed: 5: Input/output error");
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.outcome()).isEqualTo(Outcome.INSTALLED);
        assertThat(rig.runner.changes()).containsExactly("launchctl bootstrap " + domain + " " + rig.plist(),
                "launchctl load -w " + rig.plist());
    }

    @Test
    void withoutAGuiSessionTheFixSaysToRunItFromTheDesktop() {
        rig.runner.answer("launchctl print", 112, "", "Could not find domain for user gui: 501")
                .answer("launchctl bootstrap", 125, "", "Bootstrap failed: 125: Domain does not support specified action")
                .answer("launchctl load", 1, "", "Load failed: 125: Domain does not support specified action");
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.outcome()).isEqualTo(Outcome.MANAGER_UNREACHABLE);
        assertThat(report.fix()).startsWith("launchctl bootstrap " + domain + " ").contains("login session");
        assertThat(rig.plist()).exists();
    }

    @Test
    void aChangedPlistOfALoadedAgentIsBootedOutAndBootstrappedAgain() {
        rig.service().install(null, false, false);
        rig.vars.put("EAGLE_CONFIG_FILE", tmp.resolve("c.toml").toString());
        rig.runner.answer("launchctl print", 0, RUNNING, "").forget();
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.unit()).isEqualTo("updated");
        assertThat(rig.runner.changes()).containsExactly("launchctl bootout " + domain + "/dev.eaglemem.serve",
                "launchctl bootstrap " + domain + " " + rig.plist());
    }

    @Test
    void aLoadedRunningAgentWithTheSamePlistIsLeftAlone() {
        rig.service().install(null, false, false);
        rig.runner.answer("launchctl print", 0, RUNNING, "").forget();
        ServiceReport report = rig.service().install(null, false, false);
        assertThat(report.outcome()).isEqualTo(Outcome.ALREADY_INSTALLED);
        assertThat(report.manager().pid()).isEqualTo(777L);
        assertThat(rig.runner.changes()).isEmpty();
    }

    @Test
    void aLoadedAgentThatIsNotRunningIsKickstarted() {
        rig.service().install(null, false, false);
        rig.runner.answer("launchctl print", 0, RUNNING.replace("state = running", "state = not running")
                .replace("\tpid = 777\n", ""), "").forget();
        rig.service().install(null, false, false);
        assertThat(rig.runner.changes()).containsExactly("launchctl kickstart " + domain + "/dev.eaglemem.serve");
    }

    @Test
    void uninstallBootsTheAgentOutAndRemovesThePlist() {
        rig.service().install(null, false, false);
        rig.runner.answer("launchctl print", 0, RUNNING, "").forget();
        ServiceReport report = rig.service().uninstall(null, false);
        assertThat(report.outcome()).isEqualTo(Outcome.UNINSTALLED);
        assertThat(rig.runner.changes()).containsExactly("launchctl bootout " + domain + "/dev.eaglemem.serve");
        assertThat(rig.plist()).doesNotExist();
    }

    @Test
    void uninstallOfAnUnloadedAgentOnlyRemovesThePlist() {
        rig.service().install(null, false, false);
        rig.runner.forget();
        assertThat(rig.service().uninstall(null, false).outcome()).isEqualTo(Outcome.UNINSTALLED);
        assertThat(rig.runner.changes()).isEmpty();
        assertThat(rig.plist()).doesNotExist();
    }
}
