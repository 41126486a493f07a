package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What needs a vector, what a project compares a prompt with, and what the sweep removes — on the real schema. */
class VectorStoreTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @TempDir
    Path dir;

    private TestDb t;
    private final VectorStore vectors = new VectorStore();

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        t.db.write(tx -> {
            for (String project : List.of("code/app", "code/other")) {
                new ProjectStore().touch(tx, project, null, NOW);
                new SessionStore().upsert(tx, project + "-s", project, "codex", "/home/u/" + project, null, "startup", NOW);
            }
            memory(tx, "code/app", "project", "Retry the webhook with backoff");
            memory(tx, "code/other", "project", "Other project's decision");
            memory(tx, null, "personal", "Prefer small commits");
            new SummaryStore().saveAuthoritative(tx, "code/app-s", "code/app", "codex",
                    new SummaryFields("Fix the invoice totals", null, null, "Totals add up", null, null, null, null,
                            List.of(), List.of(), List.of()), "agent", NOW);
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static void memory(Tx tx, String project, String scope, String title) {
        tx.run("""
                INSERT INTO memories(project, scope, kind, title, content, situation, normalized_hash, source_agent,
                                     created_at, updated_at)
                VALUES (?1, ?2, 'decision', ?3, 'because', 'when it rains', lower(?3), 'codex',
                        '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, scope);
            ps.setString(3, title);
            ps.executeUpdate();
        });
    }

    private void embedAll(String model) {
        t.db.write(tx -> {
            for (VectorStore.Pending p : vectors.pending(tx, model, 100)) {
                vectors.put(tx, p, model, new float[] { 1, 0, (float) p.id() }, NOW);
            }
            return null;
        });
    }

    @Test
    void everyLiveRecordIsPendingWithTheTextItIsEmbeddedFrom() {
        List<VectorStore.Pending> pending = t.db.read(tx -> vectors.pending(tx, "m1", 100));
        assertThat(pending).extracting(VectorStore.Pending::kind).containsOnly("memory", "summary").hasSize(4);
        assertThat(pending).filteredOn(p -> p.kind().equals("memory")).extracting(VectorStore.Pending::text)
                .contains("Retry the webhook with backoff. because when it rains");
        assertThat(pending).filteredOn(p -> p.kind().equals("summary")).extracting(VectorStore.Pending::text)
                .containsExactly("Fix the invoice totals. Totals add up.");
        assertThat(t.db.<Long>read(tx -> vectors.pendingCount(tx, "m1"))).isEqualTo(4);
    }

    @Test
    void anEditedRecordIsPendingAgainAndAForgottenOneIsNot() {
        embedAll("m1");
        assertThat(t.db.<Long>read(tx -> vectors.pendingCount(tx, "m1"))).isZero();
        t.db.write(tx -> {
            tx.run("UPDATE memories SET content = 'edited', updated_at = '2026-11-02T00:00:00.000Z' WHERE title LIKE 'Retry%'",
                    ps -> ps.executeUpdate());
            tx.run("UPDATE memories SET deleted_at = '2026-11-02T00:00:00.000Z' WHERE title LIKE 'Other%'", ps -> ps.executeUpdate());
            return null;
        });
        assertThat(t.db.<List<VectorStore.Pending>>read(tx -> vectors.pending(tx, "m1", 100))).extracting(VectorStore.Pending::text)
                .containsExactly("Retry the webhook with backoff. edited when it rains");
    }

    @Test
    void aProjectComparesWithItsMemoriesPersonalOnesAndItsSummariesOnlyAndVectorsRoundTrip() {
        embedAll("m1");
        List<VectorStore.Stored> app = t.db.read(tx -> vectors.forProject(tx, "m1", "code/app"));
        assertThat(app).extracting(VectorStore.Stored::project).containsOnly("code/app", null).hasSize(3);
        assertThat(app.getFirst().vector()).containsExactly(1f, 0f, (float) app.getFirst().id());
        assertThat(t.db.<List<VectorStore.Stored>>read(tx -> vectors.forProject(tx, "m1", null))).hasSize(4);
        assertThat(t.db.<List<VectorStore.Stored>>read(tx -> vectors.forProject(tx, "m2", "code/app"))).isEmpty();
    }

    @Test
    void theSweepDropsVectorsOfDeletedRecordsAndOfAnOldModelOnlyOnceTheNewOneCoversEverything() {
        embedAll("old");
        t.db.write(tx -> {
            vectors.put(tx, t.db.read(x -> vectors.pending(x, "new", 1)).getFirst(), "new", new float[] { 1 }, NOW);
            return null;
        });
        assertThat(t.db.<Integer>write(tx -> vectors.sweep(tx, "new"))).as("new model incomplete: old kept").isZero();
        embedAll("new");
        t.db.write(tx -> {
            tx.run("DELETE FROM summaries", ps -> ps.executeUpdate());
            return null;
        });
        assertThat(t.db.<Integer>write(tx -> vectors.sweep(tx, "new"))).as("the summary's 2 vectors + 3 old ones").isEqualTo(5);
        assertThat(t.db.<List<VectorStore.Stored>>read(tx -> vectors.forProject(tx, "new", null))).hasSize(3);
        assertThat(t.db.<Boolean>read(tx -> vectors.anyFor(tx, "old"))).isFalse();
    }
}
