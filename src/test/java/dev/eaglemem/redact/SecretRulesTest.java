package dev.eaglemem.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Provider key shapes, headers, URLs with credentials, private keys and command-line credentials. */
class SecretRulesTest {

    // Entropy detection off: these tests are about the named rules, not about the safety net behind them.
    private static final Redactor RULES_ONLY = Redactor.defaults().withHighEntropy(false);

    static Stream<Arguments> providerKeys() {
        return Stream.of(
                Arguments.of("anthropic-key", "sk-ant-api03-" + Fakes.base64url(93) + "AA"),
                Arguments.of("anthropic-key", "sk-ant-admin01-" + Fakes.base64url(93) + "AA"),
                Arguments.of("openai-key", "sk-" + Fakes.alnum(48)),
                Arguments.of("openai-key", "sk-proj-" + Fakes.base64url(156)),
                Arguments.of("openai-key", "sk-svcacct-" + Fakes.base64url(156)),
                Arguments.of("github-token", "ghp_" + Fakes.alnum(36)),
                Arguments.of("github-token", "gho_" + Fakes.alnum(36)),
                Arguments.of("github-token", "ghu_" + Fakes.alnum(36)),
                Arguments.of("github-token", "ghs_" + Fakes.alnum(36)),
                Arguments.of("github-token", "ghr_" + Fakes.alnum(76)),
                Arguments.of("github-token", "github_pat_11" + Fakes.alnum(20) + "_" + Fakes.alnum(59)),
                Arguments.of("gitlab-token", "glpat-" + Fakes.base64url(20)),
                Arguments.of("aws-access-key-id", "AKIA" + Fakes.random(Fakes.UPPER + Fakes.DIGITS, 16, 1)),
                Arguments.of("aws-access-key-id", "ASIA" + Fakes.random(Fakes.UPPER + Fakes.DIGITS, 16, 2)),
                Arguments.of("slack-token", "xoxb-" + Fakes.random(Fakes.DIGITS, 12, 1) + "-" + Fakes.alnum(24)),
                Arguments.of("slack-token", "xoxp-" + Fakes.random(Fakes.DIGITS, 12, 2) + "-" + Fakes.hex(32)),
                Arguments.of("slack-token", "xoxa-2-" + Fakes.alnum(40)),
                Arguments.of("slack-token", "xoxs-" + Fakes.alnum(40)),
                Arguments.of("slack-token", "xapp-1-A0" + Fakes.random(Fakes.UPPER, 9, 1) + "-" + Fakes.hex(64)),
                Arguments.of("stripe-key", "sk_live_51" + Fakes.alnum(97)),
                Arguments.of("stripe-key", "sk_test_51" + Fakes.alnum(97)),
                Arguments.of("stripe-key", "rk_live_51" + Fakes.alnum(97)),
                Arguments.of("stripe-key", "whsec_" + Fakes.alnum(32)),
                Arguments.of("google-credential", "AIza" + Fakes.base64url(35)),
                Arguments.of("google-credential", "GOCSPX-" + Fakes.base64url(28)),
                Arguments.of("npm-token", "npm_" + Fakes.alnum(36)),
                Arguments.of("pypi-token", "pypi-AgEIcHlwaS5vcmc" + Fakes.base64url(120)),
                Arguments.of("huggingface-token", "hf_" + Fakes.random(Fakes.UPPER + Fakes.LOWER, 34, 1)),
                Arguments.of("sendgrid-key", "SG." + Fakes.base64url(22) + "." + Fakes.base64url(43)),
                Arguments.of("provider-token", "dop_v1_" + Fakes.hex(64)),
                Arguments.of("provider-token", "xai-" + Fakes.alnum(80)));
    }

    @ParameterizedTest
    @MethodSource("providerKeys")
    void redactsProviderKeysWherever(String rule, String key) {
        for (String context : new String[] {"%s", "using key %s for now", "\"%s\"", "key=%s;", "(%s)"}) {
            String text = context.formatted(key);

            assertThat(RULES_ONLY.redact(text)).as(text).isEqualTo(context.formatted("[REDACTED]"));
        }
        assertThat(RULES_ONLY.scan("x " + key)).extracting(Finding::rule).containsExactly(rule);
    }

    @Test
    void leavesKeyLikeSlugsThatAreNotKeys() {
        String text = "see docs/sk-learn-pipeline-tutorial-notebooks and the ghp_readme section";

        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }

