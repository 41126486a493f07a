package dev.eaglemem.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
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
    private static final String GITLAB_SESSION = "_gitlab_session=" + Fakes.random(Fakes.LOWER + Fakes.DIGITS, 32, 54);

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

    /** One sample per shape added from the gitleaks checklist: right prefix, alphabet and length, random content. */
    static Stream<Arguments> checklistKeys() {
        String lowerAlnum = Fakes.LOWER + Fakes.DIGITS;
        String upperAlnum = Fakes.UPPER + Fakes.DIGITS;
        return Stream.of(
                Arguments.of("provider-token", "sk-or-v1-" + hex(64, 1)),
                Arguments.of("provider-token", "sk-" + hex(32, 2)),
                Arguments.of("gitlab-token", "glpat-" + Fakes.base64url(27) + "." + Fakes.random(lowerAlnum, 9, 3)),
                Arguments.of("gitlab-token", "glffct-" + Fakes.alnum(20)),
                Arguments.of("gitlab-token", "GR1348941" + Fakes.alnum(20)),
                Arguments.of("gitlab-token", "glcbt-" + Fakes.random(Fakes.ALNUM, 5, 4) + "_" + Fakes.alnum(20)),
                Arguments.of("aws-access-key-id", "A3T" + Fakes.random(upperAlnum, 17, 5)),
                Arguments.of("aws-bedrock-key", "ABSK" + Fakes.random(Fakes.BASE64, 120, 6)),
                Arguments.of("aws-bedrock-key", "bedrock-api-key-" + Fakes.random(Fakes.BASE64, 80, 7)),
                Arguments.of("slack-token", "xoxe.xoxp-1-" + Fakes.random(upperAlnum, 164, 8)),
                Arguments.of("stripe-key", "sk_prod_" + Fakes.alnum(40)),
                Arguments.of("huggingface-token", "api_org_" + Fakes.random(Fakes.UPPER + Fakes.LOWER, 34, 9)),
                Arguments.of("sendgrid-key", "xkeysib-" + hex(64, 10) + "-" + Fakes.alnum(16)),
                Arguments.of("twilio-api-key", "SK" + hex(32, 11)),
                Arguments.of("mailgun-key", "key-" + hex(32, 12)),
                Arguments.of("mailchimp-key", hex(32, 13) + "-us21"),
                Arguments.of("vault-token", "hvs." + Fakes.base64url(95)),
                Arguments.of("vault-token", "hvb." + Fakes.base64url(140)),
                Arguments.of("vault-token", Fakes.random(Fakes.ALNUM, 14, 14) + ".atlasv1." + Fakes.base64url(67)),
                Arguments.of("grafana-token", "glc_" + Fakes.random(Fakes.BASE64, 60, 15)),
                Arguments.of("grafana-token", "glsa_" + Fakes.alnum(32) + "_" + hex(8, 16)),
                Arguments.of("grafana-token", "eyJrIjoi" + Fakes.alnum(72)),
                Arguments.of("1password-token", "ops_eyJ" + Fakes.random(Fakes.BASE64, 260, 17)),
                Arguments.of("1password-token", "A3-" + Fakes.random(upperAlnum, 6, 18) + "-"
                        + Fakes.random(upperAlnum, 11, 19) + "-" + Fakes.random(upperAlnum, 5, 20) + "-"
                        + Fakes.random(upperAlnum, 5, 21) + "-" + Fakes.random(upperAlnum, 5, 22)),
                Arguments.of("azure-client-secret",
                        Fakes.random(Fakes.ALNUM, 3, 23) + "8Q~" + Fakes.random(Fakes.ALNUM + "_~.-", 34, 24)),
                Arguments.of("maxmind-key", Fakes.random(Fakes.ALNUM, 6, 25) + "_" + Fakes.alnum(29) + "_mmk"),
                Arguments.of("provider-token", "pplx-" + Fakes.alnum(48)),
                Arguments.of("provider-token", "doo_v1_" + hex(64, 26)),
                Arguments.of("provider-token", "dor_v1_" + hex(64, 27)),
                Arguments.of("provider-token", "s-s4t2ud-" + hex(64, 28)),
                Arguments.of("provider-token", "dapi" + hex(32, 29) + "-2"),
                Arguments.of("provider-token", "squ_" + hex(40, 30)),
                Arguments.of("provider-token", "shippo_live_" + hex(40, 31)),
                Arguments.of("provider-token", "EAAA" + Fakes.base64url(60)),
                Arguments.of("provider-token", "EAAC" + Fakes.alnum(120)),
                Arguments.of("provider-token", "NRJS-" + hex(19, 32)),
                Arguments.of("provider-token", "NRII-" + Fakes.base64url(32)),
                Arguments.of("provider-token", "p8e-" + Fakes.alnum(32)),
                Arguments.of("provider-token", "ico-" + Fakes.alnum(32)),
                Arguments.of("provider-token", "pat" + Fakes.alnum(14) + "." + hex(64, 33)),
                Arguments.of("provider-token", "LTAI" + Fakes.alnum(20)),
                Arguments.of("provider-token", "AKCp" + Fakes.alnum(69)),
                Arguments.of("provider-token", "cmVmd" + Fakes.alnum(59)),
                Arguments.of("provider-token", "4b1d" + Fakes.alnum(38)),
                Arguments.of("provider-token", "CLOJARS_" + Fakes.random(lowerAlnum, 60, 34)),
                Arguments.of("provider-token", "v1.0-" + hex(24, 35) + "-" + hex(146, 36)),
                Arguments.of("provider-token", "dnkey-" + Fakes.alnum(26) + "-" + Fakes.alnum(52)),
                Arguments.of("provider-token", "duffel_live_" + Fakes.base64url(43)),
                Arguments.of("provider-token", "dt0c01." + Fakes.random(upperAlnum, 24, 37) + "."
                        + Fakes.random(upperAlnum, 64, 38)),
                Arguments.of("provider-token", "EZAK" + Fakes.random(lowerAlnum, 54, 39)),
                Arguments.of("provider-token", "FLWSECK_TEST-" + hex(32, 40) + "-X"),
                Arguments.of("provider-token", "fo1_" + Fakes.base64url(43)),
                Arguments.of("provider-token", "fm2_" + Fakes.random(Fakes.BASE64, 180, 41)),
                Arguments.of("provider-token", "fio-u-" + Fakes.base64url(64)),
                Arguments.of("provider-token", "sha256~" + Fakes.base64url(43)),
                Arguments.of("provider-token", "pat." + Fakes.alnum(22) + "." + Fakes.alnum(24) + "."
                        + Fakes.alnum(20)),
                Arguments.of("provider-token", "HRKU-AA" + Fakes.base64url(58)),
                Arguments.of("provider-token", "ntn_" + Fakes.random(Fakes.DIGITS, 11, 42) + Fakes.alnum(35)),
                Arguments.of("provider-token", "secret_" + Fakes.alnum(43)),
                Arguments.of("provider-token", "API-" + Fakes.random(upperAlnum, 26, 43)),
                Arguments.of("provider-token", "pscale_tkn_" + Fakes.alnum(43)),
                Arguments.of("provider-token", "pnu_" + Fakes.alnum(36)),
                Arguments.of("provider-token", "rdme_" + Fakes.random(lowerAlnum, 70, 44)),
                Arguments.of("provider-token", "rubygems_" + hex(48, 45)),
                Arguments.of("provider-token", "tk-us-" + Fakes.base64url(48)),
                Arguments.of("provider-token", "sm_pat_" + Fakes.alnum(16)),
                Arguments.of("provider-token", "sgp_" + hex(16, 46) + "_" + hex(40, 47)),
                Arguments.of("provider-token", "tfp_" + Fakes.base64url(59)),
                Arguments.of("provider-token", "AQVN" + Fakes.base64url(36)),
                Arguments.of("provider-token", "sl." + Fakes.base64url(138)),
                Arguments.of("provider-token", "A".repeat(22) + Fakes.alnum(90)),
                Arguments.of("provider-token", "ZXlK" + Fakes.random(Fakes.BASE64, 90, 48)),
                Arguments.of("provider-token", "sc_" + Fakes.alnum(12) + "." + Fakes.alnum(5) + ".acc_"
                        + Fakes.random(lowerAlnum, 20, 49) + "." + Fakes.alnum(60)));
    }

    /** The other prefixes of shapes that share a body with a sample above. */
    static Stream<Arguments> siblingPrefixes() {
        String upperAlnum = Fakes.UPPER + Fakes.DIGITS;
        String authress = Fakes.alnum(12) + "." + Fakes.alnum(5) + ".acc-" + Fakes.random(Fakes.LOWER, 20, 56) + "."
                + Fakes.alnum(60);
        return Stream.of(
                siblings("gitlab-token", Fakes.base64url(20),
                        "gldt-", "glrt-", "glptt-", "glsoat-", "glft-", "glimt-", "glagent-", "gloas-"),
                siblings("aws-access-key-id", Fakes.random(upperAlnum, 16, 57), "ABIA", "ACCA"),
                siblings("stripe-key", Fakes.alnum(40), "rk_test_", "rk_prod_"),
                siblings("google-credential", Fakes.base64url(40), "ya29."),
                siblings("vault-token", Fakes.base64url(95), "hvr."),
                siblings("provider-token", Fakes.alnum(48), "gsk_", "r8_", "lin_api_"),
                siblings("provider-token", Fakes.alnum(120), "EAAM"),
                siblings("provider-token", Fakes.base64url(64), "sntrys_", "sntryu_", "figd_", "ATATT3"),
                siblings("provider-token", hex(64, 58), "s-s4t2af-"),
                siblings("provider-token", hex(32, 59), "shpat_", "shpca_", "shppa_", "shpss_"),
                siblings("provider-token", hex(40, 60), "pul-", "sqp_", "sqa_", "shippo_test_"),
                siblings("provider-token", hex(24, 61) + "-" + hex(34, 62), "PMAK-"),
                siblings("provider-token", Fakes.random(upperAlnum, 58, 63), "AGE-SECRET-KEY-1"),
                siblings("provider-token", "pt." + Fakes.alnum(43), "dp."),
                siblings("provider-token", Fakes.base64url(43), "sq0atp-", "sq0csp-", "duffel_test_"),
                siblings("provider-token", Fakes.random(upperAlnum, 27, 64), "NRAK-"),
                siblings("provider-token", Fakes.random(Fakes.LOWER + Fakes.DIGITS, 54, 65), "EZTK"),
                siblings("provider-token", hex(32, 66) + "-X", "FLWSECK-"),
                siblings("provider-token", Fakes.random(Fakes.BASE64, 180, 67), "fm1a_", "fm1r_"),
                siblings("provider-token", Fakes.alnum(22) + "." + Fakes.alnum(24) + "." + Fakes.alnum(20), "sat."),
                siblings("provider-token", Fakes.alnum(43), "pscale_oauth_", "pscale_pw_"),
                siblings("provider-token", Fakes.alnum(16), "sm_aat_", "sm_sat_"),
                siblings("provider-token", authress, "scauth_", "authress_", "ext_"))
                .flatMap(s -> s);
    }

    private static Stream<Arguments> siblings(String rule, String body, String... prefixes) {
        return Stream.of(prefixes).map(prefix -> Arguments.of(rule, prefix + body));
    }

    @Test
    void everyPrefixOfTheTableHasASample() {
        List<String> samples = Stream.of(providerKeys(), checklistKeys(), siblingPrefixes())
                .flatMap(s -> s).map(a -> (String) a.get()[1]).collect(Collectors.toList());
        samples.add(GITLAB_SESSION);

        for (String prefix : ProviderTokens.prefixes()) {
            assertThat(samples).as("a sample for prefix %s", prefix).anyMatch(k -> k.startsWith(prefix));
        }
    }

    @ParameterizedTest
    @MethodSource({ "providerKeys", "checklistKeys", "siblingPrefixes" })
    void redactsProviderKeysWherever(String rule, String key) {
        for (String context : new String[] { "%s", "using key %s for now", "\"%s\"", "key=%s;", "(%s)" }) {
            String text = context.formatted(key);

            assertThat(RULES_ONLY.redact(text)).as(text).isEqualTo(context.formatted("[REDACTED]"));
        }
        assertThat(RULES_ONLY.scan("x " + key)).extracting(Finding::rule).containsExactly(rule);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "see docs/sk-learn-pipeline-tutorial-notebooks and the ghp_readme section",
            "the key-value store and key-rotation.md", "read pat.md and pattern_matching.py", "API-GATEWAY-ROUTES",
            "SKIP_TESTS=true SKU_PREFIX=ACME", "import secret_santa", "ext_modules=[Extension('x', ['x.c'])]",
            "see sl.config", "ships in v1.0-beta.3", "dapi docs and pul- tokens", "EAAA, EAAC and EAAM prefixes",
            "npm_config_cache=/tmp/.npm", "sk-or-v1-is the OpenRouter prefix", "hvs. marks Vault service tokens" })
    void leavesKeyLikeSlugsThatAreNotKeys(String text) {
        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }

    @Test
    void leavesShapesThatAreDigestsOrIdsAlone() {
        // Upper-case hex after "SK" and a hex-only "4b1d…" are ids and digests, not Twilio or ClickHouse keys.
        String text = "SK" + hex(32, 50).toUpperCase(Locale.ROOT) + " 4b1d" + hex(38, 51)
                + " AC" + hex(32, 52) + " sk-" + hex(31, 53);

        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }

    @Test
    void gitlabSessionCookieKeepsItsName() {
        assertThat(RULES_ONLY.redact("curl -b \"" + GITLAB_SESSION + "\" https://gitlab.example.com"))
                .isEqualTo("curl -b \"_gitlab_session=[REDACTED]\" https://gitlab.example.com");
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
            "Authorization: required for every endpoint" })
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
    @ValueSource(strings = { "docker run -u 1000:1000 alpine id", "date -u +%H:%M:%S", "git push -u origin main" })
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
            "jdbc:mysql://app:%s@db:3306/shop" })
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
            "postgres://app@db:5432/app", "postgres://app:${DB_PASSWORD}@db/app", "git@github.com:acme/web.git" })
    void leavesUrlsWithoutAPasswordAlone(String url) {
        assertThat(RULES_ONLY.redact(url)).isEqualTo(url);
    }

    @Test
    void redactsWebhookUrlsButKeepsTheHost() {
        assertThat(RULES_ONLY.redact("https://hooks.slack.com/services/T0ABC123/B0DEF456/" + Fakes.alnum(24)))
                .isEqualTo("https://hooks.slack.com/services/[REDACTED]");
        assertThat(RULES_ONLY.redact("https://discord.com/api/webhooks/123456789012345678/" + Fakes.base64url(68)))
                .isEqualTo("https://discord.com/api/webhooks/[REDACTED]");
        String teams = Fakes.random(Fakes.HEX + "-@/", 150, 55);
        assertThat(RULES_ONLY.redact("https://acme.webhook.office.com/webhookb2/" + teams))
                .isEqualTo("https://acme.webhook.office.com/webhookb2/[REDACTED]");
    }

    @ParameterizedTest
    @ValueSource(strings = { "RSA PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY", "DSA PRIVATE KEY",
            "ENCRYPTED PRIVATE KEY", "PRIVATE KEY", "PGP PRIVATE KEY BLOCK" })
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
            "mysql -u root -p shop", "tar -p -xf archive.tar", "mkdir -p build/tmp", "ssh -p 2222 host" })
    void leavesOtherDashPOptionsAlone(String text) {
        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }

    /** Lower-case hex with its own seed, so that two hex bodies in one sample differ. */
    private static String hex(int length, long seed) {
        return Fakes.random(Fakes.HEX, length, seed);
    }
}
