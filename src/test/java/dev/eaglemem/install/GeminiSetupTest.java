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
import java.util.Set;

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
 * install and uninstall of Gemini CLI on a scratch HOME (a fake runtime, as in InstallerTest): hooks and MCP server
 * merged into ~/.gemini/settings.json around the user's own, the instruction block and skills, doctor's drift, and
 * uninstall giving every file back byte for byte.
 */
class GeminiSetupTest {

    private static final Set<Agent> GEMINI = EnumSet.of(Agent.GEMINI);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The user's own: an auth choice, a hook of theirs on BeforeTool, another MCP server; odd spacing kept. */
    private static final String MINE = "{\n  \"security\": {\"auth\": {\"selectedType\": \"gemini-api-key\"}},\n"
            + "  \"hooks\": {\n    \"BeforeTool\": [\n      {\"matcher\": \"write_file\", \"hooks\": [{\"type\": \"command\","
            + " \"command\": \"./lint.sh\", \"timeout\": 5000}]}\n    ]\n  },\n"
            + "  \"mcpServers\": {\"docs\": {\"command\": \"docs-mcp\", \"args\": []}}\n}\n";

    @TempDir
    Path dir;

    private Path home;
    private String previousAppDir;
    private final List<TestDb> dbs = new ArrayList<>();

