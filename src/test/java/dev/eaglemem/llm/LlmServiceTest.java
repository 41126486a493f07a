package dev.eaglemem.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.LlmUsageStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The provider chain against real HTTP servers (FakeProviders), with the real store and redactor. */
class LlmServiceTest {

    @TempDir
    Path dir;
    TestDb t;
    FakeProviders fake;
    MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
    Map<String, String> vars = new HashMap<>();
    Map<String, Object> config = new HashMap<>();
    LlmUsageStore usage = new LlmUsageStore();

    @BeforeEach
    void setUp() throws Exception {
        t = TestDb.in(dir);
        fake = new FakeProviders();
    }

    @AfterEach
    void tearDown() {
        fake.close();
        t.close();
    }

    LlmService service() {
        return LlmServices.real(t, dir, config, vars, clock, dir.resolve("eagle-mem.log"));
    }

    static LlmRequest ask(String prompt) {
        return new LlmRequest("test", 7L, "code/app", "Be brief.", prompt, 100, false);
    }

    void anthropic() {
        config.put("llm.provider", "anthropic");
        vars.put("ANTHROPIC_BASE_URL", fake.url());
        vars.put("ANTHROPIC_API_KEY", "sk-ant-api03-testkey");
    }

    List<LlmUsageStore.Line> usageLines() {
        return t.db.read(tx -> usage.report(tx, "2000-01-01"));
    }

