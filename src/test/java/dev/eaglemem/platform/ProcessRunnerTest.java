package dev.eaglemem.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessRunnerTest {

    @TempDir
    Path dir;

    private static ProcessRequest sh(String script) {
        return ProcessRequest.of(List.of("sh", "-c", script));
    }

    @Test
    void theExitCodeIsTheChildsAndOkMeansZero() {
        ProcessResult failed = ProcessRunner.run(sh("exit 3"));
        assertThat(failed.outcome()).isEqualTo(ProcessResult.Outcome.EXITED);
        assertThat(failed.exit()).isEqualTo(3);
        assertThat(failed.ok()).isFalse();
        assertThat(ProcessRunner.run(sh("true")).ok()).isTrue();
    }

    @Test
    void stdoutAndStderrArriveApart() {
        ProcessResult r = ProcessRunner.run(sh("echo out; echo err >&2; echo more"));
        assertThat(r.out()).isEqualTo("out\nmore\n");
        assertThat(r.err()).isEqualTo("err\n");
        assertThat(r.lines()).containsExactly("out", "more");
    }

    @Test
    void bothPipesAreDrainedWhileTheChildRuns() {
        // a megabyte on each pipe: far more than a pipe buffer, so reading one after the other would hang
        ProcessResult r = ProcessRunner
                .run(sh("head -c 1000000 /dev/zero | tr '\\0' a; head -c 1000000 /dev/zero | tr '\\0' b >&2")
                        .withTimeout(Duration.ofSeconds(30)));
        assertThat(r.ok()).isTrue();
        assertThat(r.out()).hasSize(1_000_000);
        assertThat(r.err()).hasSize(1_000_000);
    }

    @Test
    void stdinIsTheGivenTextElseEmpty() {
        String big = "line\n".repeat(200_000);
        ProcessResult fed = ProcessRunner
                .run(ProcessRequest.of(List.of("cat")).withStdin(big).withTimeout(Duration.ofSeconds(30)));
        assertThat(fed.ok()).isTrue();
        assertThat(fed.out()).isEqualTo(big);

        ProcessResult none = ProcessRunner.run(ProcessRequest.of(List.of("cat")).withTimeout(Duration.ofSeconds(30)));
        assertThat(none.ok()).as("stdin is /dev/null, so cat ends at once").isTrue();
        assertThat(none.out()).isEmpty();
    }

    @Test
    void itRunsInTheGivenDirectory() throws Exception {
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(List.of("pwd", "-P")).withDir(dir));
        assertThat(r.out().strip()).isEqualTo(dir.toRealPath().toString());
    }

    @Test
    void aChildPastItsTimeLimitIsKilledWithWhatItStarted() throws Exception {
        Path pidFile = dir.resolve("pid");
        long start = System.nanoTime();
        ProcessResult r = ProcessRunner
                .run(sh("sleep 60 & echo $! > '" + pidFile + "'; wait").withTimeout(Duration.ofMillis(500)));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        assertThat(r.outcome()).isEqualTo(ProcessResult.Outcome.TIMED_OUT);
        assertThat(r.timedOut()).isTrue();
        assertThat(r.exit()).isEqualTo(ProcessResult.EXIT_TIMED_OUT).isEqualTo(124);
        assertThat(r.ok()).isFalse();

        long sleeper = Long.parseLong(Files.readString(pidFile).strip());
        Optional<ProcessHandle> handle = ProcessHandle.of(sleeper);
        if (handle.isPresent()) {
            handle.get().onExit().get(10, TimeUnit.SECONDS);
        }
        assertThat(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive)).as("the grandchild sleep")
                .isNotEqualTo(Optional.of(true));
    }

    @Test
    void aMissingCommandIsExitCode127NotAnException() {
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(List.of("eagle-mem-test-no-such-command")));
        assertThat(r.outcome()).isEqualTo(ProcessResult.Outcome.NOT_STARTED);
        assertThat(r.exit()).isEqualTo(ProcessResult.EXIT_NOT_STARTED).isEqualTo(127);
        assertThat(r.err()).contains("eagle-mem-test-no-such-command");
    }

    @Test
    void aMissingWorkingDirectoryIsNotStartedEither() {
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(List.of("true")).withDir(dir.resolve("gone")));
        assertThat(r.outcome()).isEqualTo(ProcessResult.Outcome.NOT_STARTED);
    }

    @Test
    void extraVariablesAreSetButGitsRepositoryVariablesNeverReachTheChild() {
        ProcessResult r = ProcessRunner
                .run(sh("echo \"$EAGLE_MEM_TEST_VAR ${GIT_DIR-unset} ${GIT_WORK_TREE-unset} ${GIT_INDEX_FILE-unset}"
                        + " ${GIT_COMMON_DIR-unset} ${GIT_OBJECT_DIRECTORY-unset}\"")
                        .withEnv("EAGLE_MEM_TEST_VAR", "set")
                        .withEnv("GIT_DIR", "/elsewhere/.git")
                        .withEnv("GIT_WORK_TREE", "/elsewhere")
                        .withEnv("GIT_INDEX_FILE", "/elsewhere/.git/index")
                        .withEnv("GIT_COMMON_DIR", "/elsewhere/.git")
                        .withEnv("GIT_OBJECT_DIRECTORY", "/elsewhere/.git/objects"));
        assertThat(r.out().strip()).isEqualTo("set unset unset unset unset unset");
    }

    @Test
    void theEnvironmentScrubRemovesInheritedRepositoryVariables() {
        // what a pre-push hook's environment looks like; the JVM's own cannot be changed in a test
        Map<String, String> inherited = new HashMap<>(
                Map.of("PATH", "/usr/bin", "GIT_DIR", ".git", "GIT_INDEX_FILE", ".git/index",
                        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "/x", "GIT_AUTHOR_NAME", "kept"));
        ProcessRunner.childEnvironment(inherited, Map.of("EAGLE_MEM_DISABLE_HOOKS", "1"));
        assertThat(inherited).containsOnlyKeys("PATH", "GIT_AUTHOR_NAME", "EAGLE_MEM_DISABLE_HOOKS");
    }

    @Test
    void streamedOutputIsMergedAndDeliveredLineByLine() {
        List<String> lines = new ArrayList<>();
        ProcessResult r = ProcessRunner.run(sh("echo one; echo two >&2; printf three").withLines(lines::add));
        assertThat(r.ok()).isTrue();
        assertThat(lines).containsExactly("one", "two", "three");
        assertThat(r.out()).as("streamed, not kept").isEmpty();
        assertThat(r.err()).isEmpty();
    }

    @Test
    void discardedOutputStillLetsAChattyChildFinish() {
        ProcessResult r = ProcessRunner
                .run(sh("head -c 2000000 /dev/zero; exit 4").discardingOutput().withTimeout(Duration.ofSeconds(30)));
        assertThat(r.exited()).isTrue();
        assertThat(r.exit()).isEqualTo(4);
        assertThat(r.out()).isEmpty();
    }
}
