package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.Golden;
import dev.eaglemem.TestServices;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskDraft;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.task.TaskStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compaction survival through the whole hook stack on the seeded database: the captured sessions run up to the
 * compaction, PreCompact takes the checkpoint, and the SessionStart after it (source {@code compact}, or {@code clear}
 * in a new session) leads with the "where you were" block, then the recall as before. Codex's payloads are the captured
 * compacted session in its order. Claude Code 2.1.330 was captured without a compaction: its PreCompact and its
 * compact/clear SessionStart are the captured SessionStart payload with the fields its hook reference documents for
 * them ({@code hook_event_name}, {@code trigger}, {@code source}); nothing else is guessed. The project has five
 * tasks (one in progress, one in progress and stale, one blocked, one pending, one completed), so the block and a
 * plain startup list the open ones, in progress first. Goldens in
 * {@code golden/compaction/}; regenerate with {@code -Dgolden.update=true} and review the diff.
 */
class CompactionGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/compaction");
    private static final Path CODEX = Path.of("src/test/resources/agent-payloads/codex-0.169.0");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void codexAfterItsAutomaticCompactionIsToldWhereItWas() throws IOException {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = seeded(t);
            tasks(rig, t);
            for (String f : List.of("SessionStart-2", "UserPromptSubmit-2", "PostToolUse-5", "Stop-2")) {
                run(rig, CODEX, f); // another session first: the block is about the compacted one only
            }
            for (String f : List.of("UserPromptSubmit-3", "PreToolUse-7", "PostToolUse-6")) {
                run(rig, CODEX, f);
            }
            assertThat(run(rig, CODEX, "PreCompact-1")).isEmpty();
            String after = run(rig, CODEX, "SessionStart-3");
            Golden.assertMatches(GOLDEN.resolve("codex-0.169.0/session-start-compact.out"), after);
            String context = context(after);
            assertThat(context).startsWith("Where you were before the context was compacted (checkpoint 2026-11-22 ")
                    .contains("Request: Write NOTES.md then show it.").doesNotContain("Write NOTES.md and push main.");
            assertInProgressFirstAndStaleMarked(context);
            assertThat(context).as("the recall follows, as after any compaction")
                    .contains("\n\nEagle Mem recall ready — work/shop-api: ");
            assertThat(run(rig, CODEX, "PostCompact-1")).as("PostCompact can carry no context in Codex 0.169.0").isEmpty();
        }
    }

    @Test
    void claudeCodeAfterACompactionAndAfterAClearIsToldWhereItWas() throws IOException {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = seeded(t);
            tasks(rig, t);
            for (String f : List.of("SessionStart-2", "UserPromptSubmit-2", "PostToolUse-3", "PostToolUse-4", "PostToolUse-2",
                    "Stop-2")) {
                run(rig, HookRig.CLAUDE, f);
            }
            assertThat(rig.run("PreCompact", claude("PreCompact", null, null)).stdout()).isEmpty();
            rig.clock.advance(Duration.ofSeconds(10));
            String compacted = rig.run("SessionStart", claude("SessionStart", "compact", null)).stdout();
            Golden.assertMatches(GOLDEN.resolve("claude-code-2.1.330/session-start-compact.out"), compacted);
            assertThat(context(compacted)).startsWith("Where you were before the context was compacted")
                    .contains("Request: refactor the app printing").contains("Doing: Summary: changed app.py")
                    .contains("(mem-").contains("Edited: src/app.py").contains("=== Eagle Mem: Working Set ===")
                    .as("after a reset the tasks are the block's, not listed twice").doesNotContain("=== Eagle Mem: Tasks ===");
            assertInProgressFirstAndStaleMarked(context(compacted));

            // /clear starts a new session: the block is the checkpoint of the session the agent left
            rig.clock.advance(Duration.ofMinutes(5));
            String cleared = rig.run("SessionStart", claude("SessionStart", "clear", "c1ea2000-0000-4000-8000-00000000c1ea"))
                    .stdout();
            Golden.assertMatches(GOLDEN.resolve("claude-code-2.1.330/session-start-clear.out"), cleared);
            assertThat(context(cleared)).startsWith("Where you were before the context was cleared")
                    .contains("Request: refactor the app printing");
        }
    }

    @Test
    void aClearLongAfterTheAgentsLastSessionSaysNothingMore() throws IOException {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = seeded(t); // its last Claude Code session was the day before
            String cleared = rig.run("SessionStart", claude("SessionStart", "clear", null)).stdout();
            assertThat(context(cleared)).startsWith("Eagle Mem recall ready").doesNotContain("Where you were");
        }
    }

    @Test
    void aPlainStartupListsTheOpenTasksInProgressFirstWithinTheRecallsBudget() throws IOException {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = seeded(t);
            tasks(rig, t);
            String claude = run(rig, HookRig.CLAUDE, "SessionStart-1");
            Golden.assertMatches(GOLDEN.resolve("claude-code-2.1.330/session-start-startup.out"), claude);
            assertThat(context(claude)).doesNotContain("Where you were").contains("=== Eagle Mem: Tasks ===\n- t-3 ");
            assertInProgressFirstAndStaleMarked(context(claude));
            String codex = run(rig, CODEX, "SessionStart-1");
            Golden.assertMatches(GOLDEN.resolve("codex-0.169.0/session-start-startup.out"), codex);
            assertThat(context(codex)).contains("\n\nTasks:\n- t-3 ");
            assertInProgressFirstAndStaleMarked(context(codex));
        }
    }

    /**
     * t-1 in progress for five days (stale), t-2 blocked a day ago, t-3 in progress for two hours, t-4 pending, t-5
     * completed (never listed).
     */
    private static void tasks(HookRig rig, TestDb t) {
        TaskService tasks = TestServices.on(t.db, rig.clock).tasks();
        Instant now = rig.clock.instant();
        rig.clock.set(now.minus(Duration.ofDays(5)));
        Task webhook = tasks.add(HookRig.PROJECT, TaskDraft.of("Wire the refund webhook", null, null));
        tasks.setStatus(HookRig.PROJECT, webhook.id(), TaskStatus.IN_PROGRESS, null);
        rig.clock.set(now.minus(Duration.ofDays(1)));
        Task merge = tasks.add(HookRig.PROJECT, TaskDraft.of("Cover gh pr merge in the release gate", null, null));
        tasks.setStatus(HookRig.PROJECT, merge.id(), TaskStatus.BLOCKED, "needs a gh fixture");
        rig.clock.set(now.minus(Duration.ofHours(2)));
        Task totals = tasks.add(HookRig.PROJECT, TaskDraft.of("Add property tests for totals", null, null));
        tasks.setStatus(HookRig.PROJECT, totals.id(), TaskStatus.IN_PROGRESS, null);
        tasks.add(HookRig.PROJECT, TaskDraft.of("Document the money rules", null, null));
        Task rounding = tasks.add(HookRig.PROJECT, TaskDraft.of("Fix rounding in cart totals", null, null));
        tasks.setStatus(HookRig.PROJECT, rounding.id(), TaskStatus.COMPLETED, "done");
        rig.clock.set(now);
    }

    private static void assertInProgressFirstAndStaleMarked(String context) {
        int current = context.indexOf("- t-3 Add property tests for totals (in progress 2h)");
        int stale = context.indexOf("- t-1 Wire the refund webhook (in progress 5d, stale)");
        int blocked = context.indexOf("- t-2 Cover gh pr merge in the release gate (blocked 1d)");
        int pending = context.indexOf("- t-4 Document the money rules (pending 2h)");
        assertThat(current).as(context).isNotNegative();
        assertThat(List.of(current, stale, blocked, pending)).as(context).isSorted();
        assertThat(context).doesNotContain("Fix rounding in cart totals (");
    }

    private HookRig seeded(TestDb t) {
        HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
        rig.seed();
        return rig;
    }

    private static String run(HookRig rig, Path agent, String fixture) throws IOException {
        rig.clock.advance(Duration.ofSeconds(10));
        HookRig.Output o = rig.run(fixture.replaceFirst("-\\d+$", ""), Files.readAllBytes(agent.resolve(fixture + ".json")));
        assertThat(o.exit()).isZero();
        HookGoldenTest.assertContract(fixture.replaceFirst("-\\d+$", ""), o.stdout());
        return o.stdout();
    }

    /** Claude Code's captured SessionStart of the session that edited src/app.py, as another event of that session. */
    private static byte[] claude(String event, String source, String session) throws IOException {
        ObjectNode p = (ObjectNode) JSON.readTree(HookRig.CLAUDE.resolve("SessionStart-2.json").toFile());
        p.put("hook_event_name", event);
        if (event.equals("PreCompact")) {
            p.remove("source");
            p.put("trigger", "manual");
            p.put("custom_instructions", "");
        } else {
            p.put("source", source);
        }
        if (session != null) {
            p.put("session_id", session);
        }
        return JSON.writeValueAsBytes(p);
    }

    private static String context(String stdout) {
        try {
            JsonNode root = JSON.readTree(stdout);
            return root.path("hookSpecificOutput").path("additionalContext").asText();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
