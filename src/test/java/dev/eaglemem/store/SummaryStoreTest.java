package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryStoreTest {

    @TempDir
    Path dir;

    private TestDb t;
    private final SummaryStore summaries = new SummaryStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void session() {
        t = TestDb.in(dir);
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, now);
            new SessionStore().upsert(tx, "s1", "code/app", "codex", "/home/u/code/app", null, "startup", now);
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static SummaryFields fields(String request, String completed, String decisions, List<String> files) {
        return new SummaryFields(request, null, null, completed, decisions, null, null, null, files, List.of(), List.of());
    }

    @Test
    void capturedWritesKeepAnAuthoritativeRowsSourceAndNeverEraseWithBlanks() {
        t.db.write(tx -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields("Fix login", "Fixed it", null, List.of()), "agent",
                    now);
            summaries.saveCaptured(tx, "s1", "code/app", "codex", fields(null, "  ", "auto decision", List.of("src/a.ts")),
                    "hook", now.plusSeconds(5));
            return null;
        });
        SummaryRow row = t.db.read(tx -> summaries.findBySession(tx, "s1")).orElseThrow();
        assertThat(row.fields().request()).isEqualTo("Fix login");
        assertThat(row.fields().completed()).isEqualTo("Fixed it");
        assertThat(row.fields().decisions()).isEqualTo("auto decision");
        assertThat(row.fields().keyFiles()).containsExactly("src/a.ts");
        assertThat(row.captureSource()).isEqualTo("agent");
    }

    @Test
    void theAgentOverridesWhatAutomaticCaptureWroteButBlankValuesEraseNothing() {
        t.db.write(tx -> {
            summaries.saveCaptured(tx, "s1", "code/app", "codex", fields("auto", "auto done", "auto decision", List.of("a")),
                    "hook", now);
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields("Real request", "  ", null, List.of()), "agent",
                    now);
            return null;
        });
        SummaryRow row = t.db.read(tx -> summaries.findBySession(tx, "s1")).orElseThrow();
        assertThat(row.fields().request()).isEqualTo("Real request");
        assertThat(row.fields().completed()).isEqualTo("auto done");
        assertThat(row.fields().decisions()).isEqualTo("auto decision");
        assertThat(row.fields().keyFiles()).containsExactly("a");
        assertThat(row.captureSource()).isEqualTo("agent");
    }

    @Test
    void aSecondAgentSaveUpdatesTheFieldsItGives() {
        t.db.write(tx -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields("R", "first", "d1", List.of()), "agent", now);
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields(null, "second", null, List.of()), "agent",
                    now.plusSeconds(60));
            return null;
        });
        SummaryRow row = t.db.read(tx -> summaries.findBySession(tx, "s1")).orElseThrow();
        assertThat(row.fields().completed()).isEqualTo("second");
        assertThat(row.fields().decisions()).isEqualTo("d1");
        assertThat(row.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(row.updatedAt()).isEqualTo("2026-11-22T10:01:00.000Z");
    }

    @Test
    void sessionsThatOnlyAskedDoNotPushWorkOutOfTheRecentOnes() {
        // an older session that changed a file, then six newer ones that only asked questions
        t.db.write(tx -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", new SummaryFields("fix the retry", null, null, "done",
                    null, null, null, null, List.of(), List.of(), List.of("src/retry.ts")), "agent", now);
            for (int i = 0; i < 6; i++) {
                String id = "q" + i;
                new SessionStore().upsert(tx, id, "code/app", "codex", "/home/u/code/app", null, "startup", now);
                summaries.saveAuthoritative(tx, id, "code/app", "codex", fields("what is a bloom filter " + i, null, null,
                        List.of()), "agent", now.plusSeconds(60 + i));
            }
            return null;
        });
        List<SummaryRow> recent = t.db.read(tx -> summaries.recent(tx, "code/app", null, 5));
        assertThat(recent).extracting(SummaryRow::sessionId).containsExactly("q5", "q4", "q3", "q2", "s1");
        List<Long> ids = t.db.read(tx -> summaries.recent(tx, "code/app", null, 10)).stream().map(SummaryRow::id).toList();
        Set<Long> asked = t.db.read(tx -> summaries.questionsOnly(tx, ids));
        assertThat(asked).hasSize(6);
    }

    private SummaryRow bySession(String session) {
        return t.db.read((Tx tx) -> summaries.findBySession(tx, session)).orElseThrow();
    }

    private void openSession(String id, String project) {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, project, null, now);
            new SessionStore().upsert(tx, id, project, "codex", "/home/u/" + id, null, "startup", now);
            return null;
        });
    }

    private List<SearchRow> search(String word) {
        return t.db.read((Tx tx) -> new SearchStore().summaries(tx, "\"" + word + "\"", "code/app", 10));
    }

    @Test
    void aSavedSummaryRoundTripsStrippedTextUnicodeAndFileListsAndIsFoundByIdAndWords() {
        t.db.write((Tx tx) -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", new SummaryFields("  Réparer la connexion 连接  ",
                    "logs", "pool size", "fixed", "use 10", "timeouts", "ship it", "n", List.of("src/db.ts"),
                    List.of("README.md", "src/db.ts"), List.of("src/db.ts")), "manual", now);
            return null;
        });
        SummaryRow row = bySession("s1");
        assertThat(row.fields()).isEqualTo(new SummaryFields("Réparer la connexion 连接", "logs", "pool size", "fixed",
                "use 10", "timeouts", "ship it", "n", List.of("src/db.ts"), List.of("README.md", "src/db.ts"),
                List.of("src/db.ts")));
        assertThat(row.project()).isEqualTo("code/app");
        assertThat(row.agent()).isEqualTo("codex");
        assertThat(row.captureSource()).isEqualTo("manual");
        assertThat(t.db.read((Tx tx) -> summaries.find(tx, row.id()))).contains(row);
        assertThat(t.db.read((Tx tx) -> summaries.find(tx, row.id() + 1))).isEmpty();
        assertThat(t.db.read((Tx tx) -> summaries.findBySession(tx, "nope"))).isEmpty();
        assertThat(search("timeouts")).extracting(SearchRow::id).containsExactly(row.id());
    }

    @Test
    void aNonEmptyFileListReplacesTheStoredOneWhileAnEmptyOneKeepsIt() {
        t.db.write((Tx tx) -> {
            summaries.saveCaptured(tx, "s1", "code/app", "codex", fields("r", null, null, List.of("a", "b")), "hook", now);
            summaries.saveCaptured(tx, "s1", "code/app", "codex", fields(null, null, null, List.of("c")), "hook", now);
            return null;
        });
        assertThat(bySession("s1").fields().keyFiles()).containsExactly("c");
    }

    @Test
    void theCaptureSourceFollowsWhoSpokeLast() {
        // each row: the stored source, the save, the source it carries, the source that results
        record Case(String stored, boolean authoritative, String given, String expected) {
        }
        List<Case> cases = List.of(new Case("hook", false, "enrich", "enrich"), new Case("manual", false, "enrich", "manual"),
                new Case("agent", false, "hook", "agent"), new Case("hook", true, "manual", "manual"),
                new Case("manual", true, "agent", "agent"), new Case("agent", true, "manual", "agent"));
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            String id = "c" + i;
            openSession(id, "code/app");
            t.db.write((Tx tx) -> {
                summaries.saveAuthoritative(tx, id, "code/app", "codex", fields("r", null, null, List.of()), c.stored(), now);
                if (c.authoritative()) {
                    summaries.saveAuthoritative(tx, id, "code/app", "codex", fields("r2", null, null, List.of()), c.given(), now);
                } else {
                    summaries.saveCaptured(tx, id, "code/app", "codex", fields("r2", null, null, List.of()), c.given(), now);
                }
                return null;
            });
            assertThat(bySession(id).captureSource()).as(c.toString()).isEqualTo(c.expected());
        }
    }

    @Test
    void restoreSetsExactlyTheGivenColumnsClearingWhatIsNullAndTheWordIndexFollows() {
        t.db.write((Tx tx) -> {
            summaries.saveCaptured(tx, "s1", "code/app", "codex", new SummaryFields("Fix the webhook", null, null,
                    "Retries added", "exponential backoff", null, null, null, List.of("a.ts"), List.of(), List.of("a.ts")),
                    "enrich", now);
            return null;
        });
        long id = bySession("s1").id();
        Map<String, Object> undo = new LinkedHashMap<>();
        undo.put("completed", null);
        undo.put("decisions", " ");
        undo.put("learned", "signatures expire");
        undo.put("files_modified", List.of());
        undo.put("key_files", null);
        t.db.write((Tx tx) -> {
            summaries.restore(tx, id, undo, null, now.plusSeconds(9));
            return null;
        });
        SummaryRow restored = bySession("s1");
        assertThat(restored.fields()).isEqualTo(new SummaryFields("Fix the webhook", null, "signatures expire", null, null,
                null, null, null, List.of(), List.of(), List.of()));
        assertThat(restored.captureSource()).as("null keeps the row's source").isEqualTo("enrich");
        assertThat(restored.updatedAt()).isEqualTo("2026-11-22T10:00:09.000Z");
        assertThat(search("backoff")).isEmpty();
        assertThat(search("signatures")).extracting(SearchRow::id).containsExactly(id);

        t.db.write((Tx tx) -> {
            summaries.restore(tx, id, Map.of("request", "Fix the webhook again"), "hook", now);
            return null;
        });
        assertThat(bySession("s1").captureSource()).isEqualTo("hook");
        assertThatThrownBy(() -> t.db.write((Tx tx) -> {
            summaries.restore(tx, id, Map.of("project", "code/other"), null, now);
            return null;
        })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("project");
        assertThat(bySession("s1").project()).isEqualTo("code/app");
    }

    @Test
    void deleteRemovesTheSummaryAndItsWords() {
        t.db.write((Tx tx) -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields("Fix the webhook", null, null, List.of()),
                    "agent", now);
            return null;
        });
        long id = bySession("s1").id();
        assertThat(search("webhook")).hasSize(1);
        t.db.write((Tx tx) -> {
            summaries.delete(tx, id);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> summaries.find(tx, id))).isEmpty();
        assertThat(search("webhook")).isEmpty();
    }

    @Test
    void recentLeavesOutTheCurrentSessionAndOtherProjectsAndStopsAtTheLimit() {
        openSession("s2", "code/app");
        openSession("s3", "code/app");
        openSession("o1", "code/other");
        t.db.write((Tx tx) -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields("one", null, "d", List.of()), "agent", now);
            summaries.saveAuthoritative(tx, "s2", "code/app", "codex", fields("two", null, "d", List.of()), "agent",
                    now.plusSeconds(1));
            summaries.saveAuthoritative(tx, "s3", "code/app", "codex", fields("three", null, "d", List.of()), "agent",
                    now.plusSeconds(2));
            summaries.saveAuthoritative(tx, "o1", "code/other", "codex", fields("other", null, "d", List.of()), "agent",
                    now.plusSeconds(3));
            return null;
        });
        assertThat(t.db.read((Tx tx) -> summaries.recent(tx, "code/app", "s3", 10))).extracting(SummaryRow::sessionId)
                .containsExactly("s2", "s1");
        assertThat(t.db.read((Tx tx) -> summaries.recent(tx, "code/app", null, 2))).extracting(SummaryRow::sessionId)
                .containsExactly("s3", "s2");
        assertThat(t.db.read((Tx tx) -> summaries.recent(tx, "code/none", null, 2))).isEmpty();
    }

    @Test
    void aSessionWithAToolCallDidWorkEvenWithAnEmptySummary() {
        openSession("s2", "code/app");
        t.db.write((Tx tx) -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields("what is this", null, null, List.of()), "agent",
                    now);
            summaries.saveAuthoritative(tx, "s2", "code/app", "codex", fields("and this", null, null, List.of()), "agent", now);
            new ObservationStore().insert(tx, new NewObservation("s2", "code/app", "codex", "Bash", null, "ran tests",
                    List.of(), List.of(), null, 10L, 0, "o1"), now);
            return null;
        });
        long asked = bySession("s1").id();
        long worked = bySession("s2").id();
        assertThat(t.db.read((Tx tx) -> summaries.questionsOnly(tx, List.of(asked, worked)))).containsExactly(asked);
        assertThat(t.db.read((Tx tx) -> summaries.questionsOnly(tx, List.of()))).isEmpty();
    }
}
