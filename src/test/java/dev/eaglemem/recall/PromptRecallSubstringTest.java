package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.TestServices;
import dev.eaglemem.format.SmallStack;
import dev.eaglemem.search.LexicalExtras;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProjectStore;
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

/**
 * UserPromptSubmit recall for prompts in Chinese, Japanese and Korean and prompts naming identifiers, on a real
 * database with the real migrations: each memory is found by a prompt that is another sentence sharing a
 * 2-character word, or a 3–4-character one.
 */
class PromptRecallSubstringTest {

    private static final String PROJECT = "code/shop";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
    private static final String ZH = "数据库连接池耗尽";
    private static final String JA = "キャッシュの期限切れ";
    private static final String KO = "피크 시간의 결제 지연";
    private static final String CAMEL = "getUserById returns null for soft-deleted users";
    private static final String DISTRACTOR = "getUserByEmail is slow for users";

    @TempDir
    Path dir;

    private TestDb t;
    private RecallService recall;
    private int sessions;

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        recall = TestServices.on(t.db, CLOCK).recall();
        Instant day = Instant.parse("2026-11-20T09:00:00Z");
        t.db.write(tx -> {
            new ProjectStore().touch(tx, PROJECT, null, day);
            new SessionStore().upsert(tx, "old", PROJECT, "codex", null, null, null, day);
            new SummaryStore().saveAuthoritative(tx, "old", PROJECT, "codex", new SummaryFields("修复支付网关的证书", null,
                    "证书在周一过期", null, null, null, null, null, List.of(), List.of(), List.of()), "agent", day);
            MemoryStore memories = new MemoryStore();
            int n = 0;
            for (String[] m : List.of(
                    new String[] { ZH, "高峰期数据库连接池会耗尽，需要调大连接数。" },
                    new String[] { JA, "Redis のキャッシュは再起動のあと期限が切れる。" },
                    new String[] { KO, "결제 서버가 피크 시간에 타임아웃된다." },
                    new String[] { CAMEL, "The repository method getUserById skips rows with deleted_at set." },
                    new String[] { DISTRACTOR, "getUserByEmail scans the users table without an index on email." },
                    new String[] { "Release gate scope", "The release gate covers npm publish." })) {
                n++;
                memories.insert(tx, new NewMemoryRow(PROJECT, "project", "gotcha", m[0], m[1], null, null, List.of(),
                        "h" + n, "codex", null), day.plusSeconds(60L * n));
            }
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private Optional<String> prompt(String text) {
        return recall.prompt(new RecallService.Audience("s" + ++sessions, PROJECT, "claude-code", false), text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "为什么连接会超时？请帮我看看           | " + ZH,
            "线上数据库很慢怎么办                   | " + ZH,
            "ログイン後に期限エラーが出る           | " + JA,
            "サーバーを再起動したら遅い             | " + JA,
            "서버 로그를 확인해 주세요               | " + KO,
            "어제 타임아웃 오류가 났어요             | " + KO })
    void recallsCjkMemoriesForAnotherSentenceSharingAWord(String prompt, String title) {
        assertThat(prompt(prompt)).get().asString().contains(title);
    }

    @Test
    void anIdentifierInThePromptRecallsItsMemoryAboveASimilarOne() {
        String text = prompt("why does getUserById return null for deleted users?").orElseThrow();
        assertThat(text).contains(CAMEL);
        if (text.contains(DISTRACTOR)) {
            assertThat(text.indexOf(CAMEL)).isLessThan(text.indexOf(DISTRACTOR));
        }
        assertThat(prompt("the UserById lookup is flaky today")).get().asString().contains(CAMEL);
    }

    /** unicode61 reads getUserById as one token: the prompt's neighbouring words run together ask for it. */
    @Test
    void aPromptSpellingAnIdentifiersWordsApartRecallsIt() {
        String text = prompt("the get user by id helper hands back nothing for them").orElseThrow();
        assertThat(text).contains(CAMEL);
        if (text.contains(DISTRACTOR)) {
            assertThat(text.indexOf(CAMEL)).isLessThan(text.indexOf(DISTRACTOR));
        }
    }

    @Test
    void summariesAreRecalledButNotTheSessionsOwn() {
        assertThat(prompt("证书又过期了怎么办")).get().asString().contains("修复支付网关的证书");
        assertThat(recall.prompt(new RecallService.Audience("old", PROJECT, "claude-code", false), "证书又过期了怎么办"))
                .isEmpty();
    }

    @Test
    void aRecordIsInjectedOnceEvenWhenBothIndexesFindIt() {
        String text = prompt("getUserById returns null again").orElseThrow();
        assertThat(text.split(java.util.regex.Pattern.quote(CAMEL), -1)).hasSize(2);
    }

    @Test
    void ordinaryEnglishPromptsFindNothingMore() {
        t.db.read(tx -> {
            LexicalExtras extras = new LexicalExtras(new SearchStore());
            assertThat(extras.promptMemories(tx, "why does the release gate block npm publish?", PROJECT, 6)).isEmpty();
            assertThat(extras.promptSummaries(tx, "why does the release gate block npm publish?", PROJECT, null, 6)).isEmpty();
            return null;
        });
        assertThat(prompt("why does the release gate block npm publish?")).get().asString().contains("Release gate scope")
                .doesNotContain(CAMEL, ZH);
    }

    @Test
    void shortCjkPromptsAreNotSearched() {
        assertThat(PromptQuery.isShort("连接")).isTrue();
        assertThat(PromptQuery.isShort("为什么连接会超时")).isFalse();
        assertThat(PromptQuery.of("서버 로그를 확인해")).get().extracting(q -> q.terms())
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST).contains("서버");
    }

    /** A prompt that pastes megabytes of unpunctuated words recalls what its start asks for, on a small stack. */
    @Test
    void aPromptOfMegabytesOfPlainWordsRecallsByItsHead() {
        StringBuilder prompt = new StringBuilder("why does getUserById return null for deleted users? log:");
        for (int i = 0; prompt.length() < 3_000_000; i++) {
            prompt.append(" word").append(i);
        }
        assertThat(SmallStack.value(() -> prompt(prompt.toString()))).get().asString().contains(CAMEL);
    }
}
