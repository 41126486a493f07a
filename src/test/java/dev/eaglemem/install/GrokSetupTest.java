package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.install.Installer.Agent;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code install --agent grok} on a scratch HOME that already holds the user's own Grok setup (a custom model in
 * config.toml, a hooks file and a rules file of theirs): ours is added beside it, doctor sees drift, and uninstall
 * gives every file back byte for byte.
 */
class GrokSetupTest {

    private static final Set<Agent> GROK = EnumSet.of(Agent.GROK);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONFIG = "# my grok\n[model.local]\nmodel = \"qwen\"\nbase_url = \"http://127.0.0.1:11434/v1\"\n"
            + "api_backend = \"chat_completions\"\n\n[models]\ndefault = \"local\"\n";
    private static final String MY_HOOKS = "{\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"notify-send done\"}]}]}}\n";
    private static final String MY_RULE = "Always answer in English.\n";

    @TempDir
    Path dir;

    private Path home;
    private String previousAppDir;
    private final List<TestDb> dbs = new java.util.ArrayList<>();

    @BeforeEach
    void userSetup() throws Exception {
        home = dir.resolve("home");
        Path checkout = dir.resolve("checkout/target/quarkus-app");
        Files.createDirectories(checkout);
        Path launcher = checkout.resolve("eagle-mem");
        Files.writeString(launcher, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        previousAppDir = System.getProperty(RuntimeInstall.APP_DIR_PROPERTY);
        System.setProperty(RuntimeInstall.APP_DIR_PROPERTY, checkout.toString());
        Files.createDirectories(grok("hooks"));
        Files.createDirectories(grok("rules"));
        Files.writeString(grok("config.toml"), CONFIG);
        Files.writeString(grok("hooks/mine.json"), MY_HOOKS);
        Files.writeString(grok("rules/mine.md"), MY_RULE);
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

    private Path grok(String path) {
        return home.resolve(".grok").resolve(path);
    }

    private Installer installer() {
        EagleEnv env = new EagleEnv(Map.of("PATH", "/usr/bin:/bin"), home, home);
        DataDir data = DataDir.from(env);
        return new Installer(env, data, () -> {
            TestDb db = TestDb.in(data.root());
            dbs.add(db);
            return db.db;
        }, new ProjectStore(), Clock.systemUTC(), new ServeControl(data));
    }

    private static InstallFinding finding(List<InstallFinding> findings, String name) {
        return findings.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private List<String> names(String folder) throws Exception {
        try (Stream<Path> files = Files.list(grok(folder))) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void installAddsOursBesideTheUsersAndUninstallGivesEveryFileBackByteForByte() throws Exception {
        installer().install(GROK, false);

        JsonNode hooks = JSON.readTree(grok("hooks/eagle-mem.json").toFile()).path("hooks");
        assertThat(hooks.properties()).extracting(Map.Entry::getKey).containsExactly("SessionStart", "UserPromptSubmit",
                "PreToolUse", "PostToolUse", "Stop", "PreCompact", "SessionEnd");
        String preToolUse = hooks.path("PreToolUse").get(0).path("hooks").get(0).path("command").asText();
        assertThat(preToolUse).contains("hook PreToolUse --agent grok");
        assertThat(hooks.path("PreToolUse").get(0).path("matcher").asText()).contains("run_terminal_command");
        assertThat(Files.readString(grok("config.toml"))).startsWith(CONFIG).contains("[mcp_servers.eagle-mem]")
                .contains("args = [\"mcp\"]");
        assertThat(Files.readString(grok("rules/eagle-mem.md"))).contains("grok-bootstrap").contains("Decision:");
        assertThat(grok("skills/eagle-mem-search/SKILL.md")).exists();
        assertThat(Files.readString(grok("hooks/mine.json"))).isEqualTo(MY_HOOKS);

        List<InstallFinding> healthy = installer().findings();
        assertThat(List.of("grok hooks", "grok mcp", "grok rules"))
                .allSatisfy(name -> assertThat(finding(healthy, name).problem()).as(name).isFalse());
        assertThat(installer().install(GROK, false).actions()).allSatisfy(a -> assertThat(a.status())
                .isIn(ActionStatus.Outcome.UNCHANGED, ActionStatus.Outcome.READY));

        Files.delete(grok("hooks/eagle-mem.json"));
        Files.writeString(grok("rules/eagle-mem.md"), "edited\n");
        List<InstallFinding> drifted = installer().findings();
        assertThat(finding(drifted, "grok hooks").problem()).isTrue();
        assertThat(finding(drifted, "grok hooks").fix()).isEqualTo("eagle-mem install --agent grok");
        assertThat(finding(drifted, "grok rules").problem()).isTrue();
        assertThat(finding(drifted, "grok mcp").problem()).isFalse();
        installer().install(GROK, false);
        assertThat(installer().findings()).filteredOn(f -> f.name().startsWith("grok")).noneMatch(InstallFinding::problem);

        installer().uninstall(GROK, false, false);
        assertThat(Files.readString(grok("config.toml"))).isEqualTo(CONFIG);
        assertThat(names("hooks")).containsExactly("mine.json");
        assertThat(names("rules")).containsExactly("mine.md");
        assertThat(Files.readString(grok("hooks/mine.json"))).isEqualTo(MY_HOOKS);
        assertThat(Files.readString(grok("rules/mine.md"))).isEqualTo(MY_RULE);
        assertThat(grok("skills")).doesNotExist();
    }

    @Test
    void onAMachineWithoutGrokEverythingInstallCreatedGoesAgain() throws Exception {
        Files.walk(home.resolve(".grok")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        assertThat(new GrokSetup().present(new EagleEnv(Map.of("PATH", "/usr/bin:/bin"), home, home))).isFalse();
        installer().install(GROK, false);
        assertThat(grok("config.toml")).content().startsWith("[mcp_servers.eagle-mem]");
        installer().uninstall(GROK, false, false);
        assertThat(grok("config.toml")).doesNotExist();
        assertThat(grok("hooks/eagle-mem.json")).doesNotExist();
        assertThat(grok("rules/eagle-mem.md")).doesNotExist();
    }
}
