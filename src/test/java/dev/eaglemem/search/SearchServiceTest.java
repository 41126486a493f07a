package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

import dev.eaglemem.TestServices;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SearchServiceTest {

    @TempDir
    Path dir;

    private TestDb t;
    private SearchService search;
    private RecordService records;

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        TestServices services = TestServices.on(t.db, Clock.systemUTC());
        search = services.search();
        records = services.records();
        Instant day = Instant.parse("2026-11-01T09:00:00Z");
        t.db.write(tx -> {
            ProjectStore projects = new ProjectStore();
            projects.touch(tx, "code/app", null, day);
            projects.touch(tx, "code/other", null, day);
            SessionStore sessions = new SessionStore();
            sessions.upsert(tx, "s1", "code/app", "codex", null, null, null, day);
            sessions.upsert(tx, "s2", "code/other", "claude-code", null, null, null, day);
            new SummaryStore().saveAuthoritative(tx, "s1", "code/app", "codex", new SummaryFields("Add the release gate",
                    null, "git push needs verified features", "Gate blocks pushes", "Deny pushes while features are pending",
                    null, null, null, List.of("src/gate.ts"), List.of(), List.of()), "agent", day);
            MemoryStore memories = new MemoryStore();
            memories.insert(tx, memory("code/app", "decision", "Release gate scope", "The release gate covers npm publish", "h1"),
                    day.plusSeconds(60));
            memories.insert(tx, memory("code/app", "gotcha", "Release gate tags", "The release gate ignores tag pushes", "h2"),
                    day.plusSeconds(120));
            memories.insert(tx, memory("code/other", "decision", "Release gate elsewhere", "Other project's release gate", "h3"),
                    day.plusSeconds(180));
            memories.insert(tx, new NewMemoryRow(null, "personal", "preference", "Small commits",
                    "I like small commits before a release", null, null, List.of(), "h4", "codex", null), day);
            new PromptStore().insert(tx, "s1", "code/app", "codex", "please build a release gate for git push", day);
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static NewMemoryRow memory(String project, String kind, String title, String content, String hash) {
        return new NewMemoryRow(project, "project", kind, title, content, null, null, List.of(), hash, "codex", null);
    }

    @Test
    void searchesSummariesMemoriesAndPromptsOfTheProjectWithCompactHits() {
        SearchResult result = search.search(new SearchRequest("release gate", null, "code/app", 10));
        assertThat(result.matchMode()).isEqualTo("all");
        assertThat(result.hits()).extracting(SearchHit::kind).contains("summary", "memory", "prompt");
        assertThat(result.hits()).extracting(SearchHit::project).doesNotContain("code/other");
        assertThat(result.hits()).allSatisfy(h -> {
            assertThat(h.id()).matches("(mem|sum|prm)-\\d+");
            assertThat(h.title()).doesNotContain("\n");
            assertThat(h.snippet()).doesNotContain("\n");
        });
    }

    @Test
    void equalScoresAreOrderedNewestFirst() {
        SearchResult result = search.search(new SearchRequest("release gate", "memory", "code/app", 10));
        List<String> titles = result.hits().stream().map(SearchHit::title).toList();
        assertThat(titles).containsExactly("Release gate tags", "Release gate scope");
    }

    @Test
    void typeFiltersByRecordKindOrMemoryKind() {
        assertThat(search.search(new SearchRequest("release", "gotcha", "code/app", 10)).hits())
                .extracting(SearchHit::memoryKind).containsExactly("gotcha");
        assertThat(search.search(new SearchRequest("release", "summaries", "code/app", 10)).hits())
                .extracting(SearchHit::kind).containsOnly("summary");
        assertThatThrownBy(() -> search.search(new SearchRequest("release", "rumour", "code/app", 10)))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("decision"));
    }

    /** The vocabulary: --type is the record (summary, memory, prompt), --kind the memory's kind. */
    @Test
    void kindFiltersMemoriesByKindAndAWrongTypeOrKindSaysWhichIsRight() {
        assertThat(search.search(new SearchRequest("release", null, "gotcha", "code/app", 10)).hits())
                .extracting(SearchHit::memoryKind).containsExactly("gotcha");
        assertThat(search.search(new SearchRequest("release", "memory", "decision", "code/app", 10)).hits())
                .extracting(SearchHit::title).containsExactly("Release gate scope");
        assertThat(search.search(new SearchRequest("release", "gotcha", "gotcha", "code/app", 10)).hits()).hasSize(1);
        assertThatThrownBy(() -> search.search(new SearchRequest("release", "summary", "decision", "code/app", 10)))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage())
                        .isEqualTo("--kind decision keeps only memories, but --type summary excludes them"));
        assertThatThrownBy(() -> search.search(new SearchRequest("release", "gotcha", "decision", "code/app", 10)))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("two memory kinds"));
        assertThatThrownBy(() -> search.search(new SearchRequest("release", null, "decison", "code/app", 10)))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.getMessage()).startsWith("unknown --kind 'decison'; did you mean decision?");
                    assertThat(e.fix()).isEqualTo("eagle-mem search --kind decision <words>");
                });
        assertThatThrownBy(() -> search.search(new SearchRequest("release", "memroy", null, "code/app", 10)))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage())
                        .startsWith("unknown --type 'memroy'; did you mean memory?: --type takes summary, memory, prompt or code;"
                                + " a memory's kind goes in --kind"));
    }

    @Test
    void personalMemoriesShowUpInEveryProjectAndAllProjectsSearchesEverything() {
        assertThat(search.search(new SearchRequest("commits", null, "code/other", 10)).hits())
                .extracting(SearchHit::title).containsExactly("Small commits");
        assertThat(search.search(new SearchRequest("release gate", "memory", null, 10)).hits()).hasSize(3);
    }

    @Test
    void fallsBackToAnyWordWhenNoRecordHasThemAll() {
        SearchResult result = search.search(new SearchRequest("gate zebra", null, "code/app", 10));
        assertThat(result.matchMode()).isEqualTo("any");
        assertThat(result.hits()).isNotEmpty();
    }

    @Test
    void punctuationOnlyQueriesAreRejectedClearly() {
        assertThatThrownBy(() -> search.search(new SearchRequest("?!* ()", null, "code/app", 10)))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                    assertThat(e.getMessage()).contains("no searchable words");
                });
    }

    @Test
    void showReturnsTheWholeRecordForAnId() {
        SearchHit summaryHit = search.search(new SearchRequest("release", "summary", "code/app", 10)).hits().getFirst();
        ShownRecord shown = records.show(RecordId.parse(summaryHit.id()));
        assertThat(shown).isInstanceOfSatisfying(ShownRecord.Summary.class, s -> {
            assertThat(s.summary().fields().decisions()).isEqualTo("Deny pushes while features are pending");
            assertThat(s.session().id()).isEqualTo("s1");
        });
        assertThatThrownBy(() -> records.show(RecordId.parse("mem-999")))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
        assertThatThrownBy(() -> RecordId.parse("sum12x"))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT));
    }
}
