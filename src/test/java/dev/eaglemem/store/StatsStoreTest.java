package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** StatsStore on a real migrated file: each count counts what its name says, for one project or for all. */
class StatsStoreTest extends TempDbTest {

    private final StatsStore stats = new StatsStore();
    private final MemoryStore memories = new MemoryStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    private long memory(Tx tx, String project, String kind, String title, Instant at) {
        return memories.insert(tx, new NewMemoryRow(project, project == null ? "personal" : "project", kind, title, title,
                null, null, null, "h-" + title, "codex", null), at);
    }

    private static SummaryFields summary(String learned, String decisions, String gotchas, String nextSteps) {
        return new SummaryFields("r", null, learned, null, decisions, gotchas, nextSteps, null, List.of(), List.of(),
                List.of());
    }

    /** Two projects: shop has the most of everything, blog a little of each; one personal memory for both. */
    private void seed() {
        t.db.write((Tx tx) -> {
            ProjectStore projects = new ProjectStore();
            projects.touch(tx, "code/shop", null, now);
            projects.touch(tx, "code/blog", null, now);
            SessionStore sessions = new SessionStore();
            for (String s : List.of("s1", "s2", "s3")) {
                sessions.upsert(tx, s, "code/shop", "codex", null, null, null, now);
            }
            sessions.upsert(tx, "b1", "code/blog", "codex", null, null, null, now);
            ObservationStore observations = new ObservationStore();
            for (int i = 0; i < 4; i++) {
                observations.insert(tx, new NewObservation("s1", "code/shop", "codex", "Bash", "c" + i, null, null, null,
                        null, null, null, null), now);
            }
            observations.insert(tx, new NewObservation("b1", "code/blog", "codex", "Bash", "c", null, null, null, null, null,
                    null, null), now);
            SummaryStore summaries = new SummaryStore();
            summaries.saveAuthoritative(tx, "s1", "code/shop", "codex", summary(null, "use cents", null, null), "agent", now);
            summaries.saveAuthoritative(tx, "s2", "code/shop", "codex", summary("learned", null, null, "ship it"), "agent",
                    now.plusSeconds(30));
            summaries.saveAuthoritative(tx, "s3", "code/shop", "codex", summary(null, null, "   ", null), "agent", now);
            summaries.saveAuthoritative(tx, "b1", "code/blog", "codex", summary(null, null, "slow build", null), "agent", now);
            memory(tx, "code/shop", "decision", "d1", now);
            memory(tx, "code/shop", "decision", "d2", now);
            memory(tx, "code/shop", "gotcha", "g1", now.plusSeconds(40));
            long gone = memory(tx, "code/shop", "pattern", "p1", now.plusSeconds(50));
            memories.softDelete(tx, gone, "wrong", null, now.plusSeconds(60));
            memory(tx, "code/blog", "context", "c1", now);
            memory(tx, null, "preference", "terse", now);
            PromptStore prompts = new PromptStore();
            prompts.insert(tx, "s1", "code/shop", "codex", "a", now);
            prompts.insert(tx, "s1", "code/shop", "codex", "b", now);
            new OverviewStore().set(tx, "code/shop", "A shop.", "manual", now);
            new EventStore().append(tx, "code/shop", "s1", "codex", "x", "ok", Map.of(), now);
            new EventStore().append(tx, null, null, null, "doctor", "ok", Map.of(), now);
            FeatureStore features = new FeatureStore();
            long checkout = features.insert(tx, "code/shop", "checkout", "", now);
            long legacy = features.insert(tx, "code/shop", "legacy", "", now);
            features.archive(tx, legacy, now);
            new VerificationStore().insert(tx, new NewPending("code/shop", checkout, "src/cart.ts", "b0", "b1", "1".repeat(64),
                    null, "cli", null), now);
            return null;
        });
    }

    @Test
    void aProjectsCountsLeaveOtherProjectsOutButPersonalMemoriesIn() {
        seed();
        assertThat(t.db.read((Tx tx) -> stats.counts(tx, "code/shop"))).isEqualTo(new TableCounts(1, 3, 4, 3, 3, 1, 1, 2, 1, 1));
        assertThat(t.db.read((Tx tx) -> stats.counts(tx, "code/blog"))).isEqualTo(new TableCounts(1, 1, 1, 1, 1, 0, 1, 0, 0, 0));
        assertThat(t.db.read((Tx tx) -> stats.counts(tx, "code/none"))).isEqualTo(new TableCounts(0, 0, 0, 0, 0, 0, 1, 0, 0, 0));
    }

    @Test
    void allProjectsCountsAddUpEveryRowIncludingEventsWithoutAProject() {
        seed();
        assertThat(t.db.read((Tx tx) -> stats.counts(tx, null))).isEqualTo(new TableCounts(2, 4, 5, 4, 4, 1, 1, 2, 1, 2));
    }

    @Test
    void theHeaderCountsAreTheSameFiguresAsTheFullCounts() {
        seed();
        for (String project : List.of("code/shop", "code/blog", "code/none")) {
            TableCounts full = t.db.read((Tx tx) -> stats.counts(tx, project));
            StatsStore.HeaderCounts header = t.db.read((Tx tx) -> stats.headerCounts(tx, project));
            assertThat(header).isEqualTo(new StatsStore.HeaderCounts(full.sessions(), full.memories() + full.personalMemories()));
        }
    }

    @Test
    void enrichedAndDurableCountOnlyFieldsWithTextInThem() {
        seed();
        // s3's gotcha is blank: it carries nothing
        assertThat(t.db.read((Tx tx) -> stats.enrichedSummaries(tx, "code/shop"))).isEqualTo(1);
        StatsStore.Durable shop = t.db.read((Tx tx) -> stats.durable(tx, "code/shop"));
        assertThat(shop).isEqualTo(new StatsStore.Durable(3, 2, 1, 3, 2, 1, 1, 1, 0, "2026-11-22T10:00:30.000Z",
                "2026-11-22T10:00:40.000Z"));
        StatsStore.Durable none = t.db.read((Tx tx) -> stats.durable(tx, "code/none"));
        assertThat(none).isEqualTo(new StatsStore.Durable(0, 0, 0, 0, 0, 0, 0, 0, 0, null, null));
    }

    @Test
    void anEmptyDatabaseCountsZeroEverywhere() {
        assertThat(t.db.read((Tx tx) -> stats.counts(tx, null))).isEqualTo(new TableCounts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        assertThat(t.db.read((Tx tx) -> stats.headerCounts(tx, "code/shop"))).isEqualTo(new StatsStore.HeaderCounts(0, 0));
    }
}
