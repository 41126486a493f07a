package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.eaglemem.format.SmallStack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SubstringQuery#runTogether}: the one-pass tokenizer that replaced a regular expression which recursed once
 * per word (a prompt of ~800 unpunctuated words overflowed the stack, serve answered 500 and the prompt was stored
 * twice). Same results as the old expression on ordinary text; no stack and no length limit.
 */
class RunTogetherTest {

    // The expression and loop runTogether used before (issue 23, F3), kept here to compare against on short inputs.
    private static final String OLD_PLAIN = "[\\p{L}\\p{N}&&[^\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}]]+";
    private static final Pattern OLD_PLAIN_WORDS = Pattern.compile(OLD_PLAIN + "(?:[ \\t]+" + OLD_PLAIN + ")*");

    private static List<String> old(String text) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        Matcher m = OLD_PLAIN_WORDS.matcher(Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT));
        while (m.find() && out.size() < 64) {
            String[] words = m.group().split("\\s+");
            for (int i = 0; i < words.length; i++) {
                StringBuilder run = new StringBuilder(words[i]);
                for (int n = 2; n <= 4 && i + n <= words.length; n++) {
                    run.append(words[i + n - 1]);
                    if (run.length() >= 6 && out.size() < 64) {
                        out.add(run.toString());
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "the get user by id helper: retry policy",
            "why does getUserById return null in Redis缓存?",
            "please fix the flaky billing retry test, it fails on CI every other run",
            "Rotate the staging certs\tand update the\t\tingress config",
            "数据库连接池会耗尽 when the load test runs for more than ten minutes",
            "サーバーが落ちた after deploy v2.3.1 — check the logs",
            "서버가 느려요 타임아웃 on the api gateway",
            "Ｆｕｌｌ ｗｉｄｔｈ ｗｏｒｄｓ and half ｶﾀｶﾅ too",
            "naïve café résumé Straße ΑΘΗΝΑ Москва",
            "chapter Ⅻ has x² and ½ of the 𝐁𝐨𝐥𝐝 words",
            "trailing spaces   \t  ",
            "  leading spaces then words here",
            "one\ntwo three\r\nfour five six seven eight nine",
            "a b c d e f g h i j k l m n o p",
            "x",
            "",
            "mixed-case_identifiers and.dots in a long sentence without much punctuation at all really",
            "emoji 🚀 launch the rocket now please team",
            "numbers 123 456 7890 and 2026 12 06 dates",
    })
    void sameResultsAsTheOldExpressionOnOrdinaryPrompts(String prompt) {
        assertThat(SubstringQuery.runTogether(prompt)).isEqualTo(old(prompt));
    }

    @Test
    void sameResultsAsTheOldExpressionOnRandomShortTexts() {
        // letters, digits, CJK and kana, the prolonged sound mark, full-width forms, spaces, tabs, newlines, punctuation
        String[] pieces = { "a", "B", "é", "ß", "Ω", "ж", "7", "²", "Ⅻ", "ｗ", "𝐁", "数", "据", "カ", "ー", "ひ", "서",
                " ", " ", " ", "\t", "\n", ",", ".", "-", "_", ":", "🚀", "'", "word", "Retry", "policy" };
        Random random = new Random(23);
        for (int t = 0; t < 5_000; t++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(60);
            for (int i = 0; i < length; i++) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            assertThat(SubstringQuery.runTogether(text.toString())).as("text: %s", text).isEqualTo(old(text.toString()));
        }
    }

    @Test
    void twoThousandPlainWordsFitASmallStack() {
        // The old expression overflowed here on a small stack like serve's request threads (-Xss512k). Whether it
        // does depends on the JVM's frame sizes and the JIT (on CI it once did not), so only the tokenizer is checked.
        String words = words(2_000);
        assertThat(SmallStack.value(() -> SubstringQuery.runTogether(words))).hasSize(64);
    }

    @Test
    void aHundredThousandPlainWordsNeedNoStack() {
        String words = words(100_000);
        List<String> result = SmallStack.value(() -> SubstringQuery.runTogether(words));
        assertThat(result).hasSize(64).startsWith("word0word1", "word0word1word2");
        assertThat(SmallStack.value(() -> SubstringQuery.forPrompt(words).orElseThrow().runTogether())).isEqualTo(result);
        assertThat(SmallStack.value(() -> SubstringQuery.forSearch(words))).isPresent(); // word0, word1: identifiers
    }

    @Test
    void aFewMegabytesOfOnePhraseStopAtTheFirstResults() {
        String text = "retry policy " + words(400_000); // ~3.5 MB, one phrase
        assertThat(text.length()).isGreaterThan(3_000_000);
        assertThat(SmallStack.value(() -> SubstringQuery.runTogether(text))).hasSize(64)
                .startsWith("retrypolicy", "retrypolicyword0");
    }

    static String words(int n) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append(i == 0 ? "" : " ").append("word").append(i);
        }
        return out.toString();
    }
}
