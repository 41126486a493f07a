package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.Golden;
import dev.eaglemem.store.TestDb;

/**
 * Every payload captured from the real Claude Code 2.1.330 and Codex 0.169.0 goes through
 * {@link HookRunner} against a seeded database; stdout must match the committed golden file byte for
 * byte and keep the protocol (nothing, or one compact JSON line naming the event). Regenerate the
 * goldens with {@code -Dgolden.update=true} and review the diff.
 */
class HookGoldenTest {

    private static final Path FIXTURES = Path.of("src/test/resources/agent-payloads");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/hooks");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path template;

    @TempDir
    Path dir;

    /** The seeded database is built once and copied for each fixture: every payload sees the same state. */
    @BeforeAll
    static void seedTemplate() {
        try (TestDb t = TestDb.in(template)) {
            new HookRig(t.db, template.resolve("eagle-mem.log")).seed();
        }
    }

    static Stream<Path> fixtures() throws IOException {
        try (Stream<Path> agents = Files.list(FIXTURES)) {
            return agents.sorted().flatMap(HookGoldenTest::jsonFiles).toList().stream();
        }
    }

    private static Stream<Path> jsonFiles(Path agentDir) {
        try (Stream<Path> files = Files.list(agentDir)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyCapturedPayloadKeepsTheContractAndMatchesItsGolden(Path fixture) throws IOException {
        Files.copy(template.resolve("memory.db"), dir.resolve("memory.db"));
        String event = fixture.getFileName().toString().replaceFirst("-\\d+\\.json$", "");
        HookRig.Output out;
        try (TestDb t = TestDb.in(dir)) {
            out = new HookRig(t.db, dir.resolve("eagle-mem.log")).run(event, Files.readAllBytes(fixture));
        }
        assertThat(out.exit()).isZero();
        assertContract(event, out.stdout());
        Path log = dir.resolve("eagle-mem.log");
        assertThat(log).as("nothing went wrong: %s", Files.exists(log) ? Files.readString(log) : "").doesNotExist();

        Path golden = GOLDEN.resolve(fixture.getParent().getFileName()).resolve(fixture.getFileName().toString()
                .replace(".json", ".out"));
        Golden.assertMatches(golden, out.stdout());
    }

    /** Empty, or exactly one line of compact JSON with hookSpecificOutput.hookEventName = the event. */
    static void assertContract(String event, String stdout) throws IOException {
        if (stdout.isEmpty()) {
            return;
        }
        assertThat(stdout).endsWith("\n");
        List<String> lines = stdout.lines().toList();
        assertThat(lines).hasSize(1);
        JsonNode root = JSON.readTree(lines.getFirst());
        assertThat(root.toString()).as("compact").isEqualTo(lines.getFirst());
        assertThat(root.path("hookSpecificOutput").path("hookEventName").asText()).isEqualTo(event);
        JsonNode specific = root.path("hookSpecificOutput");
        if (specific.has("permissionDecision")) {
            assertThat(specific.path("permissionDecisionReason").asText()).isNotBlank();
        } else {
            assertThat(specific.path("additionalContext").asText()).isNotBlank();
        }
    }
}
