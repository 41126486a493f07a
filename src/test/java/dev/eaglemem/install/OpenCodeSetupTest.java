package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

/** {@code install --agent opencode} on a temp HOME: plugin, MCP entry, AGENTS.md block, skills, doctor, uninstall. */
class OpenCodeSetupTest {

    private static final Set<Agent> OPENCODE = EnumSet.of(Agent.OPENCODE);
    /** A user's own config, tabs and key order included: uninstall must give these exact bytes back. */
    private static final String MINE = "{\n\t\"$schema\": \"https://opencode.ai/config.json\",\n\t\"model\": \"anthropic/x\",\n"
            + "\t\"mcp\": {\"docs\": {\"type\": \"remote\", \"url\": \"https://docs.example/mcp\"}},\n\t\"plugin\": [\"my-plugin\"]\n}";

    @TempDir
    Path dir;

    private Path home;
    private Path config;
    private String previousAppDir;
    private final List<TestDb> dbs = new ArrayList<>();

    @BeforeEach
    void fakeRuntime() throws Exception {
        home = dir.resolve("home");
        config = home.resolve(".config/opencode");
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
        vars.putIfAbsent("PATH", home.resolve(".local/bin") + ":/usr/bin:/bin");
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

    private static InstallFinding finding(List<InstallFinding> findings, String name) {
        return findings.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void installMergesEveryPieceAndUninstallGivesTheUsersConfigBackByteForByte() throws Exception {
        Files.createDirectories(config);
        Files.writeString(config.resolve("opencode.json"), MINE);
        Files.writeString(config.resolve("AGENTS.md"), "# Mine\nAlways run the tests.\n");
        InstallReport report = installer().install(OPENCODE, false);

        var json = new ObjectMapper().readTree(config.resolve("opencode.json").toFile());
        assertThat(json.at("/mcp/eagle-mem/type").asText()).isEqualTo("local");
        assertThat(json.at("/mcp/eagle-mem/command/0").asText()).isEqualTo(report.binary());
        assertThat(json.at("/mcp/eagle-mem/command/1").asText()).isEqualTo("mcp");
        assertThat(json.at("/mcp/docs/url").asText()).isEqualTo("https://docs.example/mcp");
        assertThat(json.at("/plugin/0").asText()).isEqualTo("my-plugin");
        String plugin = Files.readString(config.resolve("plugins/eagle-mem.js"));
        // the hook program install chose, as an argv array (this runtime has no shim: the binary and its "hook" verb)
        assertThat(plugin).contains("/*HOOK*/[\"" + home.resolve(".eagle-mem/runtime/eagle-mem") + "\",\"hook\"];")
                .doesNotContain(OpenCodeConfig.HOOK_PLACEHOLDER).contains("\"--agent\", \"opencode\"");
        assertThat(config.resolve("AGENTS.md")).content().startsWith("# Mine\nAlways run the tests.\n").contains("eagle-mem");
        assertThat(config.resolve("skills/eagle-mem-search/SKILL.md")).exists();

        List<InstallFinding> findings = installer().findings();
        assertThat(finding(findings, "opencode_plugin").problem()).isFalse();
        assertThat(finding(findings, "opencode_mcp").problem()).isFalse();
        assertThat(installer().install(OPENCODE, false).actions()).filteredOn(a -> a.what().equals("plugin")
                || a.what().equals("mcp server")).hasSize(2)
                .allSatisfy(a -> assertThat(a.status()).isEqualTo(ActionStatus.Outcome.UNCHANGED));

        installer().uninstall(OPENCODE, false, false);
        assertThat(config.resolve("opencode.json")).content().isEqualTo(MINE);
        assertThat(config.resolve("AGENTS.md")).content().isEqualTo("# Mine\nAlways run the tests.\n");
        assertThat(config.resolve("plugins")).doesNotExist();
        assertThat(config.resolve("skills")).doesNotExist();
    }

    @Test
    void doctorSeesAnEditedPluginAndALostServerAndUninstallKeepsTheUsersLaterEdits() throws Exception {
        installer().install(OPENCODE, false);
        Path plugin = config.resolve("plugins/eagle-mem.js");
        Files.writeString(plugin, Files.readString(plugin).replace("30000", "1"));
        Path file = config.resolve("opencode.json");
        Files.writeString(file, "{\"theme\": \"dark\"}\n");
        List<InstallFinding> findings = installer().findings();
        assertThat(finding(findings, "opencode_plugin").problem()).isTrue();
        assertThat(finding(findings, "opencode_mcp").detail()).contains("no mcp.eagle-mem entry");
        assertThat(finding(findings, "opencode_mcp").fix()).isEqualTo("eagle-mem install --agent opencode");

        installer().install(OPENCODE, false);
        assertThat(finding(installer().findings(), "opencode_plugin").problem()).isFalse();
        installer().uninstall(OPENCODE, false, false);
        assertThat(new ObjectMapper().readTree(file.toFile())).isEqualTo(new ObjectMapper().readTree("{\"theme\": \"dark\"}"));
        assertThat(plugin).doesNotExist();
    }

    @Test
    void xdgConfigHomeIsRespectedAndFilesInstallCreatedGoAgain() throws Exception {
        Path xdg = dir.resolve("xdg");
        Installer installer = installer(Map.of("XDG_CONFIG_HOME", xdg.toString()));
        installer.install(OPENCODE, false);
        assertThat(xdg.resolve("opencode/plugins/eagle-mem.js")).exists();
        assertThat(xdg.resolve("opencode/opencode.json")).exists();
        assertThat(home.resolve(".config/opencode")).doesNotExist();
        installer(Map.of("XDG_CONFIG_HOME", xdg.toString())).uninstall(OPENCODE, false, false);
        assertThat(xdg.resolve("opencode/opencode.json")).doesNotExist();
        assertThat(xdg.resolve("opencode/plugins/eagle-mem.js")).doesNotExist();
        assertThat(xdg.resolve("opencode/AGENTS.md")).doesNotExist();
    }

    @Test
    void malformedConfigOrSomeoneElsesPluginStopsInstallBeforeAnythingChanged() throws Exception {
        Files.createDirectories(config.resolve("plugins"));
        Files.writeString(config.resolve("opencode.json"), "{\"model\": ");
        assertThatThrownBy(() -> installer().install(OPENCODE, false)).isInstanceOf(EagleException.class)
                .hasMessageContaining("opencode.json");
        Files.writeString(config.resolve("opencode.json"), "{}");
        Files.writeString(config.resolve("plugins/eagle-mem.js"), "export const Mine = async () => ({});\n");
        assertThatThrownBy(() -> installer().install(OPENCODE, false)).isInstanceOf(EagleException.class)
                .hasMessageContaining("not eagle-mem's plugin");
        assertThat(config.resolve("opencode.json")).content().isEqualTo("{}");
        assertThat(config.resolve("AGENTS.md")).doesNotExist();
    }

    @Test
    void presentWhenTheConfigFolderExistsOrOpencodeIsOnPath() throws Exception {
        OpenCodeSetup setup = new OpenCodeSetup();
        Path bin = dir.resolve("bin");
        Files.createDirectories(bin);
        assertThat(setup.present(new EagleEnv(Map.of("PATH", bin.toString()), home, home))).isFalse();
        Path opencode = bin.resolve("opencode");
        Files.writeString(opencode, "#!/bin/sh\n");
        Files.setPosixFilePermissions(opencode, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(setup.present(new EagleEnv(Map.of("PATH", bin.toString()), home, home))).isTrue();
        Files.createDirectories(config);
        assertThat(setup.present(new EagleEnv(Map.of("PATH", "/nowhere"), home, home))).isTrue();
    }
}
