package dev.eaglemem.redact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The public contract of {@link Redactor}; rule families have their own test classes. */
class RedactorTest {

    private static final Redactor REDACTOR = Redactor.defaults();
    private static final String GITHUB_TOKEN = "ghp_" + Fakes.alnum(36);
    private static final String RANDOM_TOKEN = Fakes.random(Fakes.BASE64URL, 40, 7);

    @Test
    void nullStaysNull() {
        assertThat(REDACTOR.redact(null)).isNull();
        assertThat(Redactor.stripPrivate(null)).isNull();
        assertThat(REDACTOR.scan(null)).isEmpty();
    }

    @Test
    void returnsTextWithoutSecretsAsItIs() {
        String text = "git status && ./mvnw -q verify -Dtest=OrderServiceTest";

        assertThat(REDACTOR.redact(text)).isSameAs(text);
        assertThat(REDACTOR.scan(text)).isEmpty();
    }

    @Test
    void defaultsIsOneSharedInstanceAndWithersDoNotChangeIt() {
        Redactor custom = Redactor.defaults().withExtraPatterns(List.of("ACME-[0-9]{6}")).withHighEntropy(false);

        assertThat(Redactor.defaults()).isSameAs(REDACTOR);
        assertThat(custom).isNotSameAs(REDACTOR);
        assertThat(REDACTOR.redact("ticket ACME-123456")).isEqualTo("ticket ACME-123456");
        assertThat(custom.redact("ticket ACME-123456")).isEqualTo("ticket [REDACTED]");
    }

    @Test
    void usesDedicatedMarkersForJwtsAndPrivateKeys() {
        String jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzdmMtYmF0Y2gifQ." + Fakes.base64url(43);
        String pem = "-----BEGIN EC PRIVATE KEY-----\n" + Fakes.random(Fakes.BASE64, 64, 3) + "\n"
                + "-----END EC PRIVATE KEY-----";

        assertThat(REDACTOR.redact("token " + jwt + " expired")).isEqualTo("token [REDACTED_JWT] expired");
        assertThat(REDACTOR.redact("key:\n" + pem + "\ndone")).isEqualTo("key:\n[REDACTED_PRIVATE_KEY]\ndone");
        assertThat(REDACTOR.redact("push with " + GITHUB_TOKEN)).isEqualTo("push with [REDACTED]");
    }

    @Test
    void stripsPrivateBlocksBeforeRedactingSecrets() {
        String text = "deploy <private>the vault passphrase is plum tree</private>with " + GITHUB_TOKEN;

        assertThat(REDACTOR.redact(text)).isEqualTo("deploy with [REDACTED]");
    }

    @Test
    void findsASecretThatAPrivateBlockSplitInTwo() {
        String half = GITHUB_TOKEN.substring(0, 20);
        String text = "token " + half + "<private>note</private>" + GITHUB_TOKEN.substring(20) + " end";

        assertThat(REDACTOR.redact(text)).isEqualTo("token [REDACTED] end");
        assertThat(REDACTOR.scan(text)).singleElement()
                .satisfies(f -> assertThat(text.substring(f.start(), f.end()))
                        .isEqualTo(half + "<private>note</private>" + GITHUB_TOKEN.substring(20)));
    }

    @Test
    void scanReportsSortedDisjointSpansOfTheOriginalText() {
        String text = "a <private>x</private> API_KEY=" + RANDOM_TOKEN + " and " + GITHUB_TOKEN + " z";

        List<Finding> findings = REDACTOR.scan(text);

        assertThat(findings).extracting(Finding::rule)
                .containsExactly(Finding.PRIVATE_BLOCK, "assignment", "github-token");
        assertThat(text.substring(findings.get(0).start(), findings.get(0).end())).isEqualTo("<private>x</private>");
        assertThat(text.substring(findings.get(1).start(), findings.get(1).end())).isEqualTo(RANDOM_TOKEN);
        assertThat(text.substring(findings.get(2).start(), findings.get(2).end())).isEqualTo(GITHUB_TOKEN);
        for (int i = 1; i < findings.size(); i++) {
            assertThat(findings.get(i).start()).isGreaterThanOrEqualTo(findings.get(i - 1).end());
        }
    }

    @Test
    void overlappingMatchesBecomeOneSpanNamedAfterTheFirstRule() {
        String jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0." + Fakes.base64url(43);

        assertThat(REDACTOR.scan("Authorization: Bearer " + jwt)).singleElement()
                .extracting(Finding::rule).isEqualTo(Finding.JWT);
    }

    static Stream<String> trickyInputs() {
        return Stream.of(
                "API_KEY=[REDACTED]",
                "Authorization: Bearer [REDACTED]",
                "postgres://app:[REDACTED]@db/prod",
                "\"token\": \"[REDACTED_JWT]\"",
                "[REDACTED_PRIVATE_KEY]\n-----END RSA PRIVATE KEY-----",
                "<priv<private>x</private>ate>after the joined tag " + GITHUB_TOKEN,
                "<private>a<private>b</private>c</private>" + GITHUB_TOKEN + "<private>",
                "password=" + RANDOM_TOKEN + "[x]" + RANDOM_TOKEN,
                "x" + GITHUB_TOKEN + "y " + RANDOM_TOKEN + "=" + RANDOM_TOKEN,
                "curl -u admin:" + RANDOM_TOKEN + "@x https://a:b@host",
                "-----BEGIN PRIVATE KEY-----\n" + RANDOM_TOKEN);
    }