    @Test
    void anthropicAnswersAndTheCallIsRecordedWithItsCost() {
        anthropic();
        fake.then(FakeProviders.Step.text("ok"));
        LlmReply reply = service().complete(ask("Say ok."));
        assertThat(reply.text()).isEqualTo("ok");
        assertThat(reply.provider()).isEqualTo("anthropic");
        assertThat(reply.model()).isEqualTo("claude-haiku-4-5-20251001");
        assertThat(reply.inputTokens()).isEqualTo(120);
        assertThat(reply.outputTokens()).isEqualTo(40);
        assertThat(reply.estimated()).isFalse();
        assertThat(reply.costUsd()).isCloseTo((120 * 1.00 + 40 * 5.00) / 1e6, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(fake.received).singleElement().satisfies(r -> {
            assertThat(r.path()).isEqualTo("/v1/messages");
            assertThat(r.apiKey()).isEqualTo("sk-ant-api03-testkey");
            assertThat(r.body()).containsPattern("\"max_tokens\"\\s*:\\s*100").contains("Say ok.");
        });
        assertThat(usageLines()).singleElement().satisfies(l -> {
            assertThat(l.day()).isEqualTo("2026-11-25");
            assertThat(l.purpose()).isEqualTo("test");
            assertThat(l.calls()).isEqualTo(1);
            assertThat(l.failed()).isZero();
            assertThat(l.inputTokens()).isEqualTo(120);
        });
    }

    @Test
    void openAiCompatibleServerFromTheStandardVariables() {
        config.put("llm.provider", "openai");
        vars.put("OPENAI_BASE_URL", fake.url() + "/v1");
        vars.put("OPENAI_API_KEY", "sk-proj-testkey");
        fake.then(FakeProviders.Step.text("{\"a\":1}"));
        LlmReply reply = service().complete(new LlmRequest("test", null, null, "", "JSON please", 50, true));
        assertThat(reply.text()).isEqualTo("{\"a\":1}");
        assertThat(reply.inputTokens()).isEqualTo(100);
        assertThat(fake.received).singleElement().satisfies(r -> {
            assertThat(r.path()).isEqualTo("/v1/chat/completions");
            assertThat(r.authorization()).isEqualTo("Bearer sk-proj-testkey");
            assertThat(r.body()).contains("json_object");
        });
    }

    @Test
    void ollamaIsLocalAndFree() {
        config.put("llm.provider", "ollama");
        vars.put("OLLAMA_HOST", fake.url().replace("http://", ""));
        fake.then(FakeProviders.Step.text("hi"));
        LlmReply reply = service().complete(ask("hi"));
        assertThat(reply.provider()).isEqualTo("ollama");
        assertThat(reply.costUsd()).isZero();
        assertThat(reply.inputTokens()).isEqualTo(90);
        assertThat(fake.received.getFirst().path()).isEqualTo("/api/chat");
    }

    @Test
    void rateLimitIsOneRequestAndCarriesRetryAfter() {
        anthropic();
        fake.then(FakeProviders.Step.error(429, "30"));
        assertThatThrownBy(() -> service().complete(ask("x"))).isInstanceOfSatisfying(LlmFailure.class, e -> {
            assertThat(e.getMessage()).contains("HTTP 429");
            assertThat(e.retryable()).isTrue();
            assertThat(e.retryAfter()).isEqualTo(clock.instant().plusSeconds(30));
        });
        assertThat(fake.received).hasSize(1);
        assertThat(usageLines()).singleElement().satisfies(l -> assertThat(l.failed()).isEqualTo(1));
    }

    @Test
    void serverErrorIsRetryableAndABadKeyIsNot() {
        anthropic();
        fake.then(FakeProviders.Step.error(503, null)).then(FakeProviders.Step.error(401, null));
        LlmService s = service();
        assertThatThrownBy(() -> s.complete(ask("x"))).isInstanceOfSatisfying(LlmFailure.class,
                e -> assertThat(e.retryable()).isTrue());
        assertThatThrownBy(() -> s.complete(ask("x"))).isInstanceOfSatisfying(LlmFailure.class, e -> {
            assertThat(e.retryable()).isFalse();
            assertThat(e.getMessage()).contains("HTTP 401");
        });
    }

    @Test
    void malformedJsonIsAFailureNotACrash() {
        anthropic();
        fake.then(FakeProviders.Step.raw("{\"content\": [ this is not json"));
        assertThatThrownBy(() -> service().complete(ask("x"))).isInstanceOf(LlmFailure.class);
    }

    @Test
    void aSlowProviderTimesOut() {
        anthropic();
        config.put("llm.timeout_seconds", 5L);
        fake.then(FakeProviders.Step.slow(8000, "late"));
        long start = System.nanoTime();
        assertThatThrownBy(() -> service().complete(ask("x"))).isInstanceOfSatisfying(LlmFailure.class,
                e -> assertThat(e.getMessage()).containsAnyOf("did not answer within 5 s", "timed out", "imeout"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
    }

    @Test
    void aSpentBudgetDefersToTheNextDayAndSendsNothing() {
        anthropic();
        config.put("llm.daily_usd", 0.0001);
        assertThatThrownBy(() -> service().complete(ask("x"))).isInstanceOfSatisfying(LlmDeferred.class, e -> {
            assertThat(e.until()).isEqualTo(Instant.parse("2026-11-26T00:00:00Z"));
            assertThat(e.getMessage()).contains("llm.daily_usd");
        });
        assertThat(fake.received).isEmpty();
        assertThat(usageLines()).isEmpty();
    }

    @Test
    void theTokenBudgetCountsWhatTheDayUsed() {
        anthropic();
        config.put("llm.daily_tokens", 1500L);
        fake.then(FakeProviders.Step.text("one"));
        LlmService s = service();
        s.complete(ask("first")); // worst case ~110 + 100 out; records 160
        config.put("llm.daily_tokens", 250L);
        LlmService tighter = service();
        assertThatThrownBy(() -> tighter.complete(ask("second"))).isInstanceOf(LlmDeferred.class);
        clock.advance(Duration.ofDays(1));
        fake.then(FakeProviders.Step.text("two"));
        assertThat(tighter.complete(ask("third")).text()).isEqualTo("two");
    }

    @Test
    void aLocalProviderNeverFallsBackToARemoteApiUnlessAllowed() {
        config.put("llm.provider", "ollama");
        vars.put("OLLAMA_HOST", fake.url());
        config.put("llm.fallback", List.of("anthropic"));
        vars.put("ANTHROPIC_API_KEY", "sk-ant-api03-testkey");
        vars.put("ANTHROPIC_BASE_URL", "https://api.anthropic.example");
        fake.then(FakeProviders.Step.error(500, null));
        LlmService s = service();
        assertThat(s.chain().refused()).singleElement()
                .satisfies(r -> assertThat(r.reason()).contains("llm.allow_remote"));
        assertThatThrownBy(() -> s.complete(ask("x"))).isInstanceOf(LlmFailure.class);
        assertThat(fake.received).extracting(FakeProviders.Received::path).containsExactly("/api/chat");

        config.put("llm.allow_remote", true);
        assertThat(service().chain().providers()).extracting(p -> p.kind()).containsExactly(ProviderKind.OLLAMA,
                ProviderKind.ANTHROPIC);
    }

    @Test
    void fallbackToTheNextLocalProviderWhenTheFirstFails() {
        config.put("llm.provider", "ollama");
        vars.put("OLLAMA_HOST", fake.url());
        config.put("llm.fallback", List.of("openai"));
        vars.put("OPENAI_BASE_URL", fake.url() + "/v1"); // loopback: local, needs no key
        fake.then(FakeProviders.Step.error(500, null)).then(FakeProviders.Step.text("from openai"));
        LlmReply reply = service().complete(ask("x"));
        assertThat(reply.provider()).isEqualTo("openai");
        assertThat(reply.model()).isEqualTo("gpt-4o-mini-2024-07-18");
        assertThat(reply.costUsd()).isPositive(); // a known paid model behind a loopback URL is a proxy: priced
        assertThat(fake.received).extracting(FakeProviders.Received::path).containsExactly("/api/chat",
                "/v1/chat/completions");
    }

    @Test
    void secretsAndPrivateBlocksNeverReachTheProvider() {
        anthropic();
        Random r = new Random(42);
        List<String> secrets = List.of("sk-ant-api03-" + random(r, 93) + "AA", "ghp_" + random(r, 36),
                "AKIA" + random(r, 16).toUpperCase(java.util.Locale.ROOT).replaceAll("[^A-Z0-9]", "Q"),
                "xoxb-123456789012-" + random(r, 24));
        String prompt = "Session notes. Keys used: " + String.join(" and ", secrets)
                + ". <private>the launch codes are 0000</private> Done.";
        fake.then(FakeProviders.Step.text("ok"));
        service().complete(new LlmRequest("test", null, null, "system mentions " + secrets.getFirst(), prompt, 50, false));
        String sent = fake.everything();
        assertThat(sent).contains("Session notes").doesNotContain("launch codes");
        for (String secret : secrets) {
            assertThat(sent).doesNotContain(secret);
        }
    }

    @Test
    void noProviderConfiguredIsAClearNonRetryableFailure() {
        assertThat(service().configured()).isFalse();
        assertThatThrownBy(() -> service().complete(ask("x"))).isInstanceOfSatisfying(LlmFailure.class, e -> {
            assertThat(e.retryable()).isFalse();
            assertThat(e.getMessage()).contains("eagle-mem llm init");
        });
    }

    @Test
    void aRemoteProviderWithoutAKeyIsNotCalled() {
        config.put("llm.provider", "anthropic");
        assertThatThrownBy(() -> service().complete(ask("x"))).isInstanceOfSatisfying(LlmFailure.class,
                e -> assertThat(e.getMessage()).contains("ANTHROPIC_API_KEY"));
    }

    private static String random(Random r, int n) {
        String chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append(chars.charAt(r.nextInt(chars.length())));
        }
        return out.toString();
    }
}
