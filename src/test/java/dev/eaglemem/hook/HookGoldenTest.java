package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.SoftAssertions.assertSoftly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.Golden;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every payload captured from the real Claude Code 2.1.330 and Codex 0.169.0 goes through {@link HookRunner} against
 * a seeded database and keeps the protocol (nothing, or one compact JSON line naming the event). The index,
 * {@code golden/hooks/INDEX.md}, names each payload's scenario and says what it proves: stdout matches
 * {@code <agent>/<scenario>.out} byte for byte, or the index lists it as silent and the hook prints nothing.
 * Regenerate the goldens with {@code -Dgolden.update=true} and review the diff.
 */
class HookGoldenTest {

    private static final Path FIXTURES = Path.of("src/test/resources/agent-payloads");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/hooks");
    private static final Path INDEX = GOLDEN.resolve("INDEX.md");
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

    /** Every captured payload with its row of the index (null when it has none: that payload's test fails). */
    static Stream<Arguments> fixtures() throws IOException {
        Map<String, HookScenario> index = HookScenario.read(INDEX);
        try (Stream<Path> agents = Files.list(FIXTURES)) {
            return agents.sorted().flatMap(HookGoldenTest::jsonFiles).map(f -> {
                HookScenario s = index.get(HookScenario.key(f));
                return Arguments.of(Named.of(s == null ? HookScenario.key(f) + " (no row)" : s.label(), f), s);
            }).toList().stream();
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
    void everyCapturedPayloadKeepsTheContractAndAnswersAsItsScenarioSays(Path fixture, HookScenario scenario)
            throws IOException {
        assertThat(scenario).as("%s is in %s neither as a golden nor as silent: give it a row",
                HookScenario.key(fixture), INDEX).isNotNull();

        Files.copy(template.resolve("memory.db"), dir.resolve("memory.db"));
        String event = fixture.getFileName().toString().replaceFirst("-\\d+\\.json$", "");
        HookRig.Output out;
        try (TestDb t = TestDb.in(dir)) {
            out = new HookRig(t.db, dir.resolve("eagle-mem.log")).run(event, agentOption(fixture), Files.readAllBytes(fixture));
        }
        assertThat(out.exit()).isZero();
        if (agentOption(fixture) == null) {
            assertContract(event, out.stdout());
        } else {
            assertOneCompactLine(out.stdout()); // the agent's own answer shape is its golden's to prove
        }
        Path log = dir.resolve("eagle-mem.log");
        assertThat(log).as("nothing went wrong: %s", Files.exists(log) ? Files.readString(log) : "").doesNotExist();

        if (scenario.silent()) {
            assertThat(out.stdout()).as("%s is listed as silent in %s", scenario.label(), INDEX).isEmpty();
        } else {
            assertThat(out.stdout()).as("%s printed nothing: list it as silent in %s, not as an empty golden",
                    scenario.label(), INDEX).isNotEmpty();
            Golden.assertMatches(scenario.golden(GOLDEN), out.stdout());
        }
    }

    /** The index and the goldens on disk agree with the payloads: no row or file outlives what it was for. */
    @Test
    void theIndexHasNoStaleRowAndEveryGoldenFileHasARow() throws IOException {
        Collection<HookScenario> rows = HookScenario.read(INDEX).values();
        Set<Path> named = rows.stream().filter(s -> !s.silent()).map(s -> s.golden(GOLDEN)).collect(Collectors.toSet());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(GOLDEN)) {
            files = walk.filter(Files::isRegularFile).filter(f -> !f.equals(INDEX)).sorted().toList();
        }
        assertSoftly(soft -> {
            soft.assertThat(rows).as("rows of %s whose payload is gone", INDEX)
                    .filteredOn(s -> !Files.isRegularFile(s.payload(FIXTURES))).isEmpty();
            soft.assertThat(files).as("golden files that no golden row of %s names", INDEX)
                    .filteredOn(f -> !named.contains(f)).isEmpty();
        });
    }

    /**
     * The {@code --agent} a payload's hook is registered with: the folder's agent ({@code gemini-0.61.0} → gemini;
     * {@code cursor-docs-2026-12} → cursor, a folder of payloads written from the agent's docs, not captured);
     * none for Claude Code and Codex, whose hooks are told apart by the payload (as before any other agent existed).
     */
    static String agentOption(Path fixture) {
        String folder = fixture.getParent().getFileName().toString();
        String agent = folder.replaceFirst("-(?:docs-)?\\d.*$", "");
        return agent.equals("claude-code") || agent.equals("codex") ? null : agent;
    }

    /** Empty, or exactly one line of compact JSON. */
    static void assertOneCompactLine(String stdout) throws IOException {
        if (stdout.isEmpty()) {
            return;
        }
        assertThat(stdout).endsWith("\n");
        List<String> lines = stdout.lines().toList();
        assertThat(lines).hasSize(1);
        assertThat(JSON.readTree(lines.getFirst()).toString()).as("compact").isEqualTo(lines.getFirst());
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
