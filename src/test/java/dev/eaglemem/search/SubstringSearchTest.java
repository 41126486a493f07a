package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.eaglemem.embed.NoModel;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SearchRow;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code eagle-mem search} (and GET /search) on text the word index handles badly: CJK and identifiers, on a
 * real database with the real migrations. Ordinary English searches give what the word index alone gives.
 */
class SubstringSearchTest {

    private static final String ZH = "数据库连接池耗尽";
    private static final String JA = "キャッシュの期限切れ";
    private static final String KO = "피크 시간의 결제 지연";
    private static final String CAMEL = "getUserById returns null for soft-deleted users";
    private static final String DISTRACTOR = "getUserByEmail is slow for users";
    private static final String SNAKE = "Python client: get_user_by_id caches results";
    private static final String KEBAB = "Config key billing-retry-policy sets the backoff";
    private static final String DOTTED = "Spring property app.billing.retryPolicy";
    private static final String ELSEWHERE = "数据库连接泄漏";

    @TempDir
    Path dir;

    private TestDb t;
    private SearchService search;

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        search = NoModel.search(t.db);
        Instant day = Instant.parse("2026-11-01T09:00:00Z");
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, day);
            new ProjectStore().touch(tx, "code/other", null, day);
            new SessionStore().upsert(tx, "s1", "code/app", "codex", null, null, null, day);
            MemoryStore memories = new MemoryStore();
            int n = 0;
            for (String[] m : List.of(
                    new String[] { ZH, "高峰期数据库连接池会耗尽，需要调大连接数。" },
                    new String[] { JA, "Redis のキャッシュは再起動のあと期限が切れる。" },
                    new String[] { KO, "결제 서버가 피크 시간에 타임아웃된다." },
                    new String[] { CAMEL,
                            "The repository method getUserById skips rows with deleted_at set; callers handle null." },
                    new String[] { DISTRACTOR, "getUserByEmail scans the users table without an index on email." },
                    new String[] { SNAKE, "The Python client memoizes get_user_by_id for a minute." },
                    new String[] { KEBAB, "billing-retry-policy controls how often failed charges are retried." },
                    new String[] { DOTTED, "app.billing.retryPolicy overrides the default backoff for invoices." },
                    new String[] { "Release gate scope", "The release gate covers npm publish and the backoff of retries." })) {
                n++;
                memories.insert(tx, new NewMemoryRow("code/app", "project", "gotcha", m[0], m[1], null, null, List.of(),
                        "h" + n, "codex", null), day.plusSeconds(60L * n));
            }
            memories.insert(tx, new NewMemoryRow("code/other", "project", "gotcha", ELSEWHERE, "别的项目的连接泄漏", null, null,
                    List.of(), "h-other", "codex", null), day);
            new SummaryStore().saveAuthoritative(tx, "s1", "code/app", "codex", new SummaryFields("修复 retryPolicy 的退避",
                    null, "连接池需要预热", null, null, null, null, null, List.of("src/billing/RetryPolicy.java"), List.of(),
                    List.of()), "agent", day);
            new PromptStore().insert(tx, "s1", "code/app", "codex", "please make the release gate stricter", day);
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private List<String> titles(String query) {
        return search.search(new SearchRequest(query, "memory", "code/app", 10)).hits().stream().map(SearchHit::title).toList();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // a 2-character word, a 3–4-character word, and a sentence that shares only a word with the memory
            "连接                  | " + ZH,
            "数据库                | " + ZH,
            "为什么连接会超时      | " + ZH,
            "期限                  | " + JA,
            "再起動                | " + JA,
            "ログイン後に期限エラー | " + JA,
            "서버                  | " + KO,
            "타임아웃              | " + KO,
            "어제 타임아웃 오류    | " + KO })
    void findsCjkByATwoCharacterWordALongerWordOrAnotherSentence(String query, String title) {
        assertThat(titles(query)).contains(title).doesNotContain(ELSEWHERE);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "getUserById             | " + CAMEL,
            "get user by id          | " + CAMEL,
            "user by id              | " + CAMEL,
            "UserById                | " + CAMEL,
            "get_user_by_id          | " + CAMEL,
            "getUserById             | " + SNAKE,
            "get user by id          | " + SNAKE,
            "get_user_by_id          | " + SNAKE,
            "billing-retry-policy    | " + KEBAB,
            "retry policy            | " + KEBAB,
            "retryPolicy             | " + KEBAB,
            "app.billing.retryPolicy | " + DOTTED,
            "retry policy            | " + DOTTED,
            "billing retry policy    | " + DOTTED,
            "retryPolicy             | " + DOTTED })
    void findsIdentifiersByTheirWordsInAnyStyle(String query, String title) {
        assertThat(titles(query)).contains(title);
    }

    @ParameterizedTest
    @ValueSource(strings = { "getUserById", "get user by id", "user by id" })
    void aSimilarIdentifierRanksBelowTheExactOne(String query) {
        List<String> titles = titles(query);
        assertThat(titles).contains(CAMEL);
        if (titles.contains(DISTRACTOR)) {
            assertThat(titles.indexOf(DISTRACTOR)).isGreaterThan(titles.indexOf(CAMEL));
        }
        assertThat(titles("getUserBy")).as("a prefix of both finds both").contains(CAMEL, DISTRACTOR);
    }

    @Test
    void summariesAreFoundTooAndProjectsStayApart() {
        SearchResult result = search.search(new SearchRequest("连接", null, "code/app", 10));
        assertThat(result.hits()).extracting(SearchHit::kind).contains("summary", "memory");
        assertThat(result.hits()).extracting(SearchHit::project).containsOnly("code/app");
        assertThat(search.search(new SearchRequest("RetryPolicy", "summary", "code/app", 10)).hits()).hasSize(1);
        assertThat(search.search(new SearchRequest("连接", "memory", null, 10)).hits()).extracting(SearchHit::title)
                .contains(ZH, ELSEWHERE);
    }

    /** The substring index adds nothing to ordinary English: the hits are the word index's, in its order. */
    @ParameterizedTest
    @ValueSource(strings = { "release gate", "backoff", "null", "release zebra", "the backoff of retries for invoices" })
    void ordinaryEnglishSearchesGiveTheWordIndexResults(String query) {
        SearchResult result = search.search(new SearchRequest(query, null, "code/app", 10));
        assertThat(result.hits()).isNotEmpty();
        assertThat(result.hits()).extracting(SearchHit::id).containsExactlyElementsOf(wordIndexOnly(query, "code/app", 10));
    }

    /** What SearchService returned before the substring index: BM25 over the word index, all words, else any. */
    private List<String> wordIndexOnly(String text, String project, int limit) {
        FtsQuery query = FtsQuery.parse(text).orElseThrow();
        SearchStore store = new SearchStore();
        List<SearchRow> rows = new ArrayList<>();
        for (String match : List.of(query.all(), query.any())) {
            rows.addAll(t.db.read(tx -> {
                List<SearchRow> r = new ArrayList<>(store.summaries(tx, match, project, limit));
                r.addAll(store.memories(tx, match, project, null, limit));
                r.addAll(store.prompts(tx, match, project, limit));
                return r;
            }));
            if (!rows.isEmpty()) {
                break;
            }
        }
        return rows.stream()
                .sorted(Comparator.<SearchRow>comparingLong(r -> Math.round(r.score() * 100.0))
                        .thenComparing(SearchRow::date, Comparator.reverseOrder()))
                .limit(limit)
                .map(r -> new RecordId(RecordId.Kind.ofLabel(r.kind()), r.id()).toString())
                .toList();
    }
}
