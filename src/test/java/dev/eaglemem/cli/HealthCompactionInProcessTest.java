package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.junit.main.LaunchResult;
import io.quarkus.test.junit.main.QuarkusMainLauncher;
import io.quarkus.test.junit.main.QuarkusMainTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eagle-mem health} and {@code eagle-mem compaction} as a person runs them, in process (see
 * {@link CommandsInProcessTest}): on a store seeded through the CLI itself (sessions saved with and without
 * decisions and next steps, a decision remembered, a feature registered) and on an empty one, as text and as
 * {@code --json}, with the scores, the sections and the next fixes.
 */
@QuarkusMainTest
@TestProfile(IsolatedEnv.Profile.class)
class HealthCompactionInProcessTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeEach
    void isolate() {
        System.setProperty(IsolatedEnv.DIR_PROPERTY, dir.toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty(IsolatedEnv.DIR_PROPERTY);
    }

    private static LaunchResult ok(LaunchResult r) {
        assertThat(r.exitCode()).as("exit code; stderr: %s; stdout: %s", r.getErrorOutput(), r.getOutput()).isZero();
        return r;
    }

    private static JsonNode json(LaunchResult r) {
        assertThat(r.getOutputStream()).as("one JSON line on stdout; stderr: %s", r.getErrorOutput()).hasSize(1);
        try {
            return JSON.readTree(r.getOutput());
        } catch (IOException e) {
            throw new AssertionError("stdout is not JSON: " + r.getOutput(), e);
        }
    }

    /**
     * Four saved sessions of code/shop, three with a decision and next steps; one decision memory; one feature.
     */
    private static void seed(QuarkusMainLauncher launcher) {
        for (String topic : List.of("cart totals", "refunds", "tax rounding")) {
            ok(launcher.launch("session", "save", "--request", "Fix " + topic, "--completed", "Fixed " + topic,
                    "--decisions", "Keep " + topic + " in integer cents", "--next-steps", "Test " + topic + " with coupons"));
        }
        ok(launcher.launch("session", "save", "--request", "Read the logs", "--completed", "Nothing to change"));
        ok(launcher.launch("memories", "add", "--kind", "decision", "--title", "Money is integer cents", "--content",
                "Every amount is stored and computed in integer cents."));
        ok(launcher.launch("feature", "add", "checkout", "--file", "src/cart/**", "--smoke", "true"));
    }

    /** What doctor says about this machine, which health's config part scores: 30 all ok, 15 warnings only, 0 a failure. */
    private static int configScore(JsonNode doctor) {
        List<String> statuses = new ArrayList<>();
        doctor.path("checks").forEach(c -> statuses.add(c.path("status").asText()));
        assertThat(statuses).isNotEmpty();
        return statuses.contains("fail") ? 0 : statuses.contains("warn") ? 15 : 30;
    }

    @Test
    void onASeededStoreHealthScoresEachPartWithTheBiggestGainFirstAndCompactionIsStrong(QuarkusMainLauncher launcher) {
        seed(launcher);
        // doctor exits non-zero when a check fails; its report is what counts here
        JsonNode doctor = json(launcher.launch("doctor", "--json"));
        int config = configScore(doctor);

        JsonNode health = json(ok(launcher.launch("health", "--json")));
        assertThat(health.path("project").asText()).isEqualTo(IsolatedEnv.PROJECT);
        assertThat(health.path("max").asInt()).isEqualTo(100);
        JsonNode parts = health.path("parts");
        assertThat(parts.findValuesAsText("name")).containsExactly("capture", "enrichment", "features", "config");
        assertThat(parts.get(0).path("score").asInt()).isEqualTo(30);
        assertThat(parts.get(0).path("detail").asText()).isEqualTo("4 of 4 sessions left a summary");
        assertThat(parts.get(1).path("score").asInt()).isEqualTo(25);
        assertThat(parts.get(1).path("detail").asText()).isEqualTo("3 of 4 summaries carry a decision or a gotcha");
        assertThat(parts.get(2).path("score").asInt()).as("one feature guards releases: 8 of 15").isEqualTo(8);
        assertThat(parts.get(2).path("detail").asText()).isEqualTo("1 feature guards releases");
        assertThat(parts.get(3).path("score").asInt()).as(doctor.toString()).isEqualTo(config);
        assertThat(parts.get(3).path("detail").asText()).contains("doctor checks ok");
        int score = 30 + 25 + 8 + config;
        assertThat(health.path("score").asInt()).isEqualTo(score);
        assertThat(health.path("grade").asText()).isEqualTo(score >= 80 ? "healthy" : "needs_attention");

        List<String> next = new ArrayList<>();
        health.path("next").forEach(n -> next.add(n.asText()));
        String featureFix = "register what a release must not break: eagle-mem feature add NAME -f 'src/…/**' -s 'TEST COMMAND'";
        assertThat(next).contains(featureFix).noneMatch(n -> n.contains("session save"));
        // fixes come biggest gain first: config loses 15 or 30 when doctor is not all ok, features 7
        if (config < 30) {
            assertThat(next).hasSize(2).last().isEqualTo(featureFix);
            assertThat(next.getFirst()).isEqualTo(parts.get(3).path("fix").asText());
        } else {
            assertThat(next).containsExactly(featureFix);
        }

        List<String> lines = new ArrayList<>(List.of(
                "Health of code/shop: " + score + "/100 (" + (score >= 80 ? "healthy" : "needs attention") + ")",
                "  capture    30/30  4 of 4 sessions left a summary",
                "  enrichment 25/25  3 of 4 summaries carry a decision or a gotcha",
                "  features    8/15  1 feature guards releases",
                String.format("  config     %2d/30  %s", config, parts.get(3).path("detail").asText()), "Next:"));
        next.forEach(n -> lines.add("  " + n));
        assertThat(ok(launcher.launch("health")).getOutputStream()).containsExactlyElementsOf(lines);

        JsonNode report = json(ok(launcher.launch("compaction", "--json")));
        assertThat(report.path("project").asText()).isEqualTo(IsolatedEnv.PROJECT);
        assertThat(report.path("readiness").asText()).isEqualTo("strong");
        JsonNode durable = report.path("durable");
        assertThat(durable.path("summaries").asInt()).isEqualTo(4);
        assertThat(durable.path("enriched_summaries").asInt()).isEqualTo(3);
        assertThat(durable.path("with_next_steps").asInt()).isEqualTo(3);
        assertThat(durable.path("decisions").asInt()).isEqualTo(1);
        assertThat(durable.path("active_features").asInt()).isEqualTo(1);
        List<String> survives = new ArrayList<>();
        report.path("survives").forEach(n -> survives.add(n.asText()));
        assertThat(survives).containsExactly("4 session summaries (3 with decisions, gotchas or lessons; 3 with next steps)",
                "1 project memories (1 decisions, 0 gotchas)",
                "1 active features, 0 pending checks (they block a release until verified)",
                "0 open tasks (0 in progress, 0 blocked, 0 pending; 0 stale), 0 session checkpoints (what a session was "
                        + "doing when its context was compacted)");
        assertThat(report.path("next")).isEmpty();

        List<String> compactionLines = new ArrayList<>(List.of("Context reset readiness for code/shop: strong", "Survives:"));
        survives.forEach(line -> compactionLines.add("  " + line));
        assertThat(ok(launcher.launch("compaction")).getOutputStream()).as("nothing to save first: no such section")
                .containsExactlyElementsOf(compactionLines);
    }

    @Test
    void onAnEmptyStoreHealthIsUnhealthyAndCompactionWeakEachSayingWhatToDoFirst(QuarkusMainLauncher launcher) {
        // the very first command finds no database: doctor's check costs config its points and health passes the
        // check's fix on; the command itself creates the database
        JsonNode first = json(ok(launcher.launch("health", "--json")));
        assertThat(first.at("/parts/3/score").asInt()).isLessThan(30);
        assertThat(first.at("/parts/3/detail").asText()).contains("database");
        assertThat(first.path("next"))
                .anySatisfy(n -> assertThat(n.asText()).contains("eagle-mem status").contains("creates it"));

        JsonNode health = json(ok(launcher.launch("health", "--json")));
        JsonNode parts = health.path("parts");
        assertThat(parts.get(0).path("score").asInt()).isZero();
        assertThat(parts.get(0).path("detail").asText()).isEqualTo("0 of 0 sessions left a summary");
        assertThat(parts.get(1).path("score").asInt()).isZero();
        assertThat(parts.get(2).path("score").asInt()).isZero();
        assertThat(health.path("score").asInt()).isLessThanOrEqualTo(30);
        assertThat(health.path("grade").asText()).isEqualTo("unhealthy");
        List<String> next = new ArrayList<>();
        health.path("next").forEach(n -> next.add(n.asText()));
        assertThat(next).contains("start a session with the agent in this project (eagle-mem install sets up the hooks)")
                .anySatisfy(n -> assertThat(n).startsWith("save decisions and gotchas with the summary"))
                .anySatisfy(n -> assertThat(n).startsWith("register what a release must not break"));
        List<String> lines = new ArrayList<>(List.of("Health of code/shop: " + health.path("score").asInt() + "/100 (unhealthy)",
                "  capture     0/30  0 of 0 sessions left a summary",
                "  enrichment  0/25  0 of 0 summaries carry a decision or a gotcha",
                "  features    0/15  0 features guard releases",
                String.format("  config     %2d/30  %s", parts.get(3).path("score").asInt(),
                        parts.get(3).path("detail").asText()),
                "Next:"));
        next.forEach(n -> lines.add("  " + n));
        assertThat(ok(launcher.launch("health")).getOutputStream()).containsExactlyElementsOf(lines);

        JsonNode report = json(ok(launcher.launch("compaction", "--json")));
        assertThat(report.path("readiness").asText()).isEqualTo("weak");
        List<String> toSave = new ArrayList<>();
        report.path("next").forEach(n -> toSave.add(n.asText()));
        assertThat(toSave).hasSize(3);
        assertThat(toSave.get(0)).startsWith("No summary says what is left to do: ").contains("session save --session-id <id>")
                .contains("--next-steps");
        assertThat(toSave.get(1)).startsWith("No decision or gotcha is remembered: ").contains("memories add -k decision");
        assertThat(toSave.get(2)).startsWith("No summary holds a decision, gotcha or lesson").contains("llm init");

        List<String> compactionLines = new ArrayList<>(List.of("Context reset readiness for code/shop: weak", "Survives:",
                "  0 session summaries (0 with decisions, gotchas or lessons; 0 with next steps)",
                "  0 project memories (0 decisions, 0 gotchas)",
                "  0 active features, 0 pending checks (they block a release until verified)",
                "  0 open tasks (0 in progress, 0 blocked, 0 pending; 0 stale), 0 session checkpoints (what a session was "
                        + "doing when its context was compacted)",
                "Before the reset:"));
        toSave.forEach(line -> compactionLines.add("  " + line));
        assertThat(ok(launcher.launch("compaction")).getOutputStream()).containsExactlyElementsOf(compactionLines);
    }
}
