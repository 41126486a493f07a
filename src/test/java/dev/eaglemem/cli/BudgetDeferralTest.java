package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.jobs.DrainReport;
import dev.eaglemem.jobs.EnrichRig;
import dev.eaglemem.jobs.JobEngine;
import dev.eaglemem.jobs.JobService;
import dev.eaglemem.llm.FakeProviders.Step;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The day's model budget running out in the middle of a queue, with the real cost governor and a fake
 * OpenAI-compatible server that reports 6,000 input tokens per call: with {@code llm.daily_tokens = 12000} two
 * enrichments fit a day, the rest wait for the next day (deferred, no attempt spent, nothing sent), and
 * {@code eagle-mem jobs list} shows them so, in text and JSON; over three days every job runs, none is lost.
 */
class BudgetDeferralTest {

    private static final Instant DAY1 = Instant.parse("2026-11-22T15:00:00Z");
    private static final Instant DAY2 = Instant.parse("2026-11-23T00:00:00Z");
    private static final Instant DAY3 = Instant.parse("2026-11-24T00:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private EnrichRig rig;
    private final List<JobRow> queued = new ArrayList<>();

    @BeforeEach
    void open() throws Exception {
        rig = new EnrichRig(dir, DAY1);
        rig.config.put("llm.daily_tokens", 12_000L);
        rig.config.put("llm.daily_usd", 100.0);
        for (int i = 1; i <= 5; i++) {
            queued.add(rig.session("s" + i));
            rig.fake.then(Step.text(EnrichRig.ANSWER, 6_000, 30));
        }
    }

    @AfterEach
    void close() {
        rig.close();
    }

    private DrainReport drain() {
        try (JobEngine engine = rig.engine()) {
            return engine.drain(100);
        }
    }

    /** {@code eagle-mem jobs list [args]} through picocli on the test's database; its stdout. */
    private String jobsList(String... args) {
        StringWriter out = new StringWriter();
        try (JobEngine engine = rig.engine()) {
            JobsCommand command = new JobsCommand(new JobService(rig.t.db, rig.jobs, rig.clock), engine, rig.settings());
            List<String> argv = new ArrayList<>(List.of("list"));
            argv.addAll(List.of(args));
            int exit = new CommandLine(command).setOut(new PrintWriter(out, true)).execute(argv.toArray(String[]::new));
            assertThat(exit).isZero();
        }
        return out.toString();
    }

    @Test
    void jobsPastTheDaysBudgetWaitForTheNextDayAndAllRunInTheEnd() throws Exception {
        DrainReport day1 = drain();

        assertThat(day1.succeeded()).isEqualTo(2);
        assertThat(day1.deferred()).isEqualTo(3);
        assertThat(day1.failed()).isZero();
        assertThat(rig.fake.received).as("a deferred job sends nothing").hasSize(2);
        for (JobRow j : queued.subList(2, 5)) {
            JobRow now = rig.job(j.id());
            assertThat(now.status()).isEqualTo(JobStatus.PENDING);
            assertThat(now.attempts()).as("waiting spends no attempt").isZero();
            assertThat(now.runAfter()).isEqualTo("2026-11-23T00:00:00.000Z");
            assertThat(now.deferred()).contains("the day's model token budget is spent", "llm.daily_tokens");
        }

        String text = jobsList();
        List<String> rows = text.lines().filter(l -> l.contains("enrich-summary")).toList();
        assertThat(rows).hasSize(3).allSatisfy(row -> assertThat(row).contains("deferred", "2026-11-23 00:00",
                "waits for the next day's model budget"));
        assertThat(text).contains("pending 3, running 0, done 2, dead 0, cancelled 0");

        JsonNode json = JSON.readTree(jobsList("--json"));
        assertThat(json.get("jobs")).hasSize(3).allSatisfy(j -> {
            assertThat(j.get("status").asText()).isEqualTo("pending");
            assertThat(j.get("run_after").asText()).isEqualTo("2026-11-23T00:00:00.000Z");
            assertThat(j.get("attempts").asInt()).isZero();
            assertThat(j.get("deferred").asText()).contains("llm.daily_tokens");
        });
        assertThat(json.get("counts").get("done").asInt()).isEqualTo(2);

        rig.clock.set(DAY2);
        DrainReport day2 = drain();
        assertThat(day2.succeeded()).isEqualTo(2);
        assertThat(day2.deferred()).isEqualTo(1);
        assertThat(JSON.readTree(jobsList("--json")).get("jobs")).singleElement()
                .satisfies(j -> assertThat(j.get("run_after").asText()).isEqualTo("2026-11-24T00:00:00.000Z"));

        rig.clock.set(DAY3);
        assertThat(drain().succeeded()).isEqualTo(1);
        assertThat(queued).allSatisfy(j -> assertThat(rig.job(j.id()).status()).isEqualTo(JobStatus.DONE));
        for (int i = 1; i <= 5; i++) {
            assertThat(rig.summary("s" + i).fields().decisions()).startsWith("Reuse the order id");
        }
        assertThat(rig.fake.received).hasSize(5);
        assertThat(jobsList()).startsWith("No jobs (pending, running or dead).");
    }
}
