package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.install.Installer.Agent;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code install --agent antigravity}, doctor and uninstall on a scratch HOME with a fake runtime: our named bundle in
 * ~/.gemini/config/hooks.json beside the user's, our server in mcp_config.json, both files back byte for byte. The
 * formats follow the CLI's hooks reference as third parties mirror it: untested against the real CLI.
 */
class AntigravitySetupTest {

    private static final Set<Agent> AGY = EnumSet.of(Agent.ANTIGRAVITY);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String USER_HOOKS = "{\n  \"my-audit\": {\n    \"enabled\": true,\n    \"Stop\": [ { \"type\": "
            + "\"command\", \"command\": \"~/audit.sh\", \"timeout\": 5 } ]\n  }\n}\n";
    private static final String USER_MCP = "{\"mcpServers\": {\"github\": {\"command\": \"gh-mcp\"}}}";

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

    private Installer installer() {
        EagleEnv env = new EagleEnv(Map.of("PATH", home.resolve(".local/bin") + ":/usr/bin:/bin"), home, home);
        DataDir data = DataDir.from(env);
        return new Installer(env, data, () -> {
            TestDb db = TestDb.in(data.root());
            dbs.add(db);
            return db.db;
        }, new ProjectStore(), Clock.systemUTC(), new ServeControl(data));
    }

    private Path hooks() {
        return home.resolve(".gemini/config/hooks.json");
    }

    private Path mcp() {
        return home.resolve(".gemini/config/mcp_config.json");
    }

    @Test
    void installAddsOurBundleBesideTheUsersAndUninstallRestoresBothFilesByteForByte() throws Exception {
        Files.createDirectories(hooks().getParent());
        Files.writeString(hooks(), USER_HOOKS);
        Files.writeString(mcp(), USER_MCP);
        assertThat(installer().agentsHere()).contains(Agent.ANTIGRAVITY);

        InstallReport report = installer().install(AGY, false);
        assertThat(report.warnings()).contains("antigravity: " + AntigravitySetup.CAVEAT);
        JsonNode installed = JSON.readTree(Files.readString(hooks()));
        assertThat(installed.at("/my-audit/Stop/0/command").asText()).isEqualTo("~/audit.sh");
        JsonNode ours = installed.get("eagle-mem");
        assertThat(ours.get("enabled").asBoolean()).isTrue();
        assertThat(ours.at("/PreInvocation/0/command").asText()).endsWith(" PreInvocation --agent antigravity");
        assertThat(ours.at("/PreToolUse/0/matcher").asText()).isEqualTo("run_command");
        assertThat(ours.at("/PreToolUse/0/hooks/0/type").asText()).isEqualTo("command");
        assertThat(ours.at("/Stop/0/command").asText()).as("non-tool events are flat").endsWith(" Stop --agent antigravity");
        assertThat(JSON.readTree(Files.readString(mcp())).at("/mcpServers/eagle-mem/args/0").asText()).isEqualTo("mcp");
        assertThat(JSON.readTree(Files.readString(mcp())).at("/mcpServers/github/command").asText()).isEqualTo("gh-mcp");

        String again = Files.readString(hooks());
        installer().install(AGY, false);
        assertThat(Files.readString(hooks())).isEqualTo(again);
        assertThat(installer().findings()).filteredOn(f -> f.name().startsWith("antigravity"))
                .noneMatch(InstallFinding::problem).extracting(InstallFinding::name)
                .contains("antigravity_hooks", "antigravity_mcp", "antigravity");

        installer().uninstall(AGY, false, false);
        assertThat(Files.readString(hooks())).isEqualTo(USER_HOOKS);
        assertThat(Files.readString(mcp())).isEqualTo(USER_MCP);
    }

    @Test
    void doctorNamesADisabledBundleAndInstallTurnsItBackOn() throws Exception {
        installer().install(AGY, false);
        Files.writeString(hooks(), Files.readString(hooks()).replace("\"enabled\": true", "\"enabled\": false"));
        InstallFinding drift = installer().findings().stream().filter(f -> f.name().equals("antigravity_hooks"))
                .findFirst().orElseThrow();
        assertThat(drift.problem()).isTrue();
        assertThat(drift.detail()).contains("the \"eagle-mem\" hook bundle is disabled");
        assertThat(drift.fix()).isEqualTo("eagle-mem install --agent antigravity");
        installer().install(AGY, false);
        assertThat(installer().findings()).filteredOn(f -> f.name().startsWith("antigravity_"))
                .noneMatch(InstallFinding::problem);
    }

    @Test
    void filesAndFoldersInstallCreatedGoAgain() throws Exception {
        installer().install(AGY, false);
        assertThat(hooks()).isRegularFile();
        installer().uninstall(AGY, false, false);
        assertThat(home.resolve(".gemini")).doesNotExist();
    }

    @Test
    void aUsersBundleOfOurNameIsNeverOverwritten() throws Exception {
        Files.createDirectories(hooks().getParent());
        String theirs = "{\"eagle-mem\":{\"Stop\":[{\"type\":\"command\",\"command\":\"./mine.sh\"}]}}";
        Files.writeString(hooks(), theirs);
        assertThatThrownBy(() -> installer().install(AGY, false)).isInstanceOf(EagleException.class)
                .hasMessageContaining("not eagle-mem's");
        assertThat(Files.readString(hooks())).isEqualTo(theirs);
        assertThat(mcp()).doesNotExist();
    }
}
