package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessRunner;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.junit.main.LaunchResult;
import io.quarkus.test.junit.main.QuarkusMainLauncher;
import io.quarkus.test.junit.main.QuarkusMainTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eagle-mem orchestrate} through the real command line, in process, in a real repository: init, lanes added
 * and moved, status and handoff, a dry-run spawn, and bad input through the one error handler (an invalid key says why,
 * an unknown key exits 3 naming the status command). Workers are run by the service tests and the end-to-end test.
 */
@QuarkusMainTest
@TestProfile(IsolatedEnv.Profile.class)
class OrchestrateInProcessTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path repo;

    @BeforeEach
    void isolate() throws IOException {
        System.setProperty(IsolatedEnv.DIR_PROPERTY, dir.toString());
        repo = IsolatedEnv.of(dir).cwd();
        git("init", "-q", "-b", "main");
        Files.writeString(repo.resolve("README.md"), "shop\n");
        git("add", "README.md");
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "first");
    }

    @AfterEach
    void restore() {
        System.clearProperty(IsolatedEnv.DIR_PROPERTY);
    }

    @Test
    void anOrchestrationIsStartedLanesAreAddedMovedAndHandedOff(QuarkusMainLauncher launcher) {
        assertThat(ok(launcher.launch("orchestrate")).getOutput())
                .isEqualTo("No orchestration in code/shop. Start one: eagle-mem orchestrate init \"GOAL\"");
        JsonNode init = json(ok(launcher.launch("orchestrate", "init", "Split", "the", "payment", "work", "--json")));
        assertThat(init.at("/orchestration/goal").asText()).isEqualTo("Split the payment work");
        assertThat(init.at("/orchestration/coordinator_branch").asText()).isEqualTo("main");

        LaunchResult bad = launcher.launch("orchestrate", "lane", "add", "a..b");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.getErrorOutput()).contains("'a..b' is not a valid lane key: git refuses '..' in a branch name");

        assertThat(ok(launcher.launch("orchestrate", "lane", "add", "api", "--scope", "Add /pay", "--validate",
                "make test")).getOutput()).startsWith("Added lane api (codex, task t-1). Spawn its worker:"
                        + " eagle-mem orchestrate spawn api");
        JsonNode docs = json(ok(launcher.launch("orchestrate", "lane", "add", "docs", "--agent", "claude", "--json")));
        assertThat(docs.at("/lane/agent").asText()).isEqualTo("claude-code");
        assertThat(docs.at("/lane/status").asText()).isEqualTo("pending");
        assertThat(docs.at("/lane/next").asText()).isEqualTo("eagle-mem orchestrate spawn docs");

        assertThat(ok(launcher.launch("orchestrate", "lane", "block", "docs", "--notes", "waiting for api")).getOutput())
                .isEqualTo("Lane docs is blocked.");
        LaunchResult unknown = launcher.launch("orchestrate", "lane", "start", "nope");
        assertThat(unknown.exitCode()).isEqualTo(3);
        assertThat(unknown.getErrorOutput()).contains("no lane 'nope'", "eagle-mem orchestrate status");

        JsonNode dry = json(ok(launcher.launch("orchestrate", "spawn", "api", "--dry-run", "--json")));
        assertThat(dry.get("mode").asText()).isEqualTo("dry_run");
        assertThat(dry.get("workdir").asText()).endsWith("/.eagle-mem-worktrees/shop/o1-api");
        assertThat(dry.get("command").asText()).startsWith("codex exec --cd ");
        assertThat(Path.of(dry.get("workdir").asText())).doesNotExist();

        JsonNode status = json(ok(launcher.launch("orchestrate", "status", "--json")));
        assertThat(status.at("/orchestration/lanes")).extracting(l -> l.get("key").asText() + ":" + l.get("status")
                .asText()).containsExactly("docs:blocked", "api:pending");
        assertThat(ok(launcher.launch("orchestrate", "handoff")).getOutput()).startsWith("# eagle-mem orchestration")
                .contains("### api — api", "- Validation: `make test`");
        assertThat(ok(launcher.launch("orchestrate", "handoff", "--write", "HANDOFF.md")).getOutput())
                .isEqualTo("Handoff written: " + repo.resolve("HANDOFF.md"));
        assertThat(repo.resolve("HANDOFF.md")).content().contains("### docs — docs");

        LaunchResult busy = launcher.launch("orchestrate", "complete");
        assertThat(busy.exitCode()).isEqualTo(4);
        assertThat(busy.getErrorOutput()).contains("2 lane(s) are still active: docs, api");
        assertThat(ok(launcher.launch("orchestrate", "cancel")).getOutput())
                .isEqualTo("Cancelled orchestration o1: Split the payment work");
        assertThat(json(ok(launcher.launch("tasks", "list", "--all", "--json"))).get("tasks"))
                .extracting(t -> t.get("origin").asText() + ":" + t.get("status").asText())
                .containsOnly("lane:cancelled");
    }

    private void git(String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", repo.toString()));
        argv.addAll(List.of(args));
        assertThat(ProcessRunner.run(ProcessRequest.of(argv).withTimeout(Duration.ofSeconds(30))).exit()).isZero();
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
}
