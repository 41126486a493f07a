package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.junit.main.LaunchResult;
import io.quarkus.test.junit.main.QuarkusMainLauncher;
import io.quarkus.test.junit.main.QuarkusMainTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real command line, in process: picocli and the Quarkus-built beans, a scratch HOME and
 * EAGLE_MEM_DIR per test (see {@link IsolatedEnv}). The packaged launcher is covered by the *CliIT tests;
 * these run with the unit tests and show which command broke without building the package.
 */
@QuarkusMainTest
@TestProfile(IsolatedEnv.Profile.class)
class CommandsInProcessTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeEach
    void isolate() {
        System.setProperty(IsolatedEnv.DIR_PROPERTY, dir.toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty(IsolatedEnv.DIR_PROPERTY);
    }

    private Path data() {
        return dir.resolve("data");
    }

    private static LaunchResult ok(LaunchResult r) {
        assertThat(r.exitCode()).as("exit code; stderr: %s; stdout: %s", r.getErrorOutput(), r.getOutput()).isZero();
        return r;
    }

    private static JsonNode json(LaunchResult r) {
        assertThat(r.getOutputStream()).as("one JSON line on stdout; stderr: %s", r.getErrorOutput()).hasSize(1);
        try {
            return JSON.readTree(r.getOutput());
        } catch (IOException e) {
            throw new AssertionError("stdout is not JSON: " + r.getOutput(), e);
        }
    }

    @Test
    void versionAndHelpNeedNoDataDirectory(QuarkusMainLauncher launcher) {
        LaunchResult version = ok(launcher.launch("--version"));
        assertThat(version.getOutput()).matches("eagle-mem \\S+");
        LaunchResult help = ok(launcher.launch("--help"));
        assertThat(help.getOutput()).contains("Usage: eagle-mem", "status", "memories", "search", "config", "doctor",
                "completion").doesNotContain("aot-train");
        // the production command line lays the sections out as HelpTextTest checks on the test one
        assertThat(help.getOutput().indexOf("\nExamples:\n")).isPositive()
                .isLessThan(help.getOutput().indexOf("\nExit codes:\n  0    ok; "));
        assertThat(ok(launcher.launch("memories", "add", "--help")).getOutput()).contains("--kind", "--supersedes");
        assertThat(data()).doesNotExist();
    }

    @Test
    void statusJsonCreatesAPrivateDatabaseForThisProject(QuarkusMainLauncher launcher) throws IOException {
        JsonNode status = json(ok(launcher.launch("status", "--json")));
        assertThat(status.get("project").asText()).isEqualTo(IsolatedEnv.PROJECT);
        assertThat(status.get("db_file").asText()).isEqualTo(data().resolve("memory.db").toString());
        assertThat(status.get("schema_version").asInt()).isPositive()
                .isEqualTo(status.get("expected_schema_version").asInt());
        assertThat(status.get("project_counts").get("memories").asInt()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data()))).isEqualTo("rwx------");
        assertThat(ok(launcher.launch("status")).getOutput()).contains("project:   " + IsolatedEnv.PROJECT);
    }

    @Test
    void aMemoryAddedIsListedAndFound(QuarkusMainLauncher launcher) {
        JsonNode added = json(ok(launcher.launch("memories", "add", "--kind", "decision", "--title", "Use WAL mode",
                "--content", "SQLite runs in WAL mode so hooks never block readers.", "--json")));
        assertThat(added.get("outcome").asText()).isEqualTo("created");
        long id = added.get("memory").get("id").asLong();

        JsonNode list = json(ok(launcher.launch("memories", "list", "--json")));
        assertThat(list.get("project").asText()).isEqualTo(IsolatedEnv.PROJECT);
        assertThat(list.get("memories")).hasSize(1);
        JsonNode m = list.get("memories").get(0);
        assertThat(m.get("id").asLong()).isEqualTo(id);
        assertThat(m.get("kind").asText()).isEqualTo("decision");
        assertThat(m.get("title").asText()).isEqualTo("Use WAL mode");

        JsonNode search = json(ok(launcher.launch("search", "readers", "--json")));
        assertThat(search.get("hits")).anySatisfy(h -> {
            assertThat(h.get("id").asText()).isEqualTo("mem-" + id);
            assertThat(h.get("title").asText()).isEqualTo("Use WAL mode");
        });
        assertThat(ok(launcher.launch("search", "readers")).getOutput()).contains("mem-" + id).contains("Use WAL mode");
        assertThat(ok(launcher.launch("search", "nothingmatchesthis")).getOutput()).startsWith("No matches for");
    }

    @Test
    void peopleReadTimesInTheirZoneLabelledWhileJsonKeepsTheUtcInstant(QuarkusMainLauncher launcher) {
        ok(launcher.launch("config", "set", "display.timezone", "Asia/Kolkata"));
        ok(launcher.launch("memories", "add", "--kind", "decision", "--title", "Use WAL mode", "--content", "WAL, always."));
        JsonNode m = json(ok(launcher.launch("memories", "show", "1", "--json"))).get("memory");
        String created = m.get("created_at").asText();
        assertThat(created).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");
        // India is UTC+05:30 all year, so the expected text is the JSON instant moved by that much
        String local = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
                .format(Instant.parse(created).atOffset(ZoneOffset.ofHoursMinutes(5, 30))) + " UTC+05:30";
        assertThat(ok(launcher.launch("memories", "show", "1")).getOutput()).contains("  created:   " + local + "   updated: ");
        assertThat(ok(launcher.launch("memories", "list")).getOutput()).contains("(" + local + ")");
        assertThat(ok(launcher.launch("search", "WAL")).getOutput()).contains("decision   " + local + "  Use WAL mode");
        assertThat(json(ok(launcher.launch("search", "WAL", "--json"))).get("hits").get(0).get("date").asText())
                .isEqualTo(m.get("updated_at").asText());
    }

    @Test
    void configSetAndGetKeepTheFilesComments(QuarkusMainLauncher launcher) throws IOException {
        Files.createDirectories(data());
        Files.writeString(data().resolve("config.toml"), "# mine\n[search]\nlimit = 10 # hits\n");
        assertThat(ok(launcher.launch("config", "set", "search.limit", "25")).getOutput()).contains("search.limit = 25")
                .contains("was 10");
        assertThat(ok(launcher.launch("config", "get", "search.limit")).getOutput()).isEqualTo("25");
        assertThat(Files.readString(data().resolve("config.toml"))).isEqualTo("# mine\n[search]\nlimit = 25 # hits\n");
        JsonNode get = json(ok(launcher.launch("config", "get", "search.limit", "--json")));
        assertThat(get.get("value").asInt()).isEqualTo(25);
        assertThat(get.get("set").asBoolean()).isTrue();
    }

    @Test
    void anUnknownOptionIsInvalidInputWithAFix(QuarkusMainLauncher launcher) {
        LaunchResult r = launcher.launch("status", "--bogus");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.getOutput()).isEmpty();
        assertThat(r.getErrorStream()).containsExactly("eagle-mem: unknown option '--bogus' for eagle-mem status",
                "  fix: eagle-mem status --help");

        LaunchResult json = launcher.launch("status", "--bogus", "--json");
        assertThat(json.exitCode()).isEqualTo(2);
        JsonNode error = json(json).get("error");
        assertThat(error.get("code").asText()).isEqualTo("invalid_input");
        assertThat(error.get("exit_code").asInt()).isEqualTo(2);
        assertThat(error.get("fix").asText()).isEqualTo("eagle-mem status --help");
    }

    @Test
    void serviceErrorsKeepTheirExitCodesAndFixes(QuarkusMainLauncher launcher) {
        LaunchResult kind = launcher.launch("memories", "add", "--kind", "rumour", "--content", "x");
        assertThat(kind.exitCode()).isEqualTo(2);
        assertThat(kind.getErrorStream()).hasSize(2);
        assertThat(kind.getErrorStream().get(0)).isEqualTo("eagle-mem: unknown kind 'rumour'");
        assertThat(kind.getErrorStream().get(1)).startsWith("  fix: --kind one of: decision, gotcha");

        LaunchResult missing = launcher.launch("memories", "show", "999");
        assertThat(missing.exitCode()).isEqualTo(3);
        assertThat(missing.getErrorStream().get(0)).isEqualTo("eagle-mem: no memory with id 999");
        assertThat(missing.getErrorStream().get(1)).startsWith("  fix: eagle-mem memories list");
    }
}
