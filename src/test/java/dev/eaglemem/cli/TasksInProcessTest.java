package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;

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
 * {@code eagle-mem tasks} through the real command line, in process: add, the status changes (a repeated one answers
 * "already", exit 0), list and its filters, show with notes, search, and an unknown id through the one error handler.
 */
@QuarkusMainTest
@TestProfile(IsolatedEnv.Profile.class)
class TasksInProcessTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String P = "code/shop";

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

    @Test
    void aTaskIsAddedStartedBlockedAndCompletedAndListedOpenWorkFirst(QuarkusMainLauncher launcher) {
        JsonNode first = json(ok(launcher.launch("tasks", "add", "Write", "the", "migration", "-d", "V19", "-p", P,
                "--json"))).get("task");
        assertThat(first.get("id").asText()).isEqualTo("t-1");
        assertThat(first.get("title").asText()).isEqualTo("Write the migration");
        assertThat(first.get("status").asText()).isEqualTo("pending");
        assertThat(first.get("origin").asText()).isEqualTo("person");
        assertThat(first.get("stale").asBoolean()).isFalse();
        assertThat(ok(launcher.launch("tasks", "add", "Update docs", "--parent", "t-1", "-p", P)).getOutput())
                .startsWith("Added t-2 Update docs");

        JsonNode started = json(ok(launcher.launch("tasks", "start", "t-2", "-p", P, "--json")));
        assertThat(started.get("changed").asBoolean()).isTrue();
        assertThat(started.get("before").asText()).isEqualTo("pending");
        assertThat(started.get("task").get("status").asText()).isEqualTo("in_progress");
        assertThat(started.get("task").get("started_at").asText()).endsWith("Z");
        assertThat(started.get("task").get("parent_id").asText()).isEqualTo("t-1");

        assertThat(ok(launcher.launch("tasks", "block", "1", "--reason", "waiting for review", "-p", P)).getOutput())
                .isEqualTo("Blocked t-1 Write the migration");
        JsonNode open = json(ok(launcher.launch("tasks", "-p", P, "--json")));
        assertThat(open.get("project").asText()).isEqualTo(P);
        assertThat(open.get("tasks")).extracting(t -> t.get("id").asText()).containsExactly("t-2", "t-1");

        assertThat(ok(launcher.launch("tasks", "complete", "t-2", "-p", P)).getOutput())
                .isEqualTo("Completed t-2 Update docs");
        JsonNode again = json(ok(launcher.launch("tasks", "complete", "t-2", "-p", P, "--json")));
        assertThat(again.get("changed").asBoolean()).isFalse();
        assertThat(again.get("task").get("ended_at").asText()).endsWith("Z");
        assertThat(ok(launcher.launch("tasks", "done", "t-2", "-p", P)).getOutput())
                .isEqualTo("Already completed: t-2 Update docs");

        assertThat(json(ok(launcher.launch("tasks", "list", "-p", P, "--json"))).get("tasks"))
                .extracting(t -> t.get("id").asText()).containsExactly("t-1");
        assertThat(json(ok(launcher.launch("tasks", "list", "--all", "-p", P, "--json"))).get("tasks"))
                .extracting(t -> t.get("id").asText()).containsExactly("t-1", "t-2");
        assertThat(json(ok(launcher.launch("tasks", "list", "--status", "in-progress,completed", "-p", P, "--json")))
                .get("tasks")).extracting(t -> t.get("id").asText()).containsExactly("t-2");
        assertThat(ok(launcher.launch("tasks", "list", "-p", P)).getOutput())
                .startsWith("t-1     blocked     Write the migration  (");
        assertThat(json(ok(launcher.launch("tasks", "search", "REVIEW", "-p", P, "--json"))).get("tasks"))
                .extracting(t -> t.get("id").asText()).as("a note is searched too").containsExactly("t-1");
        assertThat(ok(launcher.launch("tasks", "stale", "-p", P)).getOutput()).isEqualTo("No stale tasks.");
    }

    @Test
    void showPrintsTheTaskAndItsNotesAndUpdateChangesOnlyWhatIsGiven(QuarkusMainLauncher launcher) {
        ok(launcher.launch("tasks", "add", "Write the migration", "-d", "tables", "-p", P));
        ok(launcher.launch("tasks", "update", "t-1", "--title", "Write V19", "--note", "indexes next", "-p", P));
        JsonNode shown = json(ok(launcher.launch("tasks", "show", "t-1", "-p", P, "--json")));
        assertThat(shown.get("task").get("title").asText()).isEqualTo("Write V19");
        assertThat(shown.get("task").get("details").asText()).isEqualTo("tables");
        assertThat(shown.get("notes")).extracting(n -> n.get("text").asText()).containsExactly("indexes next");

        String human = ok(launcher.launch("tasks", "show", "1", "-p", P)).getOutput();
        assertThat(human).startsWith("t-1  pending  Write V19\n").contains("  project:   code/shop\n")
                .contains("  origin:    person\n").contains("\ntables\n").contains("Notes:\n").endsWith("  indexes next");
    }

    @Test
    void anUnknownIdExitsThreeWithTheListAsTheFixAndABadOneTwo(QuarkusMainLauncher launcher) {
        LaunchResult missing = launcher.launch("tasks", "complete", "t-99", "-p", P);
        assertThat(missing.exitCode()).isEqualTo(3);
        assertThat(missing.getErrorStream().get(0)).isEqualTo("eagle-mem: no task t-99 in code/shop");
        assertThat(missing.getErrorStream().get(1)).isEqualTo("  fix: eagle-mem tasks list");
        assertThat(launcher.launch("tasks", "show", "99", "-p", P).exitCode()).isEqualTo(3);

        LaunchResult bad = launcher.launch("tasks", "show", "x-1", "-p", P);
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.getErrorStream().get(1)).isEqualTo("  fix: eagle-mem tasks list");
        assertThat(launcher.launch("tasks", "list", "--status", "done", "-p", P).exitCode()).isEqualTo(2);
        assertThat(launcher.launch("tasks", "update", "t-1", "-p", P).exitCode()).isEqualTo(2);
    }
}