    @Test
    void redactsTwilioKeySidOnlyWhenAssigned() {
        String sid = "SK" + Fakes.hex(32);

        assertThat(RULES_ONLY.redact("TWILIO_KEY_SID=" + sid)).isEqualTo("TWILIO_KEY_SID=[REDACTED]");
        assertThat(RULES_ONLY.redact("rotated " + sid + " yesterday")).isEqualTo("rotated " + sid + " yesterday");
    }

    @Test
    void redactsBearerHeaderButKeepsScheme() {
        String token = Fakes.alnum(40);

        assertThat(RULES_ONLY.redact("curl -H 'Authorization: Bearer " + token + "' https://api.acme.io"))
                .isEqualTo("curl -H 'Authorization: Bearer [REDACTED]' https://api.acme.io");
        assertThat(RULES_ONLY.redact("{\"Authorization\": \"Bearer " + token + "\"}"))
                .isEqualTo("{\"Authorization\": \"Bearer [REDACTED]\"}");
    }

    @Test
    void redactsBasicAndTokenSchemes() {
        assertThat(RULES_ONLY.redact("Authorization: Basic Y2ktYm90OnBsdW0tdHJlZS00Mg=="))
                .isEqualTo("Authorization: Basic [REDACTED]");
        assertThat(RULES_ONLY.redact("-H \"Authorization: token " + Fakes.hex(40) + "\""))
                .isEqualTo("-H \"Authorization: token [REDACTED]\"");
        assertThat(RULES_ONLY.redact("Proxy-Authorization: Basic dXNlcjpwYXNzd29yZA=="))
                .isEqualTo("Proxy-Authorization: Basic [REDACTED]");
    }

