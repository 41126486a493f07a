package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.eaglemem.Golden;
import dev.eaglemem.TestServices;
import dev.eaglemem.feature.FeatureSpec;
import dev.eaglemem.feature.TempRepo;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.store.FileHintRow;
import dev.eaglemem.store.FileHintStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.Tx;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The guardrails through {@link HookRunner} with the PreToolUse payloads captured from the real agents
 * (their {@code /home/dev/work/shop-api} moved to a real repository): the push both agents made is
 * denied while the feature is unverified, and edits bring back the file's rule and memories. stdout must
 * match the golden file, named by what it proves, byte for byte ({@code -Dgolden.update=true} rewrites them; review
 * the diff); a write outside the feature says nothing, and no empty golden is kept for it.
 */
class GuardGoldenTest {

    private static final Path FIXTURES = Path.of("src/test/resources/agent-payloads");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/guard");
    private static final String CAPTURED_ROOT = "/home/dev/work/shop-api";
    private static final String PROJECT = "work/shop-api";

    @TempDir
    Path dir;

    private TestDb t;
    private HookRig rig;
    private TempRepo repo;

    @BeforeEach
    void setUp() throws IOException {
        // Not under /tmp: a temporary directory is no project. target/ is the build's own scratch space.
        Path home = Files
                .createDirectories(Path.of("target/guard-golden").toAbsolutePath().resolve(UUID.randomUUID().toString()));
        repo = new TempRepo(home.resolve("work/shop-api")).write("src/app.py", "print('x')\n")
                .write("NOTES.md", "status: draft\n").write("README.md", "# shop-api\n").commitAll("initial");
        repo.git("init", "-q", "--bare", home.resolve("origin.git").toString());
        repo.git("remote", "add", "origin", home.resolve("origin.git").toString());
        repo.git("push", "-q", "-u", "origin", "main");

        t = TestDb.in(dir);
        rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
        rig.vars.put("HOME", home.toString());
        rig.vars.put("GIT_CEILING_DIRECTORIES", home.toString());
        TestServices services = TestServices.on(t.db, Clock.systemUTC());
        services.features().add(PROJECT,
                repo.root, new FeatureSpec("api-core", "The API entry point and its notes", List.of("src/**", "NOTES.md"),
                        List.of("auth"), List.of("python3 -m pytest -q tests/api")));
        services.guardRules().add(PROJECT, "src/app.py", "Keys come from the environment, never from source.");
        // The memories are written against the code as it is now: their freshness is StaleRecallGoldenTest's subject.
        repo.write("src/app.py", "import logging\nlogging.info('x')\n").write("NOTES.md", "status: reviewed\n")
                .commitAll("log instead of print");
        rig.memories.add(new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Logging",
                "app.py logs through the logger, never print().",
                null, null, List.of("src/app.py"), PROJECT, "claude-code", null, null, false));
        rig.memories.add(new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, "Notes status",
                "NOTES.md status must be one of draft or reviewed.",
                null, null, List.of(), PROJECT, "codex", null, null, false));
    }

    @AfterEach
    void close() {
        t.close();
    }

    /** A captured payload and the golden named by what it proves, under {@code golden/guard/}. */
    record Case(String fixture, String golden) {
        @Override
        public String toString() {
            return fixture + " " + golden;
        }
    }

    static List<Case> guarded() {
        return List.of(new Case("claude-code-2.1.330/PreToolUse-3", "claude-code-2.1.330/push-denied-while-unverified"),
                new Case("codex-0.169.0/PreToolUse-4", "codex-0.169.0/push-denied-while-unverified"),
                new Case("cursor-docs-2026-12/preToolUse-4", "cursor-docs-2026-12/push-denied-while-unverified"),
                new Case("antigravity-docs-2026-12/PreToolUse-4", "antigravity-docs-2026-12/push-denied-while-unverified"),
                new Case("cursor-docs-2026-12/beforeShellExecution-1",
                        "cursor-docs-2026-12/shell-execution-push-denied-while-unverified"),
                new Case("opencode-1.18.33/PreToolUse-6", "opencode-1.18.33/push-denied-while-unverified"),
                new Case("claude-code-2.1.330/PreToolUse-5", "claude-code-2.1.330/edit-recalls-rule-and-decision"),
                new Case("codex-0.169.0/PreToolUse-3", "codex-0.169.0/patch-recalls-gotcha"),
                new Case("gemini-0.61.0/BeforeTool-5", "gemini-0.61.0/push-denied-while-unverified"),
                new Case("copilot-1.0.102/preToolUse-5", "copilot-1.0.102/push-denied-while-unverified"),
                new Case("copilot-1.0.102/preToolUse-4", "copilot-1.0.102/edit-recalls-rule-and-decision"),
                new Case("copilot-1.0.102/PreToolUse-10", "copilot-1.0.102/claude-format-edit-recalls-rule-and-decision"));
    }

    /** The edits again, with curate's hints stored. */
    static List<Case> hinted() {
        return List.of(new Case("claude-code-2.1.330/PreToolUse-5", "claude-code-2.1.330/edit-says-co-edited-and-hot-file"),
                new Case("codex-0.169.0/PreToolUse-3", "codex-0.169.0/patch-says-hot-file"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("guarded")
    void capturedPayloadsMeetTheGuardrails(Case c) throws IOException {
        Golden.assertMatches(GOLDEN.resolve(c.golden() + ".out"), answer(c.fixture()));
    }

    /** A shell write outside the feature's files, with no rule or memory on them, passes without a word. */
    @Test
    void aWriteOutsideTheFeatureIsSilent() throws IOException {
        assertThat(answer("claude-code-2.1.330/PreToolUse-1")).as("a write to a.txt, outside src/** and NOTES.md").isEmpty();
    }

    /**
     * With curate's hints stored, the edits also say which files go with the edited one and that it is one of the
     * project's most-read files: one more line in the same one-line JSON answer.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("hinted")
    void editsOfHotAndCoEditedFilesSaySo(Case c) throws IOException {
        Instant at = Instant.parse("2026-11-22T10:00:00Z");
        FileHintStore hints = new FileHintStore();
        t.db.write((Tx tx) -> {
            hints.replace(tx, PROJECT, "co_edit", List.of(new FileHintRow(PROJECT, "co_edit", "src/app.py",
                    List.of("tests/test_app.py"), 4, null)), at);
            hints.replace(tx, PROJECT, "hot_file", List.of(new FileHintRow(PROJECT, "hot_file", "src/app.py", List.of(),
                    42.0 / 9, 42, 9, 12, null),
                    new FileHintRow(PROJECT, "hot_file", "NOTES.md", List.of(), 15.0 / 7, 15, 7,
                            12, null)),
                    at);
            return null;
        });
        Golden.assertMatches(GOLDEN.resolve(c.golden() + ".out"), answer(c.fixture()));
    }

    /**
     * Gemini's BeforeTool takes no context (0.61.0 reads only a deny, a stop and {@code tool_input} there): the rule
     * and memories an edit brings back in the other agents cannot reach Gemini before its replace, so it is silent.
     */
    @Test
    void aGeminiReplaceHasNoPlaceForTheRecall() throws IOException {
        assertThat(answer("gemini-0.61.0/BeforeTool-3")).as("replace of NOTES.md, which has a gotcha").isEmpty();
    }

    /** Every file under golden/guard is some case's golden: none outlives the case it was for. */
    @Test
    void everyGuardGoldenBelongsToACase() throws IOException {
        Set<Path> named = Stream.concat(guarded().stream(), hinted().stream()).map(c -> GOLDEN.resolve(c.golden() + ".out"))
                .collect(Collectors.toSet());
        try (Stream<Path> files = Files.walk(GOLDEN)) {
            assertThat(files.filter(Files::isRegularFile)).as("golden files no case of GuardGoldenTest names")
                    .filteredOn(f -> !named.contains(f)).isEmpty();
        }
    }

    /** The hook's stdout for a captured PreToolUse payload, run in the test's repository; it keeps the protocol. */
    private String answer(String fixture) throws IOException {
        String payload = Files.readString(FIXTURES.resolve(fixture + ".json"), StandardCharsets.UTF_8)
                .replace(CAPTURED_ROOT, repo.root.toString());
        Path file = FIXTURES.resolve(fixture + ".json");
        String agent = HookGoldenTest.agentOption(file);
        String event = file.getFileName().toString().replaceFirst("-\\d+\\.json$", "");
        HookRig.Output out = rig.run(event, agent, payload.getBytes(StandardCharsets.UTF_8));
        assertThat(out.exit()).isZero();
        if (agent == null) {
            HookGoldenTest.assertContract(event, out.stdout());
        } else {
            HookGoldenTest.assertOneCompactLine(out.stdout()); // the agent's own shape is the golden's to prove
        }
        assertThat(dir.resolve("eagle-mem.log")).as("nothing went wrong").doesNotExist();
        return out.stdout();
    }
}
