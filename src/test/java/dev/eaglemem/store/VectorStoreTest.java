package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
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
                            List.of(), List.of(), List.of()),
                    "agent", NOW);
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
            tx.run("UPDATE memories SET deleted_at = '2026-11-02T00:00:00.000Z' WHERE title LIKE 'Other%'",
                    ps -> ps.executeUpdate());
            return null;
        });
        assertThat(t.db.<List<VectorStore.Pending>>read(tx -> vectors.pending(tx, "m1", 100)))
                .extracting(VectorStore.Pending::text)
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

    private static long codeChunk(Tx tx, String project, String path, String hash) {
        long file = tx.call("""
                INSERT INTO code_files(project, path, language, content_hash, size_bytes, mtime_ms, lines, indexed_at)
                VALUES (?1, ?2, 'java', ?3, 10, 1, 3, '2026-11-01T00:00:00.000Z') RETURNING id
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, path);
            ps.setString(3, hash);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
        return tx.call("""
                INSERT INTO code_chunks(file_id, project, path, start_line, end_line, kind, name, words, text)
                VALUES (?1, ?2, ?3, 7, 9, 'method', 'retryCheckout', 'retry checkout', 'void retryCheckout() {}') RETURNING id
                """, ps -> {
            ps.setLong(1, file);
            ps.setString(2, project);
            ps.setString(3, path);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    @Test
    void aPassWalksDownFromTheNewestMemoriesToTheSummariesAndNeverHandsARecordOutTwice() {
        VectorStore.Cursor cursor = VectorStore.Cursor.START;
        List<String> seen = new ArrayList<>();
        for (int batch = 0; batch < 4; batch++) {
            VectorStore.Cursor at = cursor;
            List<VectorStore.Pending> got = t.db.read(tx -> vectors.pending(tx, "m1", 2, at));
            got.forEach(p -> seen.add(p.kind() + " " + p.id()));
            cursor = cursor.after(got);
        }
        assertThat(seen).containsExactly("memory 3", "memory 2", "memory 1", "summary 1");
        assertThat(cursor).isEqualTo(new VectorStore.Cursor(1, 1));
    }

    @Test
    void aSummaryWithNothingToSayNeedsNoVectorAndAVectorPutAgainReplacesTheOldOne() {
        t.db.write(tx -> {
            new SummaryStore().saveCaptured(tx, "code/other-s", "code/other", "codex", new SummaryFields(null, null, null,
                    null, null, null, "later", "notes", List.of("a.ts"), List.of(), List.of()), "hook", NOW);
            return null;
        });
        assertThat(t.db.<Long>read(tx -> vectors.pendingCount(tx, "m1"))).as("next steps and notes are not embedded")
                .isEqualTo(4);
        assertThat(t.db.<VectorStore.Counts>read(tx -> vectors.counts(tx, "m1"))).isEqualTo(new VectorStore.Counts(0, 0, 0, 4));
        assertThat(t.db.<Boolean>read(vectors::any)).isFalse();

        embedAll("m1");
        VectorStore.Pending first = new VectorStore.Pending("memory", 1, "2026-11-01T00:00:00.000Z", "ignored");
        t.db.write(tx -> {
            vectors.put(tx, first, "m1", new float[] { 0.5f, -0.25f }, NOW);
            return null;
        });
        assertThat(t.db.<VectorStore.Counts>read(tx -> vectors.counts(tx, "m1"))).isEqualTo(new VectorStore.Counts(3, 1, 0, 0));
        assertThat(t.db.<List<VectorStore.Stored>>read(tx -> vectors.forProject(tx, "m1", "code/app")))
                .filteredOn(v -> v.kind().equals("memory") && v.id() == 1).singleElement()
                .satisfies(v -> assertThat(v.vector()).containsExactly(0.5f, -0.25f));
        assertThat(t.db.<Boolean>read(vectors::any)).isTrue();
        assertThat(t.db.<Boolean>read(tx -> vectors.anyFor(tx, "m2"))).isFalse();
    }

    @Test
    void codeChunksAreEmbeddedApartAndAgainWhenTheirFileChanges() {
        long chunk = t.db.write(tx -> codeChunk(tx, "code/app", "src/Checkout.java", "h1"));
        t.db.write(tx -> codeChunk(tx, "code/other", "src/Other.java", "h9"));
        embedAll("m1");
        List<VectorStore.Pending> code = t.db.read(tx -> vectors.pendingCode(tx, "m1", 10, Long.MAX_VALUE));
        assertThat(code).extracting(VectorStore.Pending::id).containsExactly(chunk + 1, chunk);
        VectorStore.Pending mine = code.getLast();
        assertThat(mine.kind()).isEqualTo("code");
        assertThat(mine.sourceAt()).isEqualTo("h1:7");
        assertThat(mine.text()).isEqualTo("src/Checkout.java\nmethod retryCheckout\nretry checkout\nvoid retryCheckout() {}");
        assertThat(t.db.<List<VectorStore.Pending>>read(tx -> vectors.pendingCode(tx, "m1", 10, chunk + 1)))
                .containsExactly(mine);
        assertThat(t.db.<Long>read(tx -> vectors.pendingCount(tx, "m1"))).as("two chunks and their files' own vectors")
                .isEqualTo(4);

        t.db.write(tx -> {
            vectors.put(tx, mine, "m1", new float[] { 0, 1 }, NOW);
            return null;
        });
        assertThat(t.db.<Boolean>read(tx -> vectors.anyCode(tx, "code/app"))).isTrue();
        assertThat(t.db.<Boolean>read(tx -> vectors.anyCode(tx, "code/other"))).isFalse();
        assertThat(t.db.<Integer>read(tx -> vectors.codeRowCount(tx, "m1", "code/app"))).isEqualTo(1);
        List<VectorStore.Stored> scanned = new ArrayList<>();
        t.db.read(tx -> {
            vectors.scanCode(tx, "m1", "code/app",
                    (kind, id, project, v) -> scanned.add(new VectorStore.Stored(kind, id, project, v)));
            return null;
        });
        assertThat(scanned).singleElement().satisfies(s -> {
            assertThat(s.id()).isEqualTo(chunk);
            assertThat(s.vector()).containsExactly(0f, 1f);
        });
        assertThat(t.db.<List<VectorStore.Stored>>read(tx -> vectors.forProject(tx, "m1", "code/app")))
                .as("recall of memories never sees code").extracting(VectorStore.Stored::kind).doesNotContain("code");

        t.db.write(tx -> tx.call("UPDATE code_files SET content_hash = 'h2' WHERE path = 'src/Checkout.java'",
                ps -> ps.executeUpdate()));
        assertThat(t.db.<List<VectorStore.Pending>>read(tx -> vectors.pendingCode(tx, "m1", 10, chunk + 1)))
                .extracting(VectorStore.Pending::sourceAt).containsExactly("h2:7");
        t.db.write(tx -> tx.call("DELETE FROM code_files", ps -> ps.executeUpdate()));
        assertThat(t.db.<Integer>write(tx -> vectors.sweep(tx, "m1"))).as("the chunk's vector goes with it").isEqualTo(1);
        assertThat(t.db.<Boolean>read(tx -> vectors.anyCode(tx, "code/app"))).isFalse();
    }

    @Test
    void aMemoryWithCurrentCueVectorsIsComparedAlsoByTheirNormalisedMean() {
        embedAll("m1");
        t.db.write(tx -> {
            tx.run("""
                    INSERT INTO memory_cues(memory_id, source_at, cues, provider, model, created_at, vector_model, dimensions,
                                            vectors)
                    VALUES (?1, ?2, '["a","b"]', 'ollama', 'qwen', ?3, 'm1', 2, ?4)
                    """, ps -> {
                ps.setLong(1, 1);
                ps.setString(2, "2026-11-01T00:00:00.000Z");
                ps.setString(3, "2026-11-20T00:00:00.000Z");
                ps.setBytes(4, VectorStore.toBytes(new float[] { 3, 0, 0, 4 }));
                ps.executeUpdate();
            });
            tx.run("""
                    INSERT INTO memory_cues(memory_id, source_at, cues, provider, model, created_at, vector_model, dimensions,
                                            vectors)
                    VALUES (2, 'an older text', '["c"]', 'ollama', 'qwen', '2026-11-21T00:00:00.000Z', 'm1', 2, ?1)
                    """, ps -> {
                ps.setBytes(1, VectorStore.toBytes(new float[] { 1, 0 }));
                ps.executeUpdate();
            });
            return null;
        });
        List<VectorStore.Stored> app = t.db.read(tx -> vectors.forProject(tx, "m1", "code/app"));
        assertThat(app).hasSize(4);
        assertThat(app.getLast().kind()).isEqualTo("memory");
        assertThat(app.getLast().id()).isEqualTo(1);
        assertThat(app.getLast().vector()).containsExactly(0.6f, 0.8f);
        assertThat(t.db.<Integer>read(tx -> vectors.rowCount(tx, "m1", "code/app"))).isEqualTo(4);
        assertThat(t.db.<Integer>read(tx -> vectors.rowCount(tx, "m1", null))).as("the stale cues of memory 2 are left out")
                .isEqualTo(5);
        assertThat(t.db.<String>read(vectors::cuesChangedAt)).isEqualTo("2026-11-21T00:00:00.000Z");
    }

    @Test
    void theMeanOfNoVectorOrOfOnesThatCancelOutIsNone() {
        assertThat(VectorStore.centroid(new float[] { 1, 2, 3 }, 0)).isNull();
        assertThat(VectorStore.centroid(new float[] { 1 }, 2)).isNull();
        assertThat(VectorStore.centroid(new float[] { 1, -1, -1, 1 }, 2)).isNull();
        assertThat(VectorStore.centroid(new float[] { 0, 2, 0, 2, 9 }, 2)).as("a partial trailing vector is ignored")
                .containsExactly(0f, 1f);
        assertThat(VectorStore.fromBytes(VectorStore.toBytes(new float[] { -1.5f, Float.MIN_VALUE })))
                .containsExactly(-1.5f, Float.MIN_VALUE);
    }
}
