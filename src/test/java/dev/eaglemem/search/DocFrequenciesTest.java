package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.TermDocs;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A word's count is reused between prompts while it can only have drifted a little; which records hold it never is. */
class DocFrequenciesTest {

    private static final String CHECKOUT = "\"checkout\"";
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(NOW);
    private final SearchStore store = new SearchStore();
    private final DocFrequencies frequencies = new DocFrequencies(clock);
    private int added;

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, NOW);
            return null;
        });
        add(40);
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void aCountIsReusedWhileTheIndexGrewByLessThanATenthButItsHoldersAreAlwaysFresh() {
        assertThat(ask(List.of(1L)).docs()).containsEntry(CHECKOUT, 40L);
        add(3); // 43 rows: within a tenth of 40
        TermDocs again = ask(List.of(1L, 43L));
        assertThat(again.rows()).isEqualTo(43);
        assertThat(again.docs()).as("the count taken at 40 rows").containsEntry(CHECKOUT, 40L);
        assertThat(again.holders().get(CHECKOUT)).as("a record added since is seen holding the word").containsExactlyInAnyOrder(
                1L,
                43L);
        add(2); // 45 rows: more than a tenth
        assertThat(ask(List.of(1L)).docs()).as("counted again").containsEntry(CHECKOUT, 45L);
    }

    @Test
    void aCountIsTakenAgainAfterTenMinutes() {
        ask(List.of(1L));
        add(1);
        clock.advance(Duration.ofMinutes(9));
        assertThat(ask(List.of(1L)).docs()).containsEntry(CHECKOUT, 40L);
        clock.advance(Duration.ofMinutes(2));
        assertThat(ask(List.of(1L)).docs()).containsEntry(CHECKOUT, 41L);
    }

    @Test
    void anIndexThatShrankIsCountedAgain() throws java.io.IOException {
        ask(List.of(1L));
        t.close();
        t = TestDb.in(java.nio.file.Files.createDirectories(dir.resolve("restored"))); // a database restored from an older backup, under the same serve
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, NOW);
            return null;
        });
        added = 0;
        add(20);
        assertThat(ask(List.of(1L)).docs()).containsEntry(CHECKOUT, 20L);
    }

    @Test
    void memoriesAndSummariesAreCountedApart() {
        ask(List.of(1L));
        TermDocs summaries = t.db.read(tx -> frequencies.termDocs(store, tx, "summary", List.of(CHECKOUT), List.of(1L)));
        assertThat(summaries.docs()).containsEntry(CHECKOUT, 0L);
        assertThat(summaries.rows()).isZero();
    }

    private TermDocs ask(List<Long> ids) {
        return t.db.read(tx -> frequencies.termDocs(store, tx, "memory", List.of(CHECKOUT), ids));
    }

    private void add(int count) {
        t.db.write(tx -> {
            MemoryStore memories = new MemoryStore();
            for (int i = 0; i < count; i++) {
                added++;
                memories.insert(tx, new NewMemoryRow("code/app", "project", "gotcha", "Checkout note " + added,
                        "the checkout flow, step " + added, null, null, List.of(), "h" + added, "codex", null), NOW);
            }
            return null;
        });
    }
}
