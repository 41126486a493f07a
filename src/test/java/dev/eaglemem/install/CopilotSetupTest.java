package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
 * {@code install --agent copilot} and uninstall on a scratch HOME that already holds the user's own Copilot files:
 * ours go in next to them, and uninstall leaves every one of them as it was, byte for byte.
 */
class CopilotSetupTest {

    private static final Set<Agent> COPILOT = EnumSet.of(Agent.COPILOT);
    private static final ObjectMapper JSON = new ObjectMapper();
    // odd spacing and key order on purpose: a re-printed file would not match
    private static final String MY_MCP = "{\"mcpServers\": {\"github\": {\"type\":\"http\", \"url\": \"https://example.test/mcp\"}},\n"
            + "   \"extra\": true}\n";
    private static final String MY_HOOKS = "{\"version\":1,\"hooks\":{\"preToolUse\":[{\"type\":\"command\",\"bash\":\"./lint.sh\"}]}}\n";
    private static final String MY_INSTRUCTIONS = "Always answer in British English.\n";
    private static final String MY_SETTINGS = "{ \"model\": \"gpt-5\" }\n";

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

    private Installer installer(Map<String, String> extra) {
        Map<String, String> vars = new HashMap<>(extra);
        vars.put("PATH", "/usr/bin:/bin");
        EagleEnv env = new EagleEnv(vars, home, home);
        DataDir data = DataDir.from(env);
        return new Installer(env, data, () -> {
            TestDb db = TestDb.in(data.root());
            dbs.add(db);
            return db.db;
        }, new ProjectStore(), Clock.systemUTC(), new ServeControl(data));
    }

    private Installer installer() {
        return installer(Map.of());
    }

