package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.llm.FakeProviders.Step;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.Timestamps;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider's Retry-After, from the HTTP header to the job's next attempt: a fake OpenAI-compatible server answers
 * 429 or 503 with Retry-After (seconds or an HTTP date), the engine puts the job back at that time rather than at its
 * own back-off, nothing runs before it, and at that time the job succeeds.
 */
class RetryAfterEndToEndTest {

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    @TempDir
    Path dir;
    private EnrichRig rig;

    @BeforeEach
    void open() throws Exception {
        rig = new EnrichRig(dir, T0);
    }

    @AfterEach
    void close() {
        rig.close();
    }

    /** Runs the job into the scripted failure; returns it as the engine left it. */
    private JobRow failOnce(Step failure) {
        rig.fake.then(failure).then(Step.text(EnrichRig.ANSWER));
        JobRow queued = rig.session("s1");
        try (JobEngine engine = rig.engine()) {
            DrainReport first = engine.drain(10);
            assertThat(first.failed()).isEqualTo(1);
            assertThat(first.jobs().getFirst().result()).isEqualTo(JobOutcome.Result.RETRYING);
        }
        return rig.job(queued.id());
    }

    /** Nothing runs before the retry time; at it, the job succeeds and the model's decision is in the summary. */
    private void succeedsAt(JobRow pending, Instant retryAt) {
        try (JobEngine engine = rig.engine()) {
            rig.clock.set(retryAt.minusSeconds(1));
            assertThat(engine.drain(10).ran()).as("not due before Retry-After").isZero();
            rig.clock.set(retryAt);
            DrainReport report = engine.drain(10);
            assertThat(report.succeeded()).isEqualTo(1);
        }
        assertThat(rig.job(pending.id()).status()).isEqualTo(JobStatus.DONE);
        assertThat(rig.summary("s1").fields().decisions()).startsWith("Reuse the order id as the idempotency key");
        assertThat(rig.fake.received).hasSize(2);
    }

    @Test
    void aRateLimitInSecondsSetsTheNextAttempt() {
        JobRow job = failOnce(Step.error(429, "120"));

        Instant retryAt = T0.plusSeconds(120);
        assertThat(job.status()).isEqualTo(JobStatus.PENDING);
        assertThat(job.attempts()).isEqualTo(1);
        assertThat(job.lastError()).contains("openai answered HTTP 429");
        assertThat(job.runAfter()).as("the provider's time, not the back-off (at most %s)", Backoff.DEFAULT.ceiling(1))
                .isEqualTo(Timestamps.format(retryAt));
        succeedsAt(job, retryAt);
    }

    @Test
    void aRateLimitAsAnHttpDateSetsTheNextAttempt() {
        Instant retryAt = T0.plusSeconds(2 * 3600);
        JobRow job = failOnce(Step.error(429, DateTimeFormatter.RFC_1123_DATE_TIME.format(retryAt.atZone(ZoneOffset.UTC))));

        assertThat(job.runAfter()).isEqualTo(Timestamps.format(retryAt));
        succeedsAt(job, retryAt);
    }

    @Test
    void aServerErrorWithRetryAfterSetsTheNextAttempt() {
        JobRow job = failOnce(Step.error(503, "90"));

        assertThat(job.lastError()).contains("HTTP 503");
        assertThat(job.runAfter()).isEqualTo(Timestamps.format(T0.plusSeconds(90)));
        succeedsAt(job, T0.plusSeconds(90));
    }

    @Test
    void withoutRetryAfterTheBackOffDecides() {
        JobRow job = failOnce(Step.error(503, null));

        Instant runAfter = Instant.parse(job.runAfter());
        assertThat(runAfter).isAfter(T0).isBeforeOrEqualTo(T0.plus(Backoff.DEFAULT.ceiling(1)));
    }

    @Test
    void theFakeServerReceivesTheSummarySchema() throws Exception {
        rig.fake.then(Step.text(EnrichRig.ANSWER));
        rig.session("s1");
        try (JobEngine engine = rig.engine()) {
            assertThat(engine.drain(10).succeeded()).isEqualTo(1);
        }
        JsonNode format = new ObjectMapper().readTree(rig.fake.received.getFirst().body()).path("response_format");
        assertThat(format.path("type").asText()).isEqualTo("json_schema");
        assertThat(format.path("json_schema").path("name").asText()).isEqualTo("enrich-summary");
        assertThat(format.path("json_schema").path("schema")).isEqualTo(new ObjectMapper().readTree(SummaryPrompt.JSON_SCHEMA));
    }
}