    @ParameterizedTest
    @MethodSource("trickyInputs")
    void redactingTwiceChangesNothing(String input) {
        String once = REDACTOR.redact(input);

        assertThat(REDACTOR.redact(once)).isEqualTo(once);
        assertThat(REDACTOR.scan(once)).isEmpty();
    }

    @Test
    void extraPatternsReplaceEveryMatch() {
        Redactor redactor = REDACTOR.withExtraPatterns(List.of("ACME-[0-9]{6}", "(?i)internal-host-\\d+"));

        assertThat(redactor.redact("ACME-123456 and ACME-654321 on Internal-Host-7"))
                .isEqualTo("[REDACTED] and [REDACTED] on [REDACTED]");
        assertThat(redactor.scan("see ACME-123456")).singleElement()
                .isEqualTo(new Finding("redaction.extra_patterns[0]", 4, 15));
    }

    @Test
    void extraPatternWithASecretGroupKeepsItsContext() {
        Redactor redactor = REDACTOR.withExtraPatterns(List.of("pin=(?<secret>\\d{4,8})"));

        assertThat(redactor.redact("card pin=48213 ok")).isEqualTo("card pin=[REDACTED] ok");
    }

    @Test
    void extraPatternsReplaceThePreviouslyConfiguredOnes() {
        Redactor redactor = REDACTOR.withExtraPatterns(List.of("alpha")).withExtraPatterns(List.of("beta"));

        assertThat(redactor.redact("alpha beta")).isEqualTo("alpha [REDACTED]");
    }

    @Test
    void extraPatternsThatMatchNothingVisibleAddNoMarker() {
        Redactor redactor = REDACTOR.withExtraPatterns(List.of("x*"));

        assertThat(redactor.redact("abc")).isEqualTo("abc");
    }

    @Test
    void invalidExtraPatternIsReportedWithIndexPatternAndRegexError() {
        assertThatThrownBy(() -> REDACTOR.withExtraPatterns(List.of("ok", "(abc")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("redaction.extra_patterns[1]: invalid regex '(abc': Unclosed group near index 4");
    }

    @Test
    void emptyExtraPatternIsRejected() {
        assertThatThrownBy(() -> REDACTOR.withExtraPatterns(List.of("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("redaction.extra_patterns[0]: empty regex");
    }

    @Test
    void highEntropyDetectionCanBeTurnedOffWithoutLosingNamedRules() {
        Redactor withoutEntropy = REDACTOR.withHighEntropy(false);
        String text = "runner registered with " + RANDOM_TOKEN + ", GITHUB_TOKEN=" + GITHUB_TOKEN;

        assertThat(REDACTOR.redact(text)).isEqualTo("runner registered with [REDACTED], GITHUB_TOKEN=[REDACTED]");
        assertThat(withoutEntropy.redact(text))
                .isEqualTo("runner registered with " + RANDOM_TOKEN + ", GITHUB_TOKEN=[REDACTED]");
        assertThat(withoutEntropy.withHighEntropy(true).redact(text)).isEqualTo(REDACTOR.redact(text));
    }

    @Test
    void givesTheSameResultsWhenSharedBetweenThreads() {
        List<String> inputs = new ArrayList<>();
        SecretCase.load().forEach(c -> inputs.add(c.context()));
        List<String> sequential = inputs.stream().map(REDACTOR::redact).toList();

        List<String> parallel = inputs.parallelStream().map(REDACTOR::redact).toList();

        assertThat(parallel).isEqualTo(sequential);
    }

    static Stream<String> pathologicalInputs() {
        return Stream.of(
                "a".repeat(300_000),
                "=".repeat(300_000),
                "password=".repeat(40_000),
                "-----BEGIN RSA PRIVATE KEY-----\n" + "QUJD".repeat(100_000),
                "-----BEGIN PRIVATE KEY-----".repeat(20_000),
                "<private>".repeat(40_000),
                "</private><private".repeat(30_000),
                "eyJ".repeat(100_000),
                "Bearer ".repeat(50_000),
                "a:b@".repeat(80_000),
                "postgres://" + "u:".repeat(100_000),
                "\"token\": \"" + "\\\"".repeat(100_000),
                Fakes.random(Fakes.BASE64, 400_000, 11),
                "x-".repeat(150_000) + "=abc");
    }

    @ParameterizedTest
    @MethodSource("pathologicalInputs")
    void completesOnPathologicalInput(String input) {
        String redacted = REDACTOR.redact(input);

        assertThat(redacted.length()).isLessThanOrEqualTo(input.length() + 32);
    }
}
