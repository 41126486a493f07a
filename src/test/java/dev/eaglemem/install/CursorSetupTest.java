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
 * {@code install --agent cursor}, doctor and uninstall on a scratch HOME with a fake runtime: Cursor's hooks.json and
 * mcp.json are merged around the user's own entries and come back byte for byte. The file formats follow Cursor's docs:
 * untested against the real CLI, which every report says.
 */
class CursorSetupTest {

    private static final Set<Agent> CURSOR = EnumSet.of(Agent.CURSOR);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A user's own hooks file, in Cursor's documented shape, with an odd layout that must survive uninstall. */
    private static final String USER_HOOKS = "{\n    \"version\": 1,\n    \"hooks\": {\n        \"afterFileEdit\": "
            + "[{ \"command\": \"./hooks/format.sh\" }],\n        \"preToolUse\": [{ \"command\": \"./hooks/audit.sh\", "
            + "\"matcher\": \"Shell\", \"failClosed\": true }]\n    }\n}\n";
    private static final String USER_MCP = "{\"mcpServers\":{\"linear\":{\"url\":\"https://mcp.linear.app/sse\"}}}\n";

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
        return home.resolve(".cursor/hooks.json");
    }

    private Path mcp() {
        return home.resolve(".cursor/mcp.json");
    }

    @Test
    void installMergesAroundTheUsersEntriesAndUninstallRestoresBothFilesByteForByte() throws Exception {
        Files.createDirectories(home.resolve(".cursor"));
        Files.writeString(hooks(), USER_HOOKS);
        Files.writeString(mcp(), USER_MCP);
        assertThat(installer().agentsHere()).contains(Agent.CURSOR);

        InstallReport report = installer().install(CURSOR, false);
        assertThat(report.warnings()).contains("cursor: " + CursorSetup.CAVEAT);
        JsonNode installed = JSON.readTree(Files.readString(hooks()));
        assertThat(installed.get("version").asInt()).isEqualTo(1);
        assertThat(installed.at("/hooks/afterFileEdit/0/command").asText()).isEqualTo("./hooks/format.sh");
        assertThat(installed.at("/hooks/preToolUse/0/command").asText()).as("the user's entry stays first")
                .isEqualTo("./hooks/audit.sh");
        assertThat(installed.at("/hooks/preToolUse/1/command").asText()).endsWith(" preToolUse --agent cursor");
        assertThat(installed.at("/hooks/preToolUse/1/matcher").asText()).isEqualTo("Shell");
        List<String> events = new ArrayList<>();
        installed.get("hooks").fieldNames().forEachRemaining(events::add);
        assertThat(events).contains("sessionStart", "beforeSubmitPrompt", "postToolUse",
                "afterAgentResponse", "preCompact", "sessionEnd");
        JsonNode servers = JSON.readTree(Files.readString(mcp())).get("mcpServers");
        assertThat(servers.get("linear").get("url").asText()).isEqualTo("https://mcp.linear.app/sse");
        assertThat(servers.at("/eagle-mem/args/0").asText()).isEqualTo("mcp");
        assertThat(home.resolve(".cursor/skills")).isDirectory();

        String again = Files.readString(hooks());
        installer().install(CURSOR, false);
        assertThat(Files.readString(hooks())).as("a second install changes nothing").isEqualTo(again);

        List<InstallFinding> doctor = installer().findings();
        assertThat(doctor).filteredOn(f -> f.name().startsWith("cursor")).noneMatch(InstallFinding::problem)
                .extracting(InstallFinding::name).contains("cursor_hooks", "cursor_mcp", "cursor");
        assertThat(doctor).filteredOn(f -> f.name().equals("cursor")).singleElement()
                .extracting(InstallFinding::detail).isEqualTo(CursorSetup.CAVEAT);

        installer().uninstall(CURSOR, false, false);
        assertThat(Files.readString(hooks())).isEqualTo(USER_HOOKS);
        assertThat(Files.readString(mcp())).isEqualTo(USER_MCP);
        assertThat(home.resolve(".cursor/skills")).doesNotExist();
    }

    @Test
    void doctorNamesAHookTheUserRemovedAndInstallPutsItBack() throws Exception {
        installer().install(CURSOR, false);
        JsonNode tree = JSON.readTree(Files.readString(hooks()));
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("hooks")).remove("sessionStart");
        Files.writeString(hooks(), tree.toString());

        InstallFinding drift = installer().findings().stream().filter(f -> f.name().equals("cursor_hooks")).findFirst()
                .orElseThrow();
        assertThat(drift.problem()).isTrue();
        assertThat(drift.detail()).contains("no eagle-mem sessionStart hook");
        assertThat(drift.fix()).isEqualTo("eagle-mem install --agent cursor");

        installer().install(CURSOR, false);
        assertThat(installer().findings()).filteredOn(f -> f.name().startsWith("cursor_")).noneMatch(InstallFinding::problem);
    }

    @Test
    void filesInstallCreatedGoAgainWithTheFolder() throws Exception {
        installer().install(EnumSet.of(Agent.CLAUDE_CODE, Agent.CURSOR), false);
        assertThat(hooks()).isRegularFile();
        assertThat(mcp()).isRegularFile();

        installer().uninstall(CURSOR, false, false);
        assertThat(home.resolve(".cursor")).as("install made ~/.cursor; nothing else lives there").doesNotExist();
        assertThat(home.resolve(".claude/settings.json")).as("Claude Code's install is another agent's").isRegularFile();
    }

    @Test
    void aMalformedHooksFileStopsInstallBeforeAnyFileChanged() throws Exception {
        Files.createDirectories(home.resolve(".cursor"));
        Files.writeString(hooks(), "{\"version\":1,\"hooks\":[]}");
        assertThatThrownBy(() -> installer().install(EnumSet.of(Agent.CLAUDE_CODE, Agent.CURSOR), false))
                .isInstanceOf(EagleException.class).hasMessageContaining(hooks().toString())
                .hasMessageContaining("\"hooks\" must be an object");
        assertThat(home.resolve(".claude/settings.json")).doesNotExist();
        assertThat(mcp()).doesNotExist();
    }
}