    @BeforeEach
    void fakeRuntime() throws Exception {
        home = dir.resolve("home");
        Path checkout = dir.resolve("checkout/target/quarkus-app");
        Files.createDirectories(checkout);
        Path launcher = checkout.resolve("eagle-mem");
        Files.writeString(launcher, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(home);
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

    private Path settings() {
        return home.resolve(".gemini/settings.json");
    }

    private Installer installer() {
        return installer(Map.of());
    }

    private Installer installer(Map<String, String> more) {
        Map<String, String> vars = new HashMap<>(more);
        vars.put("PATH", home.resolve(".local/bin") + ":/usr/bin:/bin");
        EagleEnv env = new EagleEnv(vars, home, home);
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

    @Test
    void installMergesAroundTheUsersSettingsAndUninstallGivesThemBackByteForByte() throws Exception {
        Files.createDirectories(settings().getParent());
        Files.writeString(settings(), MINE);
        Files.writeString(home.resolve(".gemini/GEMINI.md"), "# My rules\n\nBe brief.\n");

        InstallReport report = installer().install(GEMINI, false);
        JsonNode root = JSON.readTree(settings().toFile());
        assertThat(root.path("security").path("auth").path("selectedType").asText()).isEqualTo("gemini-api-key");
        assertThat(root.path("mcpServers").path("docs").path("command").asText()).isEqualTo("docs-mcp");
        JsonNode server = root.path("mcpServers").path("eagle-mem");
        assertThat(server.path("command").asText()).endsWith("eagle-mem");
        assertThat(server.path("args").toString()).isEqualTo("[\"mcp\"]");
        assertThat(root.path("hooks").properties().stream().map(Map.Entry::getKey).toList())
                .containsExactly("BeforeTool", "SessionStart", "BeforeAgent", "AfterTool", "AfterAgent", "SessionEnd");
        JsonNode beforeTool = root.path("hooks").path("BeforeTool");
        assertThat(beforeTool).hasSize(2);
        assertThat(beforeTool.get(0).path("hooks").get(0).path("command").asText()).isEqualTo("./lint.sh");
        assertThat(beforeTool.get(1).path("matcher").asText()).isEqualTo("run_shell_command|write_file|replace");
        JsonNode ours = beforeTool.get(1).path("hooks").get(0);
        assertThat(ours.path("command").asText()).endsWith(" hook BeforeTool --agent gemini");
        assertThat(ours.path("timeout").asInt()).as("milliseconds").isEqualTo(30_000);
        assertThat(root.path("hooks").path("SessionStart").get(0).has("matcher")).isFalse();
        assertThat(root.path("hooks").has("PreCompress")).as("fires before every model call").isFalse();
        assertThat(home.resolve(".gemini/GEMINI.md")).content().startsWith("# My rules\n\nBe brief.\n")
                .contains("session save");
        assertThat(home.resolve(".gemini/skills/eagle-mem-search/SKILL.md")).exists();
        assertThat(report.warnings()).anySatisfy(w -> assertThat(w).startsWith("gemini: Gemini CLI takes no context"));

        String installed = Files.readString(settings());
        InstallReport again = installer().install(GEMINI, false);
        assertThat(Files.readString(settings())).isEqualTo(installed);
        assertThat(again.actions()).filteredOn(a -> a.path() != null && a.path().equals(settings().toString()))
                .allSatisfy(a -> assertThat(a.status()).isEqualTo(ActionStatus.Outcome.UNCHANGED));
        assertThat(finding(installer().findings(), "gemini_hooks").problem()).isFalse();

        installer().uninstall(GEMINI, false, false);
        assertThat(settings()).content().isEqualTo(MINE);
        assertThat(home.resolve(".gemini/GEMINI.md")).content().isEqualTo("# My rules\n\nBe brief.\n");
        assertThat(home.resolve(".gemini/skills")).doesNotExist();
    }

    @Test
    void doctorReportsAMissingHookAChangedServerAndHooksSwitchedOff() throws Exception {
        installer().install(GEMINI, false);
        ObjectMapper mapper = new ObjectMapper();
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(settings().toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("hooks")).remove("AfterAgent");
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("mcpServers").get("eagle-mem")).put("command",
                "/old/eagle-mem");
        root.putObject("hooksConfig").put("enabled", false);
        Files.writeString(settings(), mapper.writeValueAsString(root));

        InstallFinding drift = finding(installer().findings(), "gemini_hooks");
        assertThat(drift.problem()).isTrue();
        assertThat(drift.detail()).contains("AfterAgent").contains("is not registered").contains("/old/eagle-mem")
                .contains("hooksConfig.enabled is false");
        assertThat(drift.fix()).isEqualTo("eagle-mem install --agent gemini");

        installer().install(GEMINI, false);
        assertThat(finding(installer().findings(), "gemini_hooks").detail()).contains("hooksConfig.enabled is false")
                .doesNotContain("AfterAgent");
    }

    @Test
    void aSettingsFileInstallCreatedIsGoneAfterUninstallAndGeminiCliHomeMovesIt() throws Exception {
        Path other = dir.resolve("gemini-home");
        Map<String, String> moved = Map.of("GEMINI_CLI_HOME", other.toString());
        installer(moved).install(GEMINI, false);
        assertThat(other.resolve(".gemini/settings.json")).exists();
        assertThat(settings()).doesNotExist();
        installer(moved).uninstall(GEMINI, false, false);
        assertThat(other.resolve(".gemini/settings.json")).doesNotExist();
        assertThat(other.resolve(".gemini/GEMINI.md")).doesNotExist();
    }

    @Test
    void presentWhenItsFolderExistsOrGeminiIsOnPath() throws Exception {
        GeminiSetup setup = new GeminiSetup();
        Path bin = dir.resolve("bin");
        Files.createDirectories(bin);
        EagleEnv none = new EagleEnv(Map.of("PATH", bin.toString()), home, home);
        assertThat(setup.present(none)).isFalse();
        Path gemini = bin.resolve("gemini");
        Files.writeString(gemini, "#!/bin/sh\n");
        Files.setPosixFilePermissions(gemini, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(setup.present(none)).isTrue();
        Files.delete(gemini);
        Files.createDirectories(home.resolve(".gemini"));
        assertThat(setup.present(none)).isTrue();
    }

    @Test
    void aMalformedSettingsFileStopsInstallBeforeAnythingChanged() throws Exception {
        Files.createDirectories(settings().getParent());
        Files.writeString(settings(), "{ \"hooks\": ");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> installer().install(GEMINI, false))
                .hasMessageContaining("malformed JSON in " + settings());
        assertThat(settings()).content().isEqualTo("{ \"hooks\": ");
        assertThat(home.resolve(".gemini/GEMINI.md")).doesNotExist();
    }
}
