package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.eaglemem.config.ConfigFile;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.Settings;
import dev.eaglemem.install.Installer.Agent;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * install and uninstall end to end on a scratch HOME, with a fake runtime (a directory holding an
 * {@code eagle-mem} script, as the launcher names it through {@code eagle.app.dir}) and a PATH of our choosing.
 */
class InstallerTest {

    private static final Set<Agent> CLAUDE = EnumSet.of(Agent.CLAUDE_CODE);
    private static final String MINE = "{\n  \"model\": \"opus\",\n  \"permissions\": {\n    \"allow\": [\n"
            + "      \"Bash(make:*)\"\n    ]\n  }\n}\n";

    @TempDir
    Path dir;

    private Path home;
    private Path checkout;
    private Path localBin;
    private String previousAppDir;
    private final List<TestDb> dbs = new java.util.ArrayList<>();

    @BeforeEach
    void fakeRuntime() throws Exception {
        home = dir.resolve("home");
        localBin = home.resolve(".local/bin");
        checkout = dir.resolve("checkout/target/quarkus-app");
        Files.createDirectories(checkout);
        Path launcher = checkout.resolve("eagle-mem");
        Files.writeString(launcher, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(home.resolve(".claude"));
        Files.writeString(settings(), MINE);
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
        return home.resolve(".claude/settings.json");
    }

    private Installer installer(String path) {
        Map<String, String> vars = new HashMap<>();
        vars.put("PATH", path);
        EagleEnv env = new EagleEnv(vars, home, home);
        DataDir data = DataDir.from(env);
        return new Installer(env, data, () -> {
            TestDb db = TestDb.in(data.root());
            dbs.add(db);
            return db.db;
        }, new ProjectStore(), Clock.systemUTC(), new ServeControl(data));
    }

    private static String pathWithout() {
        return "/usr/bin:/bin";
    }

    private String pathWith() {
        return localBin + ":/usr/bin:/bin";
    }

    /** What the SessionStart recall tells agents to run (config agents.command). */
    private String agentCommand() {
        return new Settings(ConfigFile.load(home.resolve(".eagle-mem/config.toml"))).agentCommand();
    }

    private static List<String> pathWarnings(InstallReport r) {
        return r.warnings().stream().filter(w -> w.contains("is not on PATH")).toList();
    }

    private static InstallFinding finding(List<InstallFinding> findings, String name) {
        return findings.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void withoutTheLinkOnPathEveryInstallWarnsAndTheAgentsGetTheFullPath() throws Exception {
        String link = localBin.resolve("eagle-mem").toString();
        InstallReport first = installer(pathWithout()).install(CLAUDE, false);
        assertThat(pathWarnings(first)).singleElement().asString().contains(localBin.toString())
                .contains("export PATH=\"$HOME/.local/bin:$PATH\"");
        assertThat(first.command()).isEqualTo(link);
        assertThat(first.allowRules()).hasSize(6).allSatisfy(rule -> assertThat(rule).startsWith("Bash(" + link + " "))
                .contains("Bash(" + link + " session save:*)");
        String block = Files.readString(home.resolve(".claude/CLAUDE.md"));
        assertThat(block).contains("`" + link + " session save --session-id").contains("`" + link + " memories add")
                .doesNotContain("`eagle-mem session save");
        assertThat(home.resolve(".claude/skills/eagle-mem-search/SKILL.md")).content().contains(link + " search release gate");
        String installed = Files.readString(settings());
        assertThat(installed).contains("\"Bash(" + link + " search:*)\"").contains("\"Bash(make:*)\"");
        // the SessionStart recall, which cannot read install state, finds the same command in config
        assertThat(first.actions()).anySatisfy(a -> assertThat(a.what()).isEqualTo("config agents.command"));
        assertThat(agentCommand()).isEqualTo(link);

        InstallReport again = installer(pathWithout()).install(CLAUDE, false);
        assertThat(pathWarnings(again)).as("warned on every install, not only the first").hasSize(1);
        assertThat(again.actions()).allSatisfy(a -> assertThat(a.status()).isIn(ActionStatus.Outcome.UNCHANGED,
                ActionStatus.Outcome.READY));
        assertThat(Files.readString(settings())).isEqualTo(installed);

        InstallFinding path = finding(installer(pathWithout()).findings(), "path");
        assertThat(path.problem()).isTrue();
        assertThat(path.detail()).contains("full path " + link);
        assertThat(path.fix()).startsWith("export PATH=\"$HOME/.local/bin:$PATH\"");
        assertThat(finding(installer(pathWith()).findings(), "path").problem()).isFalse();

        installer(pathWithout()).uninstall(CLAUDE, false, false);
        assertThat(Files.readString(settings())).isEqualTo(MINE);
        assertThat(home.resolve(".claude/CLAUDE.md")).doesNotExist();
    }

    @Test
    void onceTheLinkIsOnPathTheAgentsCallItByNameAndTheFullPathRulesGo() throws Exception {
        installer(pathWithout()).install(CLAUDE, false);
        InstallReport byName = installer(pathWith()).install(CLAUDE, false);
        assertThat(pathWarnings(byName)).isEmpty();
        assertThat(byName.command()).isEqualTo("eagle-mem");
        assertThat(agentCommand()).isEqualTo("eagle-mem");
        assertThat(byName.allowRules()).contains("Bash(eagle-mem session save:*)");
        String settings = Files.readString(settings());
        assertThat(settings).contains("\"Bash(eagle-mem search:*)\"").doesNotContain(localBin + "/eagle-mem search");
        assertThat(home.resolve(".claude/CLAUDE.md")).content().contains("`eagle-mem session save --session-id")
                .doesNotContain(localBin.toString());
        assertThat(installer(pathWith()).install(CLAUDE, false).actions()).allSatisfy(a -> assertThat(a.status())
                .isIn(ActionStatus.Outcome.UNCHANGED, ActionStatus.Outcome.READY));

        // uninstall takes out the rules whichever form the last install wrote
        installer(pathWithout()).install(CLAUDE, false);
        InstallReport removed = installer(pathWithout()).uninstall(CLAUDE, false, false);
        assertThat(Files.readString(settings())).isEqualTo(MINE);
        assertThat(localBin.resolve("eagle-mem")).doesNotExist();
        String hint = removed.warnings().stream().filter(w -> w.contains("database is kept")).findFirst().orElseThrow();
        Path launcher = checkout.resolve("eagle-mem");
        assertThat(hint).as("names what is still there after uninstall").contains(launcher + " uninstall --purge")
                .contains(launcher + " install").doesNotContain("remove everything with: eagle-mem");
        assertThat(launcher).isExecutable();
    }

    @Test
    void noAllowPreApprovesNothingAndTakesOutWhatAnEarlierInstallAdded() throws Exception {
        String user = "{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(eagle-mem search:*)\"\n    ]\n  }\n}\n";
        Files.writeString(settings(), user);
        InstallReport none = installer(pathWith()).install(CLAUDE, false, false);
        assertThat(none.allowRules()).isEmpty();
        assertThat(Files.readString(settings())).doesNotContain("session save:*").contains("Bash(eagle-mem search:*)");

        installer(pathWith()).install(CLAUDE, false, true);
        assertThat(Files.readString(settings())).contains("\"Bash(eagle-mem session save:*)\"");
        installer(pathWith()).install(CLAUDE, false, false);
        String after = Files.readString(settings());
        assertThat(after).doesNotContain("session save:*").as("the user's own rule stays").contains("Bash(eagle-mem search:*)");
        assertThat(installer(pathWith()).install(CLAUDE, false, false).actions())
                .allSatisfy(a -> assertThat(a.status()).isIn(ActionStatus.Outcome.UNCHANGED, ActionStatus.Outcome.READY));

        installer(pathWith()).install(CLAUDE, false, true);
        installer(pathWith()).uninstall(CLAUDE, false, false);
        assertThat(Files.readString(settings())).isEqualTo(user);
    }

    @Test
    void aSettingsFileInstallCreatedGoesOnUninstallAfterAReinstallChangedIt() throws Exception {
        Files.delete(settings());
        installer(pathWithout()).install(CLAUDE, false);
        installer(pathWith()).install(CLAUDE, false);
        installer(pathWith()).install(CLAUDE, false, false);
        assertThat(home.resolve(".eagle-mem/backups/claude-settings.json.before-install")).doesNotExist();
        installer(pathWith()).uninstall(CLAUDE, false, false);
        assertThat(settings()).doesNotExist();
    }

    @Test
    void codexTrustThatCannotBeCheckedIsAWarning() {
        installer(pathWith()).install(EnumSet.of(Agent.CODEX), false);
        InstallFinding trust = finding(installer(pathWith()).findings(), "codex_trust");
        assertThat(trust.problem()).isTrue();
        assertThat(trust.detail()).startsWith("not checked: codex is not on PATH");
        assertThat(trust.fix()).contains("Trust all and continue").contains("eagle-mem install --agent codex");
        assertThat(home.resolve(".codex/AGENTS.md")).content().contains("`eagle-mem session save");
    }

    @Test
    void theMcpServerIsRegisteredForBothAgentsCheckedByDoctorAndRemovedExactly() throws Exception {
        Path claudeJson = home.resolve(".claude.json");
        String state = "{\"numStartups\": 7, \"projects\": {\"/x\": {\"allowedTools\": []}},"
                + " \"mcpServers\": {\"github\": {\"type\": \"stdio\", \"command\": \"gh-mcp\", \"args\": []}}}";
        Files.writeString(claudeJson, state);
        Path codexConfig = home.resolve(".codex/config.toml");
        Files.createDirectories(codexConfig.getParent());
        String toml = "# my codex\nmodel = \"o4\"\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\n";
        Files.writeString(codexConfig, toml);
        Set<Agent> both = EnumSet.of(Agent.CLAUDE_CODE, Agent.CODEX);
        InstallReport report = installer(pathWith()).install(both, false);
        String binary = report.binary();

        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var claude = json.readTree(claudeJson.toFile());
        assertThat(claude.at("/mcpServers/eagle-mem/command").asText()).isEqualTo(binary);
        assertThat(claude.at("/mcpServers/eagle-mem/args/0").asText()).isEqualTo("mcp");
        assertThat(claude.at("/mcpServers/github/command").asText()).isEqualTo("gh-mcp");
        assertThat(claude.path("numStartups").asInt()).isEqualTo(7);
        assertThat(home.resolve(".eagle-mem/backups/claude.json.before-install")).content().isEqualTo(state);
        assertThat(Files.readString(codexConfig)).startsWith(toml)
                .contains("[mcp_servers.eagle-mem]\ncommand = \"" + binary + "\"\nargs = [\"mcp\"]\n");
        assertThat(finding(installer(pathWith()).findings(), "claude_mcp").problem()).isFalse();
        assertThat(finding(installer(pathWith()).findings(), "codex_mcp").problem()).isFalse();
        assertThat(installer(pathWith()).install(both, false).actions()).filteredOn(a -> a.what().equals("mcp server"))
                .hasSize(2).allSatisfy(a -> assertThat(a.status()).isEqualTo(ActionStatus.Outcome.UNCHANGED));

        // Claude Code rewrites its state file between runs; doctor sees a lost entry, uninstall keeps the new state
        Files.writeString(claudeJson, state.replace("7", "8"));
        InstallFinding lost = finding(installer(pathWith()).findings(), "claude_mcp");
        assertThat(lost.problem()).isTrue();
        assertThat(lost.fix()).isEqualTo("eagle-mem install --agent claude-code");
        installer(pathWith()).install(both, false);
        installer(pathWith()).uninstall(both, false, false);
        assertThat(json.readTree(claudeJson.toFile())).isEqualTo(json.readTree(state.replace("7", "8")));
        assertThat(codexConfig).content().isEqualTo(toml);
    }

    @Test
    void mcpConfigFilesInstallCreatedGoAgainOnUninstall() throws Exception {
        Set<Agent> both = EnumSet.of(Agent.CLAUDE_CODE, Agent.CODEX);
        installer(pathWith()).install(both, false);
        assertThat(home.resolve(".claude.json")).exists();
        assertThat(home.resolve(".codex/config.toml")).content().startsWith("[mcp_servers.eagle-mem]\n");
        installer(pathWith()).uninstall(both, false, false);
        assertThat(home.resolve(".claude.json")).doesNotExist();
        assertThat(home.resolve(".codex/config.toml")).doesNotExist();
    }
}
