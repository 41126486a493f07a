package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Lane workers as jobs of a real {@code eagle-mem serve}: three lanes spawned while serve is up are queued, two workers
 * run (orchestrate.max_workers = 2) and the third waits in {@code jobs list} with its lane; serve is killed -9 while
 * both run and restarted; the workers outlive it; one then exits 0 (completed), one is killed -9 (no exit code:
 * blocked with its log path), and the restarted serve starts the waiting lane in the freed slot. Fake worker programs
 * (named codex and claude on serve's PATH) wait for a release file, so the test decides when each ends.
 */
class LaneJobsIT {

    private static final String FAKE = """
            #!/usr/bin/env bash
            cat > /dev/null
            echo "fake worker of lane $EAGLE_ORCHESTRATION_LANE in $(pwd), pid $$"
            while [ ! -e "$LANE_RELEASE_DIR/$EAGLE_ORCHESTRATION_LANE" ]; do sleep 0.2; done
            echo "work of $EAGLE_ORCHESTRATION_LANE" > out.txt
            exit "$(cat "$LANE_RELEASE_DIR/$EAGLE_ORCHESTRATION_LANE")"
            """;

    private final Cli cli = new Cli();
    private final ServeDataDir dir;
    private final Path release;
    private final List<Long> workers = new ArrayList<>();

    LaneJobsIT() throws IOException {
        dir = new ServeDataDir(cli, "emlanes");
        Path bin = Files.createDirectories(cli.workspace.resolve("bin"));
        for (String program : List.of("codex", "claude")) {
            Path file = bin.resolve(program);
            Files.writeString(file, FAKE);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        release = Files.createDirectories(cli.workspace.resolve("release"));
        cli.env.put("PATH", bin + ":" + System.getenv("PATH"));
        cli.env.put("LANE_RELEASE_DIR", release.toString());
        Map<String, String> identity = new HashMap<>(Map.of("GIT_AUTHOR_NAME", "Dev", "GIT_AUTHOR_EMAIL", "dev@example.com",
                "GIT_COMMITTER_NAME", "Dev", "GIT_COMMITTER_EMAIL", "dev@example.com"));
        cli.env.putAll(identity);
    }

    @AfterEach
    void clean() throws IOException {
        workers.forEach(pid -> ProcessHandle.of(pid).ifPresent(LaneJobsIT::kill9));
        dir.close();
    }

    @Test
    void killNineOfServeWhileTwoWorkersRunLosesNeitherAndAWorkerKilledWithoutAnExitCodeIsBlocked() throws Exception {
        cli.git("-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-q", "--allow-empty", "-m", "init");
        cli.run("orchestrate", "init", "Three lanes").ok();
        for (String key : List.of("a", "b", "c")) {
            cli.run("orchestrate", "lane", "add", key, "--agent", key.equals("b") ? "claude-code" : "codex", "--scope",
                    "Write out.txt", "--validate", "test -s out.txt").ok();
        }
        Process serve = startServe("serve-1");

        String queued = cli.run("orchestrate", "spawn", "a").ok().out();
        assertThat(queued).contains("Queued the codex worker of lane a as job ")
                .contains("; serve runs at most 2 workers at once (orchestrate.max_workers)");
        JsonNode b = cli.run("orchestrate", "spawn", "b", "--json").ok().json();
        assertThat(b.path("key").asText()).isEqualTo("b");
        assertThat(b.path("mode").asText()).isEqualTo("queued");
        assertThat(b.path("job").path("max_workers").asInt()).isEqualTo(2);
        awaitFile(run("a").resolve("pid"));
        awaitFile(run("b").resolve("pid"));
        cli.run("orchestrate", "spawn", "c").ok();
        await(() -> cli.run("jobs", "list").out().contains("lane c: waits for a free worker slot: 2 lane worker(s)"),
                "lane c waits in jobs list");
        long pidA = pid("a");
        long pidB = pid("b");
        workers.addAll(List.of(pidA, pidB));

        serve.destroyForcibly(); // kill -9 while both workers run and lane c waits
        assertThat(serve.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(ProcessHandle.of(pidA).map(ProcessHandle::isAlive)).as("worker a outlives serve").contains(true);
        assertThat(ProcessHandle.of(pidB).map(ProcessHandle::isAlive)).as("worker b outlives serve").contains(true);
        assertThat(cli.run("jobs", "list").ok().out()).contains("lane c: waits for a free worker slot");

        startServe("serve-2");
        assertThat(run("c").resolve("pid")).as("c still waits: a and b hold the slots").doesNotExist();
        Files.writeString(release.resolve("a"), "0");
        awaitFile(run("a").resolve("exit_code"));
        ProcessHandle.of(pidB).ifPresent(LaneJobsIT::kill9); // no exit code is ever written
        awaitFile(run("c").resolve("pid"));
        workers.add(pid("c"));
        Files.writeString(release.resolve("c"), "0");
        awaitFile(run("c").resolve("exit_code"));

        JsonNode synced = cli.run("orchestrate", "sync", "--json").ok().json();
        Map<String, JsonNode> byKey = new HashMap<>();
        for (JsonNode r : synced.path("lanes")) {
            byKey.put(r.path("key").asText(), r);
        }
        assertThat(byKey).as("sync: %s", synced).containsOnlyKeys("a", "b", "c");
        assertThat(byKey.get("a").path("after").asText()).isEqualToIgnoringCase("completed");
        assertThat(byKey.get("c").path("after").asText()).isEqualToIgnoringCase("completed");
        assertThat(byKey.get("b").path("after").asText()).isEqualToIgnoringCase("blocked");
        assertThat(byKey.get("b").path("message").asText()).isEqualTo(
                "Worker is not running and left no exit code; log: " + run("b").resolve("worker.log"));
        assertThat(run("b").resolve("worker.log")).content().contains("fake worker of lane b");
        assertThat(cli.run("jobs", "list", "--status", "all").ok().out())
                .contains("lane a: started the codex worker of lane a (pid " + pidA + ")")
                .contains("lane b: started the claude-code worker of lane b (pid " + pidB + ")")
                .contains("lane c: started the codex worker of lane c (pid ");
        assertThat(run("a").resolveSibling("attempt-2")).as("no worker started twice").doesNotExist();
        assertThat(run("b").resolveSibling("attempt-2")).doesNotExist();
    }

    private Process startServe(String name) {
        Process serve = cli.start(name, "serve", "--port", "0");
        await(() -> listening() || !serve.isAlive(), "serve listens");
        assertThat(serve.isAlive()).as("serve runs; log: %s", dir.log()).isTrue();
        return serve;
    }

    private boolean listening() {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(dir.path().resolve("serve.sock")));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private Path run(String key) {
        return dir.path().resolve("orchestrations/o1/" + key + "/attempt-1");
    }

    private long pid(String key) throws IOException {
        return Long.parseLong(Files.readString(run(key).resolve("pid")).strip());
    }

    private void awaitFile(Path file) {
        await(() -> Files.exists(file), file.toString());
    }

    private void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("timed out waiting for " + what + "; log: " + dir.log());
    }

    /** kill -9 of a wrapper and everything it started. */
    private static void kill9(ProcessHandle wrapper) {
        List<ProcessHandle> children = wrapper.descendants().toList();
        wrapper.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        wrapper.onExit().join();
    }
}
