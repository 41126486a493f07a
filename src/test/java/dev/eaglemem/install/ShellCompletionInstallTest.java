package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.install.ActionStatus.Outcome;
import dev.eaglemem.install.Installer.Agent;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * install writes the tab-completion files of the shells on PATH where each shell looks, never touching a start-up
 * file; uninstall (and install --no-completion) takes exactly those out again. A scratch HOME, a fake runtime, and
 * fake shells on a PATH of our choosing.
 */
class ShellCompletionInstallTest {

    private static final Set<Agent> CLAUDE = EnumSet.of(Agent.CLAUDE_CODE);
    private static final CompletionScripts SCRIPTS = new CompletionScripts("bash v1\n", "zsh v1\n", "fish v1\n");

    @TempDir
    Path dir;

    private Path home;
    private Path shells;
    private String previousAppDir;
    private final List<TestDb> dbs = new ArrayList<>();
    private final Map<String, String> vars = new HashMap<>();

    @BeforeEach
    void fakeRuntimeAndShells() throws Exception {
        home = dir.resolve("home");
        Path checkout = dir.resolve("checkout/target/quarkus-app");
        Files.createDirectories(checkout);
        executable(checkout.resolve("eagle-mem"));
        Files.createDirectories(home.resolve(".claude"));
        shells = Files.createDirectories(dir.resolve("shells"));
        for (String shell : List.of("bash", "zsh", "fish")) {
            executable(shells.resolve(shell));
        }
        vars.put("PATH", home.resolve(".local/bin") + ":" + shells);
        previousAppDir = System.getProperty(RuntimeInstall.APP_DIR_PROPERTY);
        System.setProperty(RuntimeInstall.APP_DIR_PROPERTY, checkout.toString());
    }

    @AfterEach
    void restore() {
        if (previousAppDir == null) {
            System.clearProperty(RuntimeInstall.APP_DIR_PROPERTY);
        } else {
            System.setProperty(RuntimeInstall.APP_DIR_PROPERTY, previousAppDir);
        }
        dbs.forEach(TestDb::close);
    }

