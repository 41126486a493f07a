package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SearchStore's word-index queries on a real migrated file: which records each filter lets through (project, personal
 * scope, kind, forgotten, the current session), how hits are ranked and shaped, and the look-up by id that the
 * semantic side uses. The floor and the substring index have their own tests (SearchFloorTest, SubstringIndexTest).
 */
class SearchStoreTest extends TempDbTest {

    private static final String APP = "code/app";
    private static final String OTHER = "code/other";

    private final SearchStore search = new SearchStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            for (String[] s : new String[][] { { "s1", APP }, { "s2", APP }, { "o1", OTHER } }) {
                new ProjectStore().touch(tx, s[1], null, now);
                new SessionStore().upsert(tx, s[0], s[1], "codex", "/home/u/" + s[0], null, "startup", now);
            }
            return null;
        });
    }

    private long memory(String project, String scope, String kind, String title, String content, String updatedAt) {
        return t.db.write((Tx tx) -> tx.call("""
                INSERT INTO memories(project, scope, kind, title, content, normalized_hash, source_agent, created_at, updated_at)
                VALUES (?1, ?2, ?3, ?4, ?5, lower(?4 || ?5), 'codex', ?6, ?6) RETURNING id
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, scope);
            ps.setString(3, kind);
            ps.setString(4, title);
            ps.setString(5, content);
            ps.setString(6, updatedAt);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }));
    }

    private long memory(String project, String title, String content) {
        return memory(project, "project", "gotcha", title, content, "2026-11-01T00:00:00.000Z");
    }

    private long summary(String session, String project, SummaryFields fields) {
        return t.db.write((Tx tx) -> {
            new SummaryStore().saveAuthoritative(tx, session, project, "codex", fields, "agent", now);
            return new SummaryStore().findBySession(tx, session).orElseThrow().id();
        });
    }

    private static SummaryFields request(String request, String completed) {
        return new SummaryFields(request, null, null, completed, null, null, null, null, List.of(), List.of(), List.of());
    }

    private static List<Long> ids(List<SearchRow> rows) {
        return rows.stream().map(SearchRow::id).toList();
    }

    @Test
    void aProjectsMemorySearchSeesItsOwnAndPersonalOnesButNotAnotherProjectsOrForgottenOnes() {
        long own = memory(APP, "Webhook retries", "use backoff");
        long personal = memory(null, "personal", "preference", "Webhook naming", "prefer verbs", "2026-11-01T00:00:00.000Z");
        long other = memory(OTHER, "Webhook secrets", "rotate them");
        long forgotten = memory(APP, "Webhook timeouts", "ten seconds");
        t.db.write((Tx tx) -> tx.call("UPDATE memories SET deleted_at = '2026-11-02T00:00:00.000Z' WHERE id = ?", ps -> {
            ps.setLong(1, forgotten);
            return ps.executeUpdate();
        }));

        assertThat(ids(t.db.read((Tx tx) -> search.memories(tx, "\"webhook\"", APP, null, 10)))).containsExactlyInAnyOrder(own,
                personal);
        assertThat(ids(t.db.read((Tx tx) -> search.memories(tx, "\"webhook\"", null, null, 10)))).containsExactlyInAnyOrder(own,
                personal, other);
        assertThat(ids(t.db.read((Tx tx) -> search.memories(tx, "\"webhook\"", APP, "preference", 10))))
                .containsExactly(personal);
        assertThat(t.db.read((Tx tx) -> search.memories(tx, "\"webhook\"", APP, null, 1))).hasSize(1);
    }

    @Test
    void aMemoryHitCarriesItsTitleSnippetDateAndKindAndATitleMatchOutranksABodyMatch() {
        long inBody = memory(APP, "Deploy notes", "the cache must be warmed before the deploy");
        long inTitle = memory(APP, "Cache warming", "run the warm-up script before deploys");
        List<SearchRow> hits = t.db.read((Tx tx) -> search.memories(tx, "\"cache\"", APP, null, 10));
        assertThat(ids(hits)).containsExactly(inTitle, inBody);
        SearchRow first = hits.getFirst();
        assertThat(first.kind()).isEqualTo("memory");
        assertThat(first.project()).isEqualTo(APP);
        assertThat(first.title()).isEqualTo("Cache warming");
        assertThat(first.snippet()).isEqualTo("run the warm-up script before deploys");
        assertThat(first.date()).isEqualTo("2026-11-01T00:00:00.000Z");
        assertThat(first.memoryKind()).isEqualTo("gotcha");
        assertThat(first.score()).as("bm25: lower is better").isLessThan(hits.get(1).score());
    }

    @Test
    void equallyGoodHitsComeNewestFirst() {
        long older = memory(APP, "project", "gotcha", "Flaky test", "retry it", "2026-11-01T00:00:00.000Z");
        long newer = memory(APP, "project", "gotcha", "Flaky test", "retry it", "2026-11-05T00:00:00.000Z");
        assertThat(ids(t.db.read((Tx tx) -> search.memories(tx, "\"flaky\"", APP, null, 10)))).containsExactly(newer, older);
    }

    @Test
    void wordsMatchAcrossInflectionsAndAccents() {
        long retries = memory(APP, "Retries on the café API", "backoff");
        assertThat(ids(t.db.read((Tx tx) -> search.memories(tx, "\"retry\"", APP, null, 10)))).containsExactly(retries);
        assertThat(ids(t.db.read((Tx tx) -> search.memories(tx, "\"cafe\"", APP, null, 10)))).containsExactly(retries);
    }

    @Test
    void summaryHitsLeaveOutTheCurrentSessionAndAnotherProjectAndFallBackToWhatWasDoneForATitle() {
        long s1 = summary("s1", APP, request(null, "Moved invoices to the queue"));
        long s2 = summary("s2", APP, request("Speed up invoices", null));
        summary("o1", OTHER, request("Invoices elsewhere", null));

        List<SearchRow> all = t.db.read((Tx tx) -> search.summaries(tx, "\"invoices\"", APP, 10));
        assertThat(ids(all)).containsExactlyInAnyOrder(s1, s2);
        SearchRow first = all.stream().filter(r -> r.id() == s1).findFirst().orElseThrow();
        assertThat(first.kind()).isEqualTo("summary");
        assertThat(first.title()).isEqualTo("Moved invoices to the queue");
        assertThat(first.memoryKind()).isNull();
        assertThat(ids(t.db.read((Tx tx) -> search.summariesExcept(tx, "\"invoices\"", APP, "s2", 10)))).containsExactly(s1);
        assertThat(t.db.read((Tx tx) -> search.summaries(tx, "\"invoices\"", null, 10))).hasSize(3);
    }

    @Test
    void theSummaryFloorCountsOnlyTheProjectsMatches() {
        summary("o1", OTHER, request("checkout other", null));
        long oldest = summary("s1", APP, request("checkout one", null));
        long newest = summary("s2", APP, request("checkout two", null));
        assertThat(t.db.<Long>read(tx -> search.summariesFloor(tx, "\"checkout\"", APP, 1))).isEqualTo(newest);
        assertThat(t.db.<Long>read(tx -> search.summariesFloor(tx, "\"checkout\"", APP, 2))).isEqualTo(oldest);
        assertThat(t.db.<Long>read(tx -> search.summariesFloor(tx, "\"checkout\"", APP, 3))).as("fewer: rank all").isZero();
        assertThat(ids(t.db.read((Tx tx) -> search.summariesExcept(tx, "\"checkout\"", APP, null, 10, newest))))
                .containsExactly(newest);
    }

    @Test
    void promptHitsAreTitledWithTheirFirst120CharactersAndStayInTheirProject() {
        String prompt = "Why does the deploy script hang " + "x".repeat(200);
        long mine = t.db.write((Tx tx) -> new PromptStore().insert(tx, "s1", APP, "codex", prompt, now));
        t.db.write((Tx tx) -> new PromptStore().insert(tx, "o1", OTHER, "codex", "deploy elsewhere", now));
        List<SearchRow> hits = t.db.read((Tx tx) -> search.prompts(tx, "\"deploy\"", APP, 10));
        assertThat(ids(hits)).containsExactly(mine);
        assertThat(hits.getFirst().title()).isEqualTo(prompt.substring(0, 120));
        assertThat(hits.getFirst().kind()).isEqualTo("prompt");
        assertThat(hits.getFirst().date()).isEqualTo("2026-11-22T10:00:00.000Z");
    }

    @Test
    void byIdsReturnsOnlyLiveRecordsTheProjectMaySee() {
        long own = memory(APP, "Own", "a".repeat(500));
        long personal = memory(null, "personal", "preference", "Mine", "b", "2026-11-01T00:00:00.000Z");
        long other = memory(OTHER, "Theirs", "c");
        long forgotten = memory(APP, "Gone", "d");
        t.db.write((Tx tx) -> tx.call("UPDATE memories SET deleted_at = '2026-11-02T00:00:00.000Z' WHERE id = ?", ps -> {
            ps.setLong(1, forgotten);
            return ps.executeUpdate();
        }));
        List<SearchRow> memories = t.db.read((Tx tx) -> search.byIds(tx, "memory", List.of(own, personal, other, forgotten), APP,
                null));
        assertThat(ids(memories)).containsExactlyInAnyOrder(own, personal);
        SearchRow hit = memories.stream().filter(r -> r.id() == own).findFirst().orElseThrow();
        assertThat(hit.snippet()).hasSize(400);
        assertThat(hit.score()).isZero();
        assertThat(hit.memoryKind()).isEqualTo("gotcha");

        long s1 = summary("s1", APP, request("Here", "done it"));
        long s2 = summary("s2", APP, request("There", null));
        long o1 = summary("o1", OTHER, request("Away", null));
        List<SearchRow> summaries = t.db.read((Tx tx) -> search.byIds(tx, "summary", List.of(s1, s2, o1), APP, "s2"));
        assertThat(ids(summaries)).containsExactly(s1);
        assertThat(summaries.getFirst().title()).isEqualTo("Here");
        assertThat(summaries.getFirst().snippet()).isEqualTo("done it");
        assertThat(t.db.read((Tx tx) -> search.byIds(tx, "memory", List.of(), APP, null))).isEmpty();
    }
}
