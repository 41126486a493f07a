package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.eaglemem.search.SubstringQuery.Kind;
import dev.eaglemem.search.SubstringQuery.Mode;
import dev.eaglemem.search.SubstringQuery.Term;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SubstringQueryTest {

    private static final Function<String, List<String>> NO_TRIGRAMS = pair -> List.of();

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "getUserById             | get user by id",
            "GetUserByID             | get user by id",
            "HTTPServer              | http server",
            "XMLHttpRequest          | xml http request",
            "get_user_by_id          | get user by id",
            "billing-retry-policy    | billing retry policy",
            "app.billing.retryPolicy | app billing retry policy",
            "oauth2Client            | oauth 2 client",
            "Release                 | release",
            "HTTP                    | http",
            "404                     | 404" })
    void identifiersSplitIntoLowerCaseWords(String identifier, String words) {
        assertThat(String.join(" ", Identifiers.split(identifier))).isEqualTo(words);
    }

    @Test
    void ordinaryWordsAloneMakeNoQuerySoOrdinarySearchesAreUnchanged() {
        assertThat(SubstringQuery.forSearch("release")).isEmpty();
        assertThat(SubstringQuery.forSearch("the release gate for git push")).isEmpty(); // six words: not run together
        assertThat(SubstringQuery.forSearch("ci db")).isEmpty(); // run together too short to mean anything
        // a prompt's plain words only run together (word-index tokens), never reach the substring index
        assertThat(SubstringQuery.forPrompt("why does the release gate block pushes on Mondays?").orElseThrow()
                .substringMatch(Mode.ANY, NO_TRIGRAMS)).isEmpty();
        assertThat(SubstringQuery.forSearch("?!*")).isEmpty();
        assertThat(SubstringQuery.forSearch(null)).isEmpty();
    }

    @Test
    void anIdentifierMatchesAsASubstringAsWrittenAndRunTogether() {
        SubstringQuery q = SubstringQuery.forSearch("get_user_by_id null").orElseThrow();
        assertThat(q.terms()).extracting(Term::kind).containsExactly(Kind.IDENTIFIER, Kind.WORD);
        assertThat(q.substringMatch(Mode.ALL, NO_TRIGRAMS)).contains("((\"get_user_by_id\" OR \"getuserbyid\") AND \"null\")");
        assertThat(q.substringMatch(Mode.ANY, NO_TRIGRAMS)).contains("(\"get_user_by_id\" OR \"getuserbyid\")");
    }

    @Test
    void anIdentifierMatchesInTheWordIndexAsWrittenRunTogetherOrAsThePhraseOfItsWords() {
        SubstringQuery q = SubstringQuery.forSearch("getUserById null").orElseThrow();
        assertThat(q.wordMatch(Mode.ALL)).contains("((\"getuserbyid\" OR \"get user by id\") AND \"null\")");
        assertThat(q.wordMatch(Mode.ANY)).contains("(\"getuserbyid\" OR \"get user by id\")");
        assertThat(SubstringQuery.forSearch("app.billing.retryPolicy").orElseThrow().wordMatch(Mode.ALL))
                .contains("(\"app.billing.retrypolicy\" OR \"appbillingretrypolicy\" OR \"app billing retry policy\")");
    }

    @Test
    void twoToFourPlainWordsAreAlsoTriedRunTogether() {
        SubstringQuery q = SubstringQuery.forSearch("user by id").orElseThrow();
        assertThat(q.joined()).contains("userbyid");
        assertThat(q.substringMatch(Mode.ALL, NO_TRIGRAMS)).contains("\"userbyid\"");
        assertThat(q.wordMatch(Mode.ALL)).contains("(\"userby id\" OR \"user byid\" OR \"userbyid\")");
        assertThat(SubstringQuery.mergings(List.of("billing", "retry", "policy")))
                .containsExactly("billingretry policy", "billing retrypolicy", "billingretrypolicy");
    }

    @Test
    void aCjkWordOfThreeOrMoreCharactersIsASubstringAndATwoCharacterWordGoesThroughTheTrigramsThatStartWithIt() {
        SubstringQuery q = SubstringQuery.forSearch("数据库 连接").orElseThrow();
        assertThat(q.terms()).extracting(Term::kind).containsExactly(Kind.CJK, Kind.CJK);
        Map<String, List<String>> vocabulary = Map.of("连接", List.of("连接池", "连接\n"));
        assertThat(q.substringMatch(Mode.ALL, p -> vocabulary.getOrDefault(p, List.of())))
                .contains("(\"数据库\" AND (\"连接池\" OR \"连接\n\"))");
        // no record holds the 2-character word: none holds both words either
        assertThat(q.substringMatch(Mode.ALL, NO_TRIGRAMS)).isEmpty();
        assertThat(q.wordMatch(Mode.ALL)).isEmpty();
    }

    @Test
    void textIsNormalizedWithNfkcAndLowerCased() {
        SubstringQuery q = SubstringQuery.forSearch("ｇｅｔＵｓｅｒＢｙＩｄ ｷｬｯｼｭ").orElseThrow();
        assertThat(q.terms()).extracting(Term::text).containsExactly("getuserbyid", "キャッシュ");
    }

    @Test
    void aPromptsCjkRunsContributeTheirTwoCharacterWindowsWithoutFunctionCharacters() {
        SubstringQuery zh = SubstringQuery.forPrompt("为什么连接会超时？").orElseThrow();
        assertThat(zh.terms().getFirst().windows()).containsExactly("为什", "连接", "接会", "会超", "超时");
        SubstringQuery ja = SubstringQuery.forPrompt("ログイン後に期限エラーが出る").orElseThrow();
        assertThat(ja.terms().getFirst().windows()).contains("ログ", "期限", "エラ").doesNotContain("後に", "が出", "出る");
        // Hangul words carry their particles ("서버가"): a word contributes its first two syllables
        SubstringQuery ko = SubstringQuery.forPrompt("서버가 느려요 타임아웃").orElseThrow();
        assertThat(ko.terms()).extracting(Term::windows)
                .containsExactly(List.of("서버"), List.of("느려"), List.of("타임"));
        assertThat(ko.substringMatch(Mode.ANY, p -> List.of(p + "x")))
                .contains("(\"서버가\" OR \"서버x\") OR (\"느려요\" OR \"느려x\") OR (\"타임아웃\" OR \"타임x\")");
    }

    @Test
    void aPromptKeepsOnlyItsIdentifiersAndCjk() {
        SubstringQuery q = SubstringQuery.forPrompt("why does getUserById return null in Redis缓存?").orElseThrow();
        assertThat(q.terms()).extracting(Term::text).containsExactly("getuserbyid", "缓存");
        assertThat(q.joined()).isEmpty();
    }

    @Test
    void aPromptsNeighbouringWordsAreAlsoAskedForRunTogetherInTheWordIndex() {
        SubstringQuery q = SubstringQuery.forPrompt("the get user by id helper: retry policy").orElseThrow();
        assertThat(q.terms()).isEmpty();
        // not across the colon, and never shorter than 6 characters
        assertThat(q.runTogether()).contains("theget", "getuser", "getuserbyid", "userbyid", "retrypolicy")
                .doesNotContain("helperretry", "byid", "getuserbyidhelper");
        assertThat(q.wordMatch(Mode.ANY)).get().asString().startsWith("(\"theget\" OR ").contains("\"getuserbyid\"");
        assertThat(q.substringMatch(Mode.ANY, NO_TRIGRAMS)).as("run-together prompt words stay out of the substring index")
                .isEmpty();
        assertThat(SubstringQuery.forPrompt("deploy")).isEmpty();
    }

    @Test
    void expressionsStayBounded() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            text.append("fooBar").append(i).append(' ');
        }
        SubstringQuery q = SubstringQuery.forSearch(text.toString()).orElseThrow();
        assertThat(q.terms()).hasSize(SubstringQuery.MAX_TERMS);
        String many = q.substringMatch(Mode.ANY, p -> List.of()).orElseThrow();
        assertThat(many.split("\" OR \"").length).isLessThanOrEqualTo(SubstringQuery.MAX_PHRASES);
        SubstringQuery cjk = SubstringQuery.forPrompt("数据库连接池耗尽导致订单支付接口超时并且重试队列积压严重需要扩容").orElseThrow();
        List<String> hundred = java.util.stream.IntStream.range(0, 100).mapToObj(i -> "t" + i).toList();
        String bounded = cjk.substringMatch(Mode.ANY, p -> hundred).orElseThrow();
        assertThat(bounded.split("\" OR \"").length).isLessThanOrEqualTo(SubstringQuery.MAX_PHRASES);
        // a search of many 2-character words: the budget runs out inside the conjunction, which stays valid FTS5
        SubstringQuery words = SubstringQuery.forSearch("数据 连接 订单 支付 接口 超时 重试 队列 积压 严重 需要 扩容").orElseThrow();
        String all = words.substringMatch(Mode.ALL, p -> hundred).orElseThrow();
        assertThat(all).doesNotContain("AND  AND", "( AND", "AND )");
        try (TestDb t = TestDb.in(dir)) {
            t.db.read(tx -> new SearchStore().memoriesBySubstring(tx, all, null, null, 5));
            t.db.read(tx -> new SearchStore().memoriesBySubstring(tx, bounded, null, null, 5));
        }
    }

    /** Every expression is valid FTS5 for both indexes, whatever the text holds (quotes in trigrams included). */
    @ParameterizedTest
    @ValueSource(strings = { "getUserById", "a\"b_c", "NOT AND_OR", "x*y-z", "NEAR(a.b c)", "{title}: fooBar",
            "数据库 连接", "サーバーの再起動", "서버 로그", "user by id", "🙂 emoji_face" })
    void everyBuiltExpressionIsValidFts5(String input) {
        try (TestDb t = TestDb.in(dir)) {
            SearchStore store = new SearchStore();
            LexicalExtras extras = new LexicalExtras(store);
            Function<String, List<String>> quoteTrigrams = p -> List.of(p + "\"", p + "\n", p + "*");
            for (Mode mode : Mode.values()) {
                for (var q : List.of(SubstringQuery.forSearch(input), SubstringQuery.forPrompt(input))) {
                    q.ifPresent(query -> t.db.read(tx -> {
                        query.substringMatch(mode, quoteTrigrams).ifPresent(m -> {
                            store.memoriesBySubstring(tx, m, null, null, 5);
                            store.summariesBySubstring(tx, m, null, null, 5);
                        });
                        query.wordMatch(mode).ifPresent(m -> store.memories(tx, m, null, null, 5));
                        return extras.memories(tx, q, mode, null, null, 5);
                    }));
                }
            }
        }
    }
}