    @Test
    void redactsBareBearerTokensInLogs() {
        assertThat(RULES_ONLY.redact("forwarding with Bearer " + Fakes.base64url(48) + " (user=42)"))
                .isEqualTo("forwarding with Bearer [REDACTED] (user=42)");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "clients send it back using the Bearer scheme",
        "Bearer authentication is required for /v1",
        "Authorization: Bearer ${TOKEN}",
        "-H \"Authorization: Bearer $GITHUB_TOKEN\"",
        "headers = {\"Authorization\": f\"Bearer {token}\"}",
        "headers.Authorization = `Bearer ${this.token}`;",
        ".header(\"Authorization\", \"Bearer \" + token)",
        "Authorization: required for every endpoint"})
    void leavesHeadersWithoutALiteralCredentialAlone(String text) {
        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }

    @Test
    void redactsCurlUserPasswordButKeepsTheUser() {
        assertThat(RULES_ONLY.redact("curl -fsSL -u deploy:Pl7m-tr33.Xq https://nexus.acme.io/x.jar"))
                .isEqualTo("curl -fsSL -u deploy:[REDACTED] https://nexus.acme.io/x.jar");
        assertThat(RULES_ONLY.redact("curl --user=ci:s3cr3t-Value https://x"))
                .isEqualTo("curl --user=ci:[REDACTED] https://x");
    }

    @ParameterizedTest
    @ValueSource(strings = {"docker run -u 1000:1000 alpine id", "date -u +%H:%M:%S", "git push -u origin main"})
    void leavesOtherDashUOptionsAlone(String text) {
        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "postgres://orders:%s@db.prod.internal:5432/orders",
        "mongodb+srv://analytics:%s@cluster0.x7k2p.mongodb.net/?retryWrites=true",
        "redis://:%s@redis:6379/0",
        "https://octo-dev:%s@github.com/acme/web.git",
        "amqp://billing:%s@rabbitmq.internal:5672/billing",
        "jdbc:mysql://app:%s@db:3306/shop"})
    void redactsThePasswordInUrlsAndKeepsTheRest(String template) {
        assertThat(RULES_ONLY.redact(template.formatted("Pl7m-tr33.Xq4"))).isEqualTo(template.formatted("[REDACTED]"));
    }

    @Test
    void passwordWithAnUnencodedAtSignGoesEntirely() {
        assertThat(RULES_ONLY.redact("postgres://app:p@ss@w0rd@db:5432/app"))
                .isEqualTo("postgres://app:[REDACTED]@db:5432/app");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "https://github.com/acme/web.git", "http://localhost:8080/q/health", "ssh://git@github.com:22/acme/web.git",
        "postgres://app@db:5432/app", "postgres://app:${DB_PASSWORD}@db/app", "git@github.com:acme/web.git"})
    void leavesUrlsWithoutAPasswordAlone(String url) {
        assertThat(RULES_ONLY.redact(url)).isEqualTo(url);
    }

    @Test
    void redactsWebhookUrlsButKeepsTheHost() {
        assertThat(RULES_ONLY.redact("https://hooks.slack.com/services/T0ABC123/B0DEF456/" + Fakes.alnum(24)))
                .isEqualTo("https://hooks.slack.com/services/[REDACTED]");
        assertThat(RULES_ONLY.redact("https://discord.com/api/webhooks/123456789012345678/" + Fakes.base64url(68)))
                .isEqualTo("https://discord.com/api/webhooks/[REDACTED]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"RSA PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY", "DSA PRIVATE KEY",
        "ENCRYPTED PRIVATE KEY", "PRIVATE KEY", "PGP PRIVATE KEY BLOCK"})
    void redactsWholePrivateKeyBlocks(String type) {
        String body = Fakes.random(Fakes.BASE64, 64, 1) + "\n" + Fakes.random(Fakes.BASE64, 64, 2) + "\n";
        String text = "$ cat key\n-----BEGIN " + type + "-----\n" + body + "-----END " + type + "-----\n$ next";

        assertThat(RULES_ONLY.redact(text)).isEqualTo("$ cat key\n[REDACTED_PRIVATE_KEY]\n$ next");
    }

    @Test
    void unterminatedPrivateKeyRemovesEverythingAfterIt() {
        String text = "here:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA" + Fakes.base64url(48) + "\n(truncated";

        assertThat(RULES_ONLY.redact(text)).isEqualTo("here:\n[REDACTED_PRIVATE_KEY]");
    }

    @Test
    void leavesCertificatesAlone() {
        String text = "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE\n-----END CERTIFICATE-----";

        assertThat(Redactor.defaults().redact(text)).isEqualTo(text);
    }

    @Test
    void redactsJwtsWithTheirOwnMarker() {
        String jwt = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0." + Fakes.base64url(86);

        assertThat(RULES_ONLY.redact("Set-Cookie: access_token=" + jwt + "; Path=/; HttpOnly"))
                .isEqualTo("Set-Cookie: access_token=[REDACTED_JWT]; Path=/; HttpOnly");
    }

    @Test
    void redactsCookieValuesButKeepsNamesAndAttributes() {
        assertThat(RULES_ONLY.redact("Cookie: sessionid=" + Fakes.base64url(43) + "; theme=dark"))
                .isEqualTo("Cookie: sessionid=[REDACTED]; theme=dark");
    }

    static Stream<Arguments> commandLines() {
        return Stream.of(
                Arguments.of("docker login registry.acme.io -u ci -p Pl7m-tr33 && docker push x",
                        "docker login registry.acme.io -u ci -p [REDACTED] && docker push x"),
                Arguments.of("mysqldump -u backup -pPl7m-tr33 orders", "mysqldump -u backup -p[REDACTED] orders"),
                Arguments.of("sshpass -p 'Pl7m-tr33' ssh ops@10.0.0.7", "sshpass -p '[REDACTED]' ssh ops@10.0.0.7"),
                Arguments.of("keytool -list -keystore t.jks -storepass Pl7m-tr33",
                        "keytool -list -keystore t.jks -storepass [REDACTED]"),
                Arguments.of("openssl pkcs12 -export -passout pass:Pl7m-tr33",
                        "openssl pkcs12 -export -passout pass:[REDACTED]"),
                Arguments.of("CREATE ROLE etl LOGIN PASSWORD 'Pl7m-tr33';",
                        "CREATE ROLE etl LOGIN PASSWORD '[REDACTED]';"),
                Arguments.of("CREATE USER 'etl'@'%' IDENTIFIED BY \"Pl7m-tr33\";",
                        "CREATE USER 'etl'@'%' IDENTIFIED BY \"[REDACTED]\";"),
                Arguments.of("machine github.com\n  login octo\n  password Pl7m-tr33",
                        "machine github.com\n  login octo\n  password [REDACTED]"));
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void redactsPasswordsOfCommandsKnownToTakeThem(String text, String expected) {
        assertThat(RULES_ONLY.redact(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "mysql -u root -p shop", "tar -p -xf archive.tar", "mkdir -p build/tmp", "ssh -p 2222 host"})
    void leavesOtherDashPOptionsAlone(String text) {
        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }
}
