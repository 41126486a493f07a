package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The word statistics prompt recall weighs a words-only match with (search.WordCoverage), on a real word index: how
 * many records hold a word, and which of a few records do, answered from a scratch index that must agree with the
 * real one word for word.
 */
class WordHoldersTest {

    private static final List<String> WORDS = List.of("\"checkout\"", "\"rounding\"", "\"break\"", "\"brisket\"",
            "\"step\"", "\"numeric scale\"", "\"postgres\"", "\"flow\"", "\"retry\"", "\"décision\"", "\"decision\"");

    @TempDir
    Path dir;

    private TestDb t;

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        Instant now = Instant.parse("2026-11-22T10:00:00Z");
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, now);
            MemoryStore memories = new MemoryStore();
            memories.insert(tx, new NewMemoryRow("code/app", "project", "gotcha", "Rounding breaks checkout totals",
                    "numeric scale differs on postgres", null, null, List.of(), "h0", "codex", null), now);
            for (int i = 1; i <= 40; i++) {
                memories.insert(tx, new NewMemoryRow("code/app", "project", "gotcha", "Checkout note " + i,
                        "the checkout flow, step " + i + (i % 7 == 0 ? "; the Décision was to retry" : ""), null,
                        i % 5 == 0 ? "checkout/numeric-" + i : null, List.of(), "h" + i, "codex", null), now);
            }
            // a phrase split across two fields is no match, in the real index as in the scratch one
            memories.insert(tx, new NewMemoryRow("code/app", "project", "gotcha", "about numeric", "scale of the totals",
                    null, null, List.of(), "h41", "codex", null), now);
            for (String session : List.of("s1", "s2")) {
                tx.run("INSERT INTO sessions (id, project, agent, status, started_at, last_activity_at) VALUES (?1, 'code/app',"
                        + " 'codex', 'active', '2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z')", ps -> {
                            ps.setString(1, session);
                            ps.executeUpdate();
                        });
            }
            tx.run("""
                    INSERT INTO summaries (session_id, project, agent, request, investigated, learned, completed, decisions,
                        gotchas, next_steps, key_files, capture_source)
                    VALUES ('s1', 'code/app', 'codex', 'fix checkout rounding', 'postgres numeric', 'scale breaks it',
                        'retry added', 'Decision: keep numeric scale', 'step two flakes', 'flow check', '["src/checkout.py"]',
                        'agent'),
                        ('s2', 'code/app', 'codex', 'brisket recipe', NULL, NULL, NULL, NULL, NULL, NULL, '[]', 'agent')
                    """, ps -> ps.executeUpdate());
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void countsEachWordsRecordsAndTellsWhichOfTheAskedOnesHoldIt() {
        SearchStore store = new SearchStore();
        Map<String, Set<Long>> holders = t.db.read(tx -> store.holders(tx, "memory",
                List.of("\"checkout\"", "\"rounding\"", "\"break\"", "\"brisket\""), List.of(1L, 2L, 999L)));
        assertThat(t.db.<Long>read(tx -> store.indexedRows(tx, "memory"))).as("the highest rowid").isEqualTo(42);
        assertThat(t.db.<Long>read(tx -> store.docCount(tx, "memory", "\"checkout\""))).isEqualTo(41);
        assertThat(t.db.<Long>read(tx -> store.docCount(tx, "memory", "\"break\"")))
                .as("the word index stems: break finds breaks")
                .isEqualTo(1);
        assertThat(holders.get("\"checkout\"")).containsExactlyInAnyOrder(1L, 2L);
        assertThat(holders.get("\"rounding\"")).containsExactly(1L);
        assertThat(holders.get("\"break\"")).containsExactly(1L);
        assertThat(holders.get("\"brisket\"")).isEmpty();
    }

    @Test
    void theScratchIndexAgreesWithTheRealOneForEveryWordAndRecord() {
        SearchStore store = new SearchStore();
        List<Long> memoryIds = List.of(1L, 2L, 5L, 7L, 14L, 35L, 40L, 42L);
        for (String word : WORDS) {
            assertThat(t.db.read(tx -> store.holders(tx, "memory", List.of(word), memoryIds)).get(word)).as(word)
                    .isEqualTo(real(word, "memories_fts", memoryIds));
            assertThat(t.db.read(tx -> store.holders(tx, "summary", List.of(word), List.of(1L, 2L))).get(word)).as(word)
                    .isEqualTo(real(word, "summaries_fts", List.of(1L, 2L)));
        }
    }

    @Test
    void theScratchIndexIsEmptyAfterEachAskAndWorksInsideAWrite() {
        SearchStore store = new SearchStore();
        t.db.write(tx -> store.holders(tx, "memory", WORDS, List.of(1L, 2L)));
        Map<String, Set<Long>> second = t.db.write(tx -> store.holders(tx, "summary", WORDS, List.of(2L)));
        assertThat(second.get("\"checkout\"")).as("nothing left of the memories asked before").isEmpty();
        assertThat(second.get("\"brisket\"")).containsExactly(2L);
        assertThat(t.db.<Map<String, Set<Long>>>read(tx -> store.holders(tx, "memory", WORDS, List.of()))).isEmpty();
    }

    @Test
    void theScratchIndexCutsWordsAsTheWordIndexesDo() {
        List<String> schemas = t.db.<List<String>>read(tx -> tx.call(
                "SELECT sql FROM sqlite_master WHERE name IN ('memories_fts', 'summaries_fts') ORDER BY name", ps -> {
                    List<String> out = new java.util.ArrayList<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.add(rs.getString(1));
                        }
                    }
                    return out;
                }));
        assertThat(schemas).hasSize(2).allSatisfy(sql -> assertThat(sql)
                .contains("tokenize = '" + SearchStore.WORD_TOKENIZER + "'"));
    }

    /** The holders as the real word index has them: every record holding the word, filtered in Java. */
    private Set<Long> real(String word, String index, List<Long> ids) {
        return t.db.<Set<Long>>read(tx -> tx.call("SELECT rowid FROM " + index + " WHERE " + index + " MATCH ?1", ps -> {
            ps.setString(1, word);
            Set<Long> out = new HashSet<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (ids.contains(rs.getLong(1))) {
                        out.add(rs.getLong(1));
                    }
                }
            }
            return out;
        }));
    }
}
