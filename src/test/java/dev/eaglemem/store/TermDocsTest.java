package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The word statistics prompt recall weighs a words-only match with (search.WordCoverage), on a real word index. */
class TermDocsTest {

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
                        "the checkout flow, step " + i, null, null, List.of(), "h" + i, "codex", null), now);
            }
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void countsEachWordsRecordsAndTellsWhichOfTheAskedOnesHoldIt() {
        TermDocs d = t.db.read(tx -> new SearchStore().termDocs(tx, "memory",
                List.of("\"checkout\"", "\"rounding\"", "\"break\"", "\"brisket\""), List.of(1L, 2L, 999L)));
        assertThat(d.rows()).as("the highest rowid").isEqualTo(41);
        assertThat(d.docs()).containsEntry("\"checkout\"", 41L).containsEntry("\"rounding\"", 1L)
                .containsEntry("\"brisket\"", 0L).as("the word index stems: break finds breaks").containsEntry("\"break\"", 1L);
        assertThat(d.holders().get("\"checkout\"")).containsExactlyInAnyOrder(1L, 2L);
        assertThat(d.holders().get("\"rounding\"")).containsExactly(1L);
        assertThat(d.holders().get("\"brisket\"")).isEmpty();
    }

    @Test
    void summariesHaveTheirOwnCounts() {
        TermDocs d = t.db.read(tx -> new SearchStore().termDocs(tx, "summary", List.of("\"checkout\""), List.of(1L)));
        assertThat(d.rows()).isZero();
        assertThat(d.docs()).containsEntry("\"checkout\"", 0L);
        assertThat(d.holders().get("\"checkout\"")).isEmpty();
    }
}