    private static void executable(Path file) throws Exception {
        Files.writeString(file, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Installer installer() {
        EagleEnv env = new EagleEnv(Map.copyOf(vars), home, home);
        DataDir data = DataDir.from(env);
        return new Installer(env, data, () -> {
            TestDb db = TestDb.in(data.root());
            dbs.add(db);
            return db.db;
        }, new ProjectStore(), Clock.systemUTC(), new ServeControl(data));
    }

    private InstallReport install(CompletionScripts scripts) {
        return installer().install(CLAUDE, false, true, Optional.ofNullable(scripts));
    }

    private Path bash() {
        return home.resolve(".local/share/bash-completion/completions/eagle-mem");
    }

    private Path zsh() {
        return home.resolve(".eagle-mem/completion/eagle-mem.zsh");
    }

    private Path fish() {
        return home.resolve(".config/fish/completions/eagle-mem.fish");
    }

    private static List<String> completion(InstallReport report) {
        return report.actions().stream().filter(a -> a.what().startsWith("completion "))
                .map(a -> a.what() + " " + a.status().id() + " " + a.path()).toList();
    }

    @Test
    void eachShellOnPathGetsItsFileAndUninstallTakesThemAndTheirNewFoldersOut() throws Exception {
        InstallReport first = install(SCRIPTS);
        assertThat(completion(first)).containsExactly("completion bash created " + bash(), "completion zsh created " + zsh(),
                "completion fish created " + fish());
        assertThat(bash()).hasContent("bash v1");
        assertThat(zsh()).hasContent("zsh v1");
        assertThat(fish()).hasContent("fish v1");
        assertThat(first.warnings()).as("zsh needs one line in ~/.zshrc, which install never writes")
                .contains("zsh completes eagle-mem once " + home.resolve(".zshrc") + " has this line (install never edits"
                        + " it): [[ -r " + zsh() + " ]] && source " + zsh());
        assertThat(home.resolve(".zshrc")).doesNotExist();

        Files.writeString(home.resolve(".zshrc"), "[[ -r " + zsh() + " ]] && source " + zsh() + "\n");
        InstallReport again = install(SCRIPTS);
        assertThat(again.actions()).allSatisfy(a -> assertThat(a.status()).isIn(Outcome.UNCHANGED, Outcome.READY));
        assertThat(again.warnings()).noneMatch(w -> w.contains("zsh"));

        InstallReport upgraded = install(new CompletionScripts("bash v2\n", "zsh v1\n", "fish v2\n"));
        assertThat(completion(upgraded)).containsExactly("completion bash updated " + bash(), "completion zsh unchanged "
                + zsh(), "completion fish updated " + fish());
        assertThat(bash()).hasContent("bash v2");

        InstallReport removed = installer().uninstall(CLAUDE, false, false);
        assertThat(completion(removed)).containsExactly("completion bash removed " + bash(), "completion zsh removed " + zsh(),
                "completion fish removed " + fish());
        assertThat(removed.warnings()).contains("the zsh completion file goes: take the line that sources " + zsh()
                + " out of " + home.resolve(".zshrc"));
        assertThat(home.resolve(".local/share")).as("folders install made for them go too").doesNotExist();
        assertThat(home.resolve(".config")).doesNotExist();
        assertThat(home.resolve(".eagle-mem/completion")).doesNotExist();
        assertThat(home.resolve(".zshrc")).as("the user's start-up file is theirs").exists();
    }

    @Test
    void aFileThatWasThereBeforeComesBackOnUninstallAndADryRunWritesNothing() throws Exception {
        Files.createDirectories(fish().getParent());
        Files.writeString(fish(), "# my own\n");
        InstallReport plan = installer().install(CLAUDE, true, true, Optional.of(SCRIPTS));
        assertThat(completion(plan)).containsExactly("completion bash planned: created " + bash(),
                "completion zsh planned: created " + zsh(), "completion fish planned: updated " + fish());
        assertThat(bash()).doesNotExist();
        assertThat(fish()).hasContent("# my own");

        install(SCRIPTS);
        assertThat(fish()).hasContent("fish v1");
        assertThat(home.resolve(".eagle-mem/backups/completion-fish.before-install")).hasContent("# my own");
        InstallReport planned = installer().uninstall(CLAUDE, false, true);
        assertThat(completion(planned)).contains("completion fish planned: restored " + fish());
        assertThat(fish()).hasContent("fish v1");

        InstallReport removed = installer().uninstall(CLAUDE, false, false);
        assertThat(completion(removed)).contains("completion fish restored " + fish(), "completion bash removed " + bash());
        assertThat(fish()).hasContent("# my own");
        assertThat(bash()).doesNotExist();
    }

    @Test
    void noCompletionTakesOutWhatAnEarlierInstallWroteAndLeavesOutShellsNotOnPath() throws Exception {
        vars.put("PATH", home.resolve(".local/bin") + ":" + dir.resolve("only-bash"));
        executable(Files.createDirectories(dir.resolve("only-bash")).resolve("bash"));
        assertThat(completion(install(SCRIPTS))).containsExactly("completion bash created " + bash());
        assertThat(zsh()).doesNotExist();
        assertThat(fish()).doesNotExist();

        Files.createDirectories(fish().getParent());
        Files.writeString(fish(), "# written by hand\n");
        InstallReport none = install(null);
        assertThat(completion(none)).containsExactly("completion bash removed " + bash());
        assertThat(bash()).doesNotExist();
        assertThat(fish()).as("a file install did not write is not install's to take").hasContent("# written by hand");
        assertThat(completion(install(null))).isEmpty();
    }

    @Test
    void theXdgFoldersAndBashCompletionsOwnVariableAreRespected() {
        vars.put("XDG_DATA_HOME", dir.resolve("data").toString());
        vars.put("XDG_CONFIG_HOME", dir.resolve("config").toString());
        install(SCRIPTS);
        assertThat(dir.resolve("data/bash-completion/completions/eagle-mem")).hasContent("bash v1");
        assertThat(dir.resolve("config/fish/completions/eagle-mem.fish")).hasContent("fish v1");

        vars.put("BASH_COMPLETION_USER_DIR", dir.resolve("bc").toString());
        vars.put("XDG_CONFIG_HOME", "relative/is/ignored");
        assertThat(ShellCompletion.targets(new EagleEnv(Map.copyOf(vars), home, home), home.resolve(".eagle-mem")))
                .extracting(ShellCompletion.Target::file).containsExactly(dir.resolve("bc/completions/eagle-mem"),
                        home.resolve(".eagle-mem/completion/eagle-mem.zsh"),
                        home.resolve(".config/fish/completions/eagle-mem.fish"));
    }
}
