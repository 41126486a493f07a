package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Models in the background, with the real Claude Code: a session ends, serve's queue enriches its summary through
 * the (fake) Anthropic API the agent itself uses, and the next session starts with the decision and its reason —
 * which the session's own text never stated as a "Decision:" line.
 */
class ModelEnrichmentIT {

    private static final String ENRICH_SYSTEM = "You extract structured facts from Claude Code and Codex development sessions";
    private static final String SECRET = "sk-ant-api03-"
            + "Zq8vN2mK4pL7xR1tW9yB3cD6fG0hJ5kM8nP2qS4uV7wX1zA3bC6dE9fH2jK5lN8oQ1rT4uW7xZ0aB3cE6fG9hJ2kL5mN8pQ1rS4tV7wY0zA3bAA";
    private static final String DECISION = "Charge with the order id as the idempotency key";
    private static final String REASON = "a retried charge must never bill the customer twice";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void theNextSessionStartsWithTheEnrichedDecisionAndItsReason() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        eagle.run("config", "set", "llm.provider", "anthropic");
        Path retry = workspace.repo().resolve("src/retry.py");
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.answerSide(ENRICH_SYSTEM, """
                    {"request": "Make card charges safe to retry", "completed": "Added a retry around the charge call.",
                     "learned": [], "decisions": [{"decision": "%s", "reason": "%s"}],
                     "gotchas": [], "key_files": ["src/retry.py"], "next_steps": ["Test the timeout path"]}"""
                    .formatted(DECISION, REASON));
            fake.script(
                    FakeAnthropic.Turn.write(retry, "def charge(order):\n    return gateway.charge(order.id, key=order.id)\n"),
                    FakeAnthropic.Turn.text("Added the retry; the order id is passed along with each charge."));
            ClaudeSession.in(workspace, fake).env(eagle.env())
                    .run("Make card charges safe to retry. The staging key is " + SECRET).assertSucceeded();

            List<String> enriched = List.of("enrich " + DECISION + " — because " + REASON);
            assertThat(eagle.eventually("SELECT capture_source || ' ' || decisions FROM summaries", enriched, 90))
                    .isEqualTo(enriched);
            List<RecordedRequest> asked = fake.sideRequests(ENRICH_SYSTEM);
            assertThat(asked).isNotEmpty();
            assertThat(asked.getFirst().body().path("stream").asBoolean(false)).isFalse();
            assertThat(asked.getFirst().bodyContains("Make card charges safe to retry")).isTrue();
            assertThat(fake.requests()).as("the agent sends its prompt to its model").anyMatch(r -> r.bodyContains(SECRET));
            assertThat(asked).as("eagle-mem never does").noneMatch(r -> r.bodyContains(SECRET));

            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(FakeAnthropic.Turn.text("Retries reuse the order id."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run("How do charge retries avoid double billing?")
                    .assertSucceeded();
            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            assertThat(first.bodyContains(DECISION + " — because " + REASON)).as(first.describe()).isTrue();
        }
        JsonNode usage = new ObjectMapper().readTree(eagle.run("llm", "usage", "--json").stdout());
        System.out.println("llm usage --json after the e2e run: " + usage);
        assertThat(usage.path("lines")).anySatisfy(l -> {
            assertThat(l.path("purpose").asText()).isEqualTo("enrich-summary");
            assertThat(l.path("provider").asText()).isEqualTo("anthropic");
            assertThat(l.path("calls").asLong()).isPositive();
        });
    }
}
