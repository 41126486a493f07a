package dev.eaglemem.task;

import static dev.eaglemem.task.TaskStatus.CANCELLED;
import static dev.eaglemem.task.TaskStatus.COMPLETED;
import static dev.eaglemem.task.TaskStatus.IN_PROGRESS;
import static dev.eaglemem.task.TaskStatus.PENDING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.task.TaskMirror.Item;
import dev.eaglemem.task.TaskMirror.One;
import dev.eaglemem.task.TaskMirror.Slot;
import dev.eaglemem.task.TaskMirror.Upsert;
import dev.eaglemem.task.TaskMirror.WholeList;
import org.junit.jupiter.api.Test;

/** The captured task payloads read as the changes they mean, and the reconcile rules of the full-list tools. */
class TaskMirrorTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path CLAUDE = Path.of("src/test/resources/agent-payloads/claude-code-2.1.330");
    private static final Path CODEX = Path.of("src/test/resources/agent-payloads/codex-0.169.0");
    private static final String LIST = "s1/plan";

    private static Optional<TaskMirror.Change> captured(Path dir, String file) throws IOException {
        JsonNode p = JSON.readTree(Files.readString(dir.resolve(file)));
        return TaskMirror.fromTool(p.path("session_id").asText(), p.path("tool_name").asText(), p.path("tool_input"),
                p.path("tool_response"));
    }

    @Test
    void claudeTaskCreateKeysTheTaskByTheIdInItsResponse() throws IOException {
        assertThat(captured(CLAUDE, "PostToolUse-8.json")).contains(new One("260caee7-4492-4e1a-be40-2359c80aa37b/1",
                "Add rate limiter to /orders", "Token bucket, 100 req/min per API key", null));
    }

    @Test
    void claudeTaskUpdateMovesTheSameTaskAndDeletedMeansCancelled() throws IOException {
        assertThat(captured(CLAUDE, "PostToolUse-10.json"))
                .contains(new One("260caee7-4492-4e1a-be40-2359c80aa37b/1", null, null, IN_PROGRESS));
        assertThat(captured(CLAUDE, "PostToolUse-11.json"))
                .contains(new One("260caee7-4492-4e1a-be40-2359c80aa37b/1", null, null, COMPLETED));
        JsonNode deleted = JSON.createObjectNode().put("taskId", "2").put("status", "deleted");
        assertThat(TaskMirror.fromTool("s", "TaskUpdate", deleted, JSON.createObjectNode().put("success", true)))
                .contains(new One("s/2", null, null, CANCELLED));
    }

    @Test
    void aTaskUpdateTheAgentRefusedChangesNothing() {
        JsonNode input = JSON.createObjectNode().put("taskId", "9").put("status", "completed");
        assertThat(TaskMirror.fromTool("s", "TaskUpdate", input, JSON.createObjectNode().put("success", false))).isEmpty();
    }

    @Test
    void taskEventsUseTheSameReferenceAsTheTools() {
        assertThat(TaskMirror.fromTaskEvent("s", "1", "Add rate limiter", "Token bucket", false))
                .isEqualTo(new One("s/1", "Add rate limiter", "Token bucket", null));
        assertThat(TaskMirror.fromTaskEvent("s", "1", "Add rate limiter", "Token bucket", true))
                .isEqualTo(new One("s/1", "Add rate limiter", "Token bucket", COMPLETED));
        assertThatThrownBy(() -> TaskMirror.fromTaskEvent("s", null, "x", null, true))
                .isInstanceOf(TaskMirror.Malformed.class);
    }

    @Test
    void todoWriteAndUpdatePlanAreWholeListsPerSession() throws IOException {
        assertThat(captured(CLAUDE, "PostToolUse-14.json")).contains(new WholeList(
                sessionOf(CLAUDE, "PostToolUse-14.json") + "/todos",
                List.of(new Item("Add rate limiter to /orders", COMPLETED),
                        new Item("Document the 429 response in README", IN_PROGRESS))));
        Optional<TaskMirror.Change> plan = captured(CODEX, "PostToolUse-10.json");
        assertThat(plan).get().isInstanceOf(WholeList.class);
        WholeList list = (WholeList) plan.get();
        assertThat(list.listKey()).isEqualTo(sessionOf(CODEX, "PostToolUse-10.json") + "/plan");
        assertThat(list.items()).containsExactly(new Item("Add rate limiter to /orders", IN_PROGRESS),
                new Item("Write limiter tests", PENDING), new Item("Document the rate limit", PENDING));
    }

    @Test
    void otherToolsAreNotTaskTools() throws IOException {
        assertThat(captured(CLAUDE, "PostToolUse-7.json")).as("ToolSearch").isEmpty();
        assertThat(captured(CODEX, "PostToolUse-1.json")).as("Bash").isEmpty();
    }

    @Test
    void malformedTaskPayloadsAreRefused() {
        JsonNode empty = JSON.createObjectNode();
        assertThatThrownBy(() -> TaskMirror.fromTool("s", "TaskCreate", JSON.createObjectNode().put("subject", "x"), empty))
                .isInstanceOf(TaskMirror.Malformed.class).hasMessageContaining("task.id");
        assertThatThrownBy(() -> TaskMirror.fromTool("s", "update_plan", empty, JSON.getNodeFactory().textNode("ok")))
                .isInstanceOf(TaskMirror.Malformed.class).hasMessageContaining("plan");
        JsonNode badStatus = JSON.createObjectNode().set("plan",
                JSON.createArrayNode().add(JSON.createObjectNode().put("step", "a").put("status", "doing")));
        assertThatThrownBy(() -> TaskMirror.fromTool("s", "update_plan", badStatus, empty))
                .isInstanceOf(TaskMirror.Malformed.class).hasMessageContaining("doing");
        JsonNode noText = JSON.createObjectNode().set("todos",
                JSON.createArrayNode().add(JSON.createObjectNode().put("status", "pending")));
        assertThatThrownBy(() -> TaskMirror.fromTool("s", "TodoWrite", noText, empty))
                .isInstanceOf(TaskMirror.Malformed.class).hasMessageContaining("content");
    }

    @Test
    void aFirstListGetsSlotsInItsOrder() {
        assertThat(TaskMirror.reconcile(LIST, List.of(), List.of(new Item("A step", IN_PROGRESS), new Item("B step", PENDING))))
                .containsExactly(new Upsert(LIST + "/1", "A step", IN_PROGRESS), new Upsert(LIST + "/2", "B step", PENDING));
    }

    @Test
    void theSameListSentAgainKeepsEverySlotAndAddsNothing() {
        List<Slot> now = List.of(slot(1, "Add rate limiter", IN_PROGRESS), slot(2, "Write tests", PENDING));
        assertThat(TaskMirror.reconcile(LIST, now, List.of(new Item("add  rate LIMITER", COMPLETED),
                new Item("Write tests", IN_PROGRESS)))).containsExactly(
                        new Upsert(LIST + "/1", "add  rate LIMITER", COMPLETED),
                        new Upsert(LIST + "/2", "Write tests", IN_PROGRESS));
    }

    @Test
    void theCapturedReplanKeepsTheRenamedItemAndCancelsTheDroppedOne() {
        List<Slot> now = List.of(slot(1, "Add rate limiter to /orders", IN_PROGRESS), slot(2, "Write limiter tests", PENDING),
                slot(3, "Document the rate limit", PENDING));
        assertThat(TaskMirror.reconcile(LIST, now, List.of(new Item("Add rate limiter to /orders", COMPLETED),
                new Item("Document the 429 response in README", IN_PROGRESS)))).containsExactly(
                        new Upsert(LIST + "/1", "Add rate limiter to /orders", COMPLETED),
                        new Upsert(LIST + "/3", "Document the 429 response in README", IN_PROGRESS),
                        new Upsert(LIST + "/2", "Write limiter tests", CANCELLED));
    }

    @Test
    void anItemWithNothingInCommonIsNewAndANewSlotFollowsTheLast() {
        List<Slot> now = List.of(slot(1, "Add rate limiter", COMPLETED), slot(2, "Write tests", PENDING));
        assertThat(TaskMirror.reconcile(LIST, now, List.of(new Item("Add rate limiter", COMPLETED),
                new Item("Ship release notes", PENDING)))).containsExactly(
                        new Upsert(LIST + "/1", "Add rate limiter", COMPLETED),
                        new Upsert(LIST + "/3", "Ship release notes", PENDING),
                        new Upsert(LIST + "/2", "Write tests", CANCELLED));
    }

    @Test
    void aDoneItemDroppedFromTheListStaysDoneAndAClosedSlotIsNotRenamed() {
        List<Slot> now = List.of(slot(1, "Fix login redirect", COMPLETED), slot(2, "Fix login tests", CANCELLED));
        assertThat(TaskMirror.reconcile(LIST, now, List.of(new Item("Fix login cookie", PENDING))))
                .containsExactly(new Upsert(LIST + "/3", "Fix login cookie", PENDING));
    }

    @Test
    void sharedWordsTieGoToTheNearestPosition() {
        List<Slot> now = List.of(slot(1, "Update docs api", PENDING), slot(2, "Update docs intro", PENDING));
        assertThat(TaskMirror.reconcile(LIST, now, List.of(new Item("Write changelog", PENDING),
                new Item("Update docs guide", PENDING)))).containsExactly(
                        new Upsert(LIST + "/3", "Write changelog", PENDING),
                        new Upsert(LIST + "/2", "Update docs guide", PENDING),
                        new Upsert(LIST + "/1", "Update docs api", CANCELLED));
    }

    @Test
    void anEmptyListCancelsWhatIsStillOpen() {
        List<Slot> now = List.of(slot(1, "A step", COMPLETED), slot(2, "B step", IN_PROGRESS));
        assertThat(TaskMirror.reconcile(LIST, now, List.of())).containsExactly(new Upsert(LIST + "/2", "B step", CANCELLED));
    }

    @Test
    void twoItemsWithTheSameTextKeepTwoSlots() {
        List<Slot> now = List.of(slot(1, "Run tests", COMPLETED), slot(2, "Run tests", PENDING));
        assertThat(TaskMirror.reconcile(LIST, now, List.of(new Item("Run tests", COMPLETED), new Item("Run tests", PENDING))))
                .extracting(Upsert::ref).containsExactlyInAnyOrder(LIST + "/1", LIST + "/2");
    }

    private static Slot slot(int n, String title, TaskStatus status) {
        return new Slot(TaskMirror.slotRef(LIST, n), title, status);
    }

    private static String sessionOf(Path dir, String file) throws IOException {
        return JSON.readTree(Files.readString(dir.resolve(file))).path("session_id").asText();
    }
}