    private static Map<Path, String> snapshot(Path root) throws Exception {
        Map<Path, String> files = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                files.put(root.relativize(f), Files.readString(f));
            }
        }
        return files;
    }

    private void usersOwnCopilotFiles(Path copilot) throws Exception {
        Files.createDirectories(copilot.resolve("hooks"));
        Files.createDirectories(copilot.resolve("skills/mine"));
        Files.writeString(copilot.resolve("mcp-config.json"), MY_MCP);
        Files.writeString(copilot.resolve("hooks/lint.json"), MY_HOOKS);
        Files.writeString(copilot.resolve("copilot-instructions.md"), MY_INSTRUCTIONS);
        Files.writeString(copilot.resolve("settings.json"), MY_SETTINGS);
        Files.writeString(copilot.resolve("skills/mine/SKILL.md"), "---\nname: mine\n---\n");
    }

    @Test
    void installAddsOursNextToTheUsersFilesAndUninstallRestoresThemByteForByte() throws Exception {
        Path copilot = home.resolve(".copilot");
        usersOwnCopilotFiles(copilot);
        Map<Path, String> before = snapshot(copilot);

        installer().install(COPILOT, false);

        JsonNode hooks = JSON.readTree(copilot.resolve("hooks/eagle-mem.json").toFile());
        assertThat(hooks.path("version").asInt()).isEqualTo(1);
        assertThat(hooks.path("hooks").fieldNames()).toIterable().containsExactly("sessionStart", "userPromptSubmitted",
                "preToolUse", "postToolUse", "agentStop", "preCompact", "sessionEnd");
        JsonNode pre = hooks.path("hooks").path("preToolUse").get(0);
        assertThat(pre.path("type").asText()).isEqualTo("command");
        assertThat(pre.path("bash").asText()).endsWith("preToolUse --agent copilot");
        assertThat(Registrations.isOurs(pre.path("bash").asText())).isTrue();
        assertThat(pre.path("timeoutSec").asInt()).isEqualTo(30);
        assertThat(pre.has("matcher")).as("no matcher: every tool reaches the hook").isFalse();

        JsonNode mcp = JSON.readTree(copilot.resolve("mcp-config.json").toFile());
        assertThat(mcp.path("mcpServers").path("github").path("url").asText()).isEqualTo("https://example.test/mcp");
        assertThat(mcp.path("extra").asBoolean()).isTrue();
        JsonNode ours = mcp.path("mcpServers").path("eagle-mem");
        assertThat(ours.path("type").asText()).isEqualTo("local");
        assertThat(ours.path("args").toString()).isEqualTo("[\"mcp\"]");
        assertThat(ours.path("command").asText()).endsWith("eagle-mem");
        assertThat(copilot.resolve("copilot-instructions.md")).content().startsWith(MY_INSTRUCTIONS).contains("eagle-mem");
        assertThat(copilot.resolve("skills/eagle-mem-search/SKILL.md")).exists();
        assertThat(copilot.resolve("hooks/lint.json")).content().isEqualTo(MY_HOOKS);
        assertThat(copilot.resolve("settings.json")).content().isEqualTo(MY_SETTINGS);

        Map<Path, String> installed = snapshot(copilot);
        installer().install(COPILOT, false);
        assertThat(snapshot(copilot)).as("a second install changes nothing").isEqualTo(installed);
        assertThat(installer().findings()).filteredOn(f -> f.name().startsWith("copilot_"))
                .extracting(InstallFinding::problem).containsExactly(false, false);

        installer().uninstall(COPILOT, false, false);
        assertThat(snapshot(copilot)).isEqualTo(before);
    }

    @Test
    void onAHomeWithoutCopilotFilesUninstallLeavesNoneBehind() throws Exception {
        Files.createDirectories(home.resolve(".copilot"));
        assertThat(new CopilotSetup().present(new EagleEnv(Map.of("PATH", "/usr/bin"), home, home))).isTrue();

        installer().install(COPILOT, false);
        assertThat(home.resolve(".copilot/hooks/eagle-mem.json")).exists();
        installer().uninstall(COPILOT, false, false);

        assertThat(snapshot(home.resolve(".copilot"))).isEmpty();
        assertThat(home.resolve(".copilot/hooks")).doesNotExist();
        assertThat(home.resolve(".copilot/skills")).doesNotExist();
    }

    @Test
    void doctorNamesAChangedHookAndAMissingServerWithTheRepair() throws Exception {
        installer().install(COPILOT, false);
        Path hooks = home.resolve(".copilot/hooks/eagle-mem.json");
        Files.writeString(hooks, Files.readString(hooks).replace("preToolUse --agent copilot", "preToolUse --agent codex"));
        Path mcp = home.resolve(".copilot/mcp-config.json");
        Files.writeString(mcp, "{}\n");

        List<InstallFinding> found = installer().findings().stream().filter(f -> f.name().startsWith("copilot_")).toList();
        assertThat(found).allSatisfy(f -> {
            assertThat(f.problem()).isTrue();
            assertThat(f.fix()).isEqualTo("eagle-mem install --agent copilot");
        });
        assertThat(found.get(0).detail()).contains("preToolUse");
        assertThat(found.get(1).detail()).contains("no mcpServers.eagle-mem entry");
    }

    @Test
    void copilotHomeMovesEveryFile() throws Exception {
        Path elsewhere = dir.resolve("copilot-home");
        installer(Map.of("COPILOT_HOME", elsewhere.toString())).install(COPILOT, false);
        assertThat(elsewhere.resolve("hooks/eagle-mem.json")).exists();
        assertThat(elsewhere.resolve("mcp-config.json")).exists();
        assertThat(elsewhere.resolve("copilot-instructions.md")).exists();
        assertThat(home.resolve(".copilot")).doesNotExist();
        installer(Map.of("COPILOT_HOME", elsewhere.toString())).uninstall(COPILOT, false, false);
        assertThat(elsewhere.resolve("hooks/eagle-mem.json")).doesNotExist();
        assertThat(elsewhere.resolve("mcp-config.json")).doesNotExist();
    }
}
