package dev.eaglemem.redact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The calibration promised in {@link EntropyDetector}'s documentation, and what it must never flag. */
class EntropyDetectorTest {

    private static final int SAMPLES = 2_000;

    @ParameterizedTest
    @CsvSource({ "24, 0.97", "32, 0.985", "40, 0.995", "64, 0.999" })
    void flagsAlmostEveryRandomToken(int length, double minimumRecall) {
        for (String alphabet : List.of(Fakes.ALNUM, Fakes.BASE64, Fakes.BASE64URL)) {
            int flagged = 0;
            java.util.Random random = new java.util.Random(length);
            for (int i = 0; i < SAMPLES; i++) {
                StringBuilder token = new StringBuilder();
                for (int j = 0; j < length; j++) {
                    token.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                if (EntropyDetector.looksGenerated(token.toString())) {
                    flagged++;
                }
            }
            assertThat((double) flagged / SAMPLES).as("recall at %d chars over %s", length, alphabet)
                    .isGreaterThanOrEqualTo(minimumRecall);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "X509TrustManagerFactorySpi2Impl", "ApiClientV2RetryPolicyTest2024", "HTTP2ServerConnectionFactoryV3",
            "S3BucketNotificationConfigurationV2", "ec2InstanceMetadataServiceV2Token", "K8sPodDisruptionBudgetV1beta1Spec",
            "testGetUserByIdReturns404WhenMissing", "test_user_login_with_OAuth2_tokenV2", "V1ObjectMetaFluentImpl2Builder",
            "src/main/java/com/acme/shop/v2/OrderService2Test", "node_modules/@types/node22/globals.d",
            "MAX_CONNECTIONS_PER_ROUTE_V2_2024", "my-deploy-7d9f8b6c5d-x2x7k-worker-01" })
    void leavesIdentifiersAndPathsAlone(String token) {
        assertThat(EntropyDetector.looksGenerated(token)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "3f2a1b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a",
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855",
            "5f0c2e8a-91d4-4c6b-b7a2-3e1f9d0c4b77",
            "I8473b95934b5732ac55d26311a706c9c2bde9940",
            "1-5759e988-bd862e3fe1be46a994272793",
            "msg_01JWA0wVoGPS5UNNXn7j4hXr", "toolu_01UYyGJ2mNGIflTf4mkK8xJf", "req_011CnndG0TiH48EfDe2OI7Ma",
            "sha512-m49nUT07CmOu85EpZsluy4IooWMCTVNLLjc/nFPU4+nu2llkKK6g1iX3v8byt63xPg/6eJjXsUK2VUbYR+1Giw",
            "SGVsbG8sIFdvcmxkISBUaGlzIGlzIGEgdGVzdA",
            "AAAAC3NzaC1lZDI1NTE5AAAAIK9v2mQx7LrN4tYp8sWb3cF1hJ6dZ0gE5aU2iO8kXyRw",
            "aA1aA1aA1aA1aA1aA1aA1aA1aA1aA1",
            "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
            "setup-java-Linux-x64-maven-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
            "ed25519/3AA5C34371567BD2", "node-cache-Linux-npm-9F86D081884C7D659A2FEAA0C55AD015" })
    void leavesDigestsIdsAndEncodedTextAlone(String token) {
        assertThat(EntropyDetector.looksGenerated(token)).isFalse();
    }

    @Test
    void flagsAStandaloneTokenWithItsPadding() {
        String key = Fakes.random(Fakes.BASE64, 42, 5);
        String text = "AesGcm.decode(\"" + key + "==\"); done";

        assertThat(find(text)).singleElement()
                .satisfies(f -> assertThat(text.substring(f.start(), f.end())).isEqualTo(key + "=="));
    }

    @Test
    void equalsSignFollowedByATokenIsASeparatorNotPadding() {
        String a = Fakes.random(Fakes.ALNUM, 30, 1);
        String b = Fakes.random(Fakes.ALNUM, 30, 2);

        assertThat(Redactor.defaults().redact(a + "=" + b)).isEqualTo("[REDACTED]=[REDACTED]");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "https://docs.google.com/document/d/%s/edit",
            "github.com/acme/x v1.2.3 h1:%s=",
            "\"integrity\": \"sha512-%s==\"",
            "Image ID: registry.acme.io/web@sha256:%s" })
    void leavesTokensInUrlsAndLabelledDigestsAlone(String template) {
        String text = template.formatted(Fakes.random(Fakes.BASE64URL, 44, 9));

        assertThat(find(text)).isEmpty();
    }

    @Test
    void leavesPublicPemBlocksAloneButNotTheTextAfterThem() {
        String body = Fakes.random(Fakes.BASE64, 64, 4);
        String after = Fakes.random(Fakes.ALNUM, 32, 6);
        String text = "-----BEGIN CERTIFICATE-----\n" + body + "\n-----END CERTIFICATE-----\nnext " + after;

        assertThat(find(text)).singleElement()
                .satisfies(f -> assertThat(text.substring(f.start(), f.end())).isEqualTo(after));
    }

    @Test
    void entropyIsMeasuredInBitsPerCharacter() {
        assertThat(EntropyDetector.shannon("aaaaaaaa")).isZero();
        assertThat(EntropyDetector.shannon("abcdabcd")).isCloseTo(2.0, within(1e-9));
        assertThat(EntropyDetector.wordShare("getUserById")).isCloseTo(7.0 / 11, within(1e-9));
    }

    private static List<Finding> find(String text) {
        List<Finding> findings = new ArrayList<>();
        EntropyDetector.INSTANCE.find(text, findings);
        return findings;
    }
}
