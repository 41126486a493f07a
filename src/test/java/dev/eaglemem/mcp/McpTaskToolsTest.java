package dev.eaglemem.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.Tx;
import dev.eaglemem.task.TaskDetail;
import dev.eaglemem.task.TaskList;
import dev.eaglemem.task.TaskNote;
import dev.eaglemem.task.TaskStatus;
import dev.eaglemem.task.TaskView;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The task tools over the real TaskService and a real database: what each answers, refuses, and how it is annotated. */
class McpTaskToolsTest {

    @TempDir
    Path dir;

    McpRig rig;

    @BeforeEach
    void open() {
        rig = new McpRig(dir);
    }

    @AfterEach
    void close() {
        rig.close();
    }

    private Object call(String tool, Object... keysAndValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            args.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return rig.tools.call(tool, args);
    }

    private TaskView add(String title, Object... more) {
        Object[] args = new Object[more.length + 2];
        args[0] = "title";
        args[1] = title;
        System.arraycopy(more, 0, args, 2, more.length);
        return ((TaskDetail) call(ToolCatalog.TASK_ADD, args)).task();
    }

    private List<String> titles(TaskList list) {
        return list.tasks().stream().map(TaskView::title).toList();
    }

    @Test
    void anAddedTaskIsTheCallingAgentsPendingTaskInTheServersProject() {
        TaskDetail added = (TaskDetail) call(ToolCatalog.TASK_ADD, "title", "Wire the export", "details", "CSV first",
                "session_id", "s-9");
        TaskView task = added.task();
        assertThat(task.id()).matches("t-\\d+");
        assertThat(task.project()).isEqualTo(McpRig.PROJECT);
        assertThat(task.status()).isEqualTo(TaskStatus.PENDING);
        assertThat(task.origin()).isEqualTo("agent:claude-code");
        assertThat(task.ownerAgent()).isEqualTo("claude-code");
        assertThat(task.ownerSession()).isEqualTo("s-9");
        assertThat(added.notes()).isEmpty();

        TaskView child = add("Write the CSV header", "parent", task.id(), "status", "in_progress");
        assertThat(child.parentId()).isEqualTo(task.id());
        assertThat(child.status()).isEqualTo(TaskStatus.IN_PROGRESS);
        assertThat(((TaskDetail) call(ToolCatalog.TASK_SHOW, "id", task.id().substring(2))).task()).isEqualTo(task);
        assertThat(((TaskList) call(ToolCatalog.TASK_LIST, "project", "code/other")).tasks()).isEmpty();
    }

    @Test
    void listShowsOpenWorkFirstAndClosedTasksOnlyWhenAsked() {
        TaskView pending = add("Pending work");
        TaskView started = add("Started work");
        TaskView done = add("Finished work");
        call(ToolCatalog.TASK_UPDATE, "id", started.id(), "status", "in_progress");
        call(ToolCatalog.TASK_UPDATE, "id", done.id(), "status", "completed", "note", "shipped in 1.2");

        TaskList open = (TaskList) call(ToolCatalog.TASK_LIST);
        assertThat(open.project()).isEqualTo(McpRig.PROJECT);
        assertThat(titles(open)).containsExactly("Started work", "Pending work");
        assertThat(titles((TaskList) call(ToolCatalog.TASK_LIST, "all", true))).containsExactlyInAnyOrder("Started work",
                "Pending work", "Finished work");
        assertThat(titles((TaskList) call(ToolCatalog.TASK_LIST, "status", List.of("completed")))).containsExactly(
                "Finished work");
        assertThat(titles((TaskList) call(ToolCatalog.TASK_LIST, "status", "pending"))).containsExactly(pending.title());
        assertThat(titles((TaskList) call(ToolCatalog.TASK_LIST, "limit", 1))).containsExactly("Started work");
        assertThatThrownBy(() -> call(ToolCatalog.TASK_LIST, "status", "done")).hasMessageContaining("unknown task status");
        assertThatThrownBy(() -> call(ToolCatalog.TASK_LIST, "status", "pending", "all", true))
                .hasMessageContaining("'all' cannot go with status");
    }

    @Test
    void updateChangesTextThenStatusKeepingTheNoteAsTheReason() {
        TaskView task = add("Fix the flaky test");
        TaskDetail blocked = (TaskDetail) call(ToolCatalog.TASK_UPDATE, "id", task.id(), "title", "Fix the flaky export test",
                "status", "blocked", "note", "waiting for the CI image");
        assertThat(blocked.task().title()).isEqualTo("Fix the flaky export test");
        assertThat(blocked.task().status()).isEqualTo(TaskStatus.BLOCKED);
        assertThat(blocked.notes()).extracting(TaskNote::kind, TaskNote::text)
                .containsExactly(tuple("blocked", "waiting for the CI image"));

        TaskDetail noted = (TaskDetail) call(ToolCatalog.TASK_UPDATE, "id", task.id(), "note", "image is building");
        assertThat(noted.task().status()).isEqualTo(TaskStatus.BLOCKED);
        assertThat(noted.notes()).extracting(TaskNote::kind).containsExactly("blocked", "note");

        TaskDetail started = (TaskDetail) call(ToolCatalog.TASK_UPDATE, "id", task.id(), "status", "in-progress");
        assertThat(started.task().status()).isEqualTo(TaskStatus.IN_PROGRESS);
        assertThat(started.task().startedAt()).isNotNull();
        assertThatThrownBy(() -> call(ToolCatalog.TASK_UPDATE, "id", task.id())).isInstanceOf(EagleException.class)
                .hasMessageContaining("nothing to update for " + task.id());
    }

