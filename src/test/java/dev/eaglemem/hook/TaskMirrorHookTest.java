package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The captured task payloads of both agents, replayed through the hook stack in the order the agents sent them: the
 * agents' tasks become eagle-mem tasks, once each, with the statuses the agents gave them, and the hooks stay silent.
 */
class TaskMirrorHookTest {

    private static final Path CLAUDE = Path.of("src/test/resources/agent-payloads/claude-code-2.1.330");
    private static final Path CODEX = Path.of("src/test/resources/agent-payloads/codex-0.169.0");
    private static final String CLAUDE_SESSION = "260caee7-4492-4e1a-be40-2359c80aa37b";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private void replay(HookRig rig, Path folder, String... fixtures) throws Exception {
        for (String f : fixtures) {
            rig.clock.advance(Duration.ofSeconds(10));
            HookRig.Output o = rig.run(f.replaceFirst("-\\d+$", ""), Files.readAllBytes(folder.resolve(f + ".json")));
            assertThat(o.exit()).isZero();
            assertThat(o.stdout()).as(f).isEmpty();
        }
    }

    private static List<String> tasks(HookRig rig) {
        return rig.tasks.list(HookRig.PROJECT, TaskFilter.all(100)).stream()
                .map(t -> t.title() + " | " + t.status().id() + " | " + t.origin() + " " + t.originRef()).sorted().toList();
    }

    @Test
    void claudeTaskToolsAndTaskEventsKeepOneTaskPerAgentIdWithItsOwner() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            String[] session = { "PreToolUse-8", "PostToolUse-7", "PreToolUse-9", "TaskCreated-1", "PostToolUse-8",
                    "PreToolUse-10", "TaskCreated-2", "PostToolUse-9", "PreToolUse-11", "PostToolUse-10", "PreToolUse-12",
                    "TaskCompleted-1", "PostToolUse-11" };
            replay(rig, CLAUDE, session);
            assertThat(tasks(rig)).containsExactly(
                    "Add rate limiter to /orders | completed | agent:claude-code " + CLAUDE_SESSION + "/1",
                    "Document the rate limit | pending | agent:claude-code " + CLAUDE_SESSION + "/2");
            Task done = rig.tasks.findByOrigin(HookRig.PROJECT, "agent:claude-code", CLAUDE_SESSION + "/1").orElseThrow();
            assertThat(done.ownerAgent()).isEqualTo("claude-code");
            assertThat(done.ownerSession()).isEqualTo(CLAUDE_SESSION);
            assertThat(done.details()).isEqualTo("Token bucket, 100 req/min per API key");
            assertThat(done.startedAt()).isNotNull();
            assertThat(done.endedAt()).isNotNull();

            replay(rig, CLAUDE, session);
            assertThat(tasks(rig)).as("the same payloads again add nothing").hasSize(2);
            assertThat(dir.resolve("eagle-mem.log")).doesNotExist();
        }
    }

    @Test
    void claudeTodoWriteReplanKeepsTheRenamedTodoAndCancelsTheDroppedOne() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            replay(rig, CLAUDE, "PreToolUse-13", "PostToolUse-12", "PreToolUse-14", "PostToolUse-13", "PreToolUse-15",
                    "PostToolUse-14", "PostToolUse-14");
            String todos = "agent:claude-code " + session(CLAUDE, "PostToolUse-13") + "/todos/";
            assertThat(tasks(rig)).containsExactly("Add rate limiter to /orders | completed | " + todos + "1",
                    "Document the 429 response in README | in_progress | " + todos + "3",
                    "Write limiter tests | cancelled | " + todos + "2");
            assertThat(dir.resolve("eagle-mem.log")).doesNotExist();
        }
    }

    @Test
    void codexUpdatePlanAndItsReplanAreReconciledWithoutCopies() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            replay(rig, CODEX, "PreToolUse-11", "PostToolUse-10", "PreToolUse-12", "PostToolUse-11", "PostToolUse-11");
            String plan = "agent:codex " + session(CODEX, "PostToolUse-10") + "/plan/";
            assertThat(tasks(rig)).containsExactly("Add rate limiter to /orders | completed | " + plan + "1",
                    "Document the 429 response in README | in_progress | " + plan + "3",
                    "Write limiter tests | cancelled | " + plan + "2");
            assertThat(rig.tasks.open(HookRig.PROJECT)).extracting(Task::ownerAgent).containsOnly("codex");
            assertThat(dir.resolve("eagle-mem.log")).doesNotExist();
        }
    }

    @Test
    void aMalformedTaskPayloadIsLoggedAndIgnoredAndTheToolUseIsStillRecorded() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            ObjectNode bad = (ObjectNode) JSON.readTree(Files.readString(CODEX.resolve("PostToolUse-10.json")));
            ((ObjectNode) bad.get("tool_input")).put("plan", "not a list");
            HookRig.Output o = rig.run("PostToolUse", JSON.writeValueAsBytes(bad));
            assertThat(o.exit()).isZero();
            assertThat(o.stdout()).isEmpty();
            assertThat(tasks(rig)).isEmpty();
            assertThat(t.rows("SELECT tool_name FROM observations")).containsExactly("update_plan");
            assertThat(Files.readString(dir.resolve("eagle-mem.log"), StandardCharsets.UTF_8))
                    .contains("task mirror: PostToolUse update_plan payload ignored: no plan array");

            ObjectNode noId = (ObjectNode) JSON.readTree(Files.readString(CLAUDE.resolve("TaskCompleted-1.json")));
            noId.remove("task_id");
            assertThat(rig.run("TaskCompleted", JSON.writeValueAsBytes(noId)).stdout()).isEmpty();
            assertThat(Files.readString(dir.resolve("eagle-mem.log"), StandardCharsets.UTF_8))
                    .contains("task mirror: TaskCompleted payload ignored: TaskCompleted without a task_id");
            assertThat(tasks(rig)).isEmpty();
        }
    }

    private static String session(Path folder, String fixture) throws Exception {
        return JSON.readTree(Files.readString(folder.resolve(fixture + ".json"))).path("session_id").asText();
    }
}