    @Test
    void anUnknownOrMalformedIdIsAnErrorThatNamesTaskList() {
        for (String tool : List.of(ToolCatalog.TASK_SHOW, ToolCatalog.TASK_UPDATE)) {
            assertThatThrownBy(() -> call(tool, "id", "t-404", "note", "x")).as(tool).isInstanceOfSatisfying(
                    EagleException.class, e -> {
                        assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
                        assertThat(e.getMessage()).contains("t-404");
                        assertThat(e.fix()).contains(ToolCatalog.TASK_LIST);
                    });
            assertThatThrownBy(() -> call(tool, "id", "mem-3", "note", "x")).as(tool).isInstanceOfSatisfying(
                    EagleException.class, e -> {
                        assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                        assertThat(e.fix()).contains(ToolCatalog.TASK_LIST);
                    });
        }
        TaskView task = add("Exists");
        TaskView elsewhere = ((TaskDetail) call(ToolCatalog.TASK_ADD, "title", "Elsewhere", "project", "code/other")).task();
        assertThatThrownBy(() -> call(ToolCatalog.TASK_SHOW, "id", elsewhere.id())).as("another project's task")
                .hasMessageContaining("no task " + elsewhere.id());
        assertThatThrownBy(() -> call(ToolCatalog.TASK_ADD, "title", "child", "parent", "t-999"))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.fix()).contains(ToolCatalog.TASK_LIST));
        assertThat(((TaskDetail) call(ToolCatalog.TASK_SHOW, "id", task.id())).task().title()).isEqualTo("Exists");
    }

    @Test
    void searchFindsTasksByTheirNotesAndRedactsWhatIsStored() {
        TaskView task = add("Rotate credentials", "details", "the key is sk-ant-api03-" + "a".repeat(40));
        call(ToolCatalog.TASK_UPDATE, "id", task.id(), "note", "ask the platform team about vault");
        assertThat(titles((TaskList) call(ToolCatalog.TASK_SEARCH, "query", "platform vault"))).containsExactly(
                "Rotate credentials");
        assertThat(titles((TaskList) call(ToolCatalog.TASK_SEARCH, "query", "nowhere"))).isEmpty();
        assertThat(((TaskDetail) call(ToolCatalog.TASK_SHOW, "id", task.id())).task().details()).doesNotContain("aaaa");
        assertThatThrownBy(() -> call(ToolCatalog.TASK_SEARCH)).hasMessageContaining("'query' is required");
    }

    @Test
    void staleListsInProgressTasksWhoseSessionEnded() {
        rig.t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, McpRig.PROJECT, null, Instant.parse("2026-11-25T09:00:00Z"));
            new SessionStore().upsert(tx, "s-1", McpRig.PROJECT, "claude-code", null, null, "startup",
                    Instant.parse("2026-11-25T09:00:00Z"));
            return null;
        });
        TaskView owned = add("Owned by s-1", "session_id", "s-1", "status", "in_progress");
        add("Not started", "session_id", "s-1");
        assertThat(((TaskList) call(ToolCatalog.TASK_STALE)).tasks()).isEmpty();
        rig.t.db.write((Tx tx) -> {
            new SessionStore().end(tx, "s-1", Instant.parse("2026-11-25T09:30:00Z"));
            return null;
        });
        assertThat(((TaskList) call(ToolCatalog.TASK_STALE)).tasks()).extracting(TaskView::id, TaskView::stale)
                .containsExactly(tuple(owned.id(), true));
    }

    @Test
    void readsAreReadOnlyAddIsNotIdempotentAndUpdateIsDestructive() {
        Map<String, Tool> tools = new LinkedHashMap<>();
        ToolCatalog.tools().forEach(t -> tools.put(t.name(), t));
        for (String reader : List.of(ToolCatalog.TASK_LIST, ToolCatalog.TASK_SHOW, ToolCatalog.TASK_SEARCH,
                ToolCatalog.TASK_STALE)) {
            assertThat(tools.get(reader).annotations().readOnlyHint()).as(reader).isTrue();
            assertThat(tools.get(reader).annotations().idempotentHint()).as(reader).isTrue();
        }
        Tool add = tools.get(ToolCatalog.TASK_ADD);
        assertThat(add.annotations().readOnlyHint()).isFalse();
        assertThat(add.annotations().destructiveHint()).isFalse();
        assertThat(add.annotations().idempotentHint()).as("each call adds a task").isFalse();
        Tool update = tools.get(ToolCatalog.TASK_UPDATE);
        assertThat(update.annotations().destructiveHint()).as("a new title replaces the old for good").isTrue();
        assertThat(update.annotations().idempotentHint()).as("a note is added each time").isFalse();
        assertThat(update.inputSchema()).containsEntry("required", List.of("id"));
    }

    @Test
    void aTaskAnswersWithTheFieldNamesOfTasksJson() {
        TaskView task = add("Name the fields");
        String json = JsonOutput.write(call(ToolCatalog.TASK_SHOW, "id", task.id()));
        assertThat(json).startsWith("{\"task\":{\"id\":\"" + task.id() + "\",\"project\":\"code/app\",\"title\":\"Name the"
                + " fields\",\"details\":\"\",\"status\":\"pending\",\"stale\":false,\"owner_agent\":\"claude-code\","
                + "\"owner_session\":null,\"origin\":\"agent:claude-code\",\"origin_ref\":null,\"parent_id\":null,"
                + "\"created_at\":\"2026-11-25T10:00:00").endsWith(",\"started_at\":null,\"ended_at\":null},\"notes\":[]}");
        assertThat(JsonOutput.write(call(ToolCatalog.TASK_LIST))).startsWith("{\"project\":\"code/app\",\"tasks\":[{\"id\":\""
                + task.id() + "\"");
    }
}
