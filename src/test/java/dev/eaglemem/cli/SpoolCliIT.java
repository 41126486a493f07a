package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * No event lost, through the packaged launcher: a burst of hooks through the shim into a real serve while the
 * sqlite3 CLI holds the database's write lock for 10 s; and hooks under a file-size limit (a full disk).
 */
class SpoolCliIT {

    private static final int CLIENTS = 5;
    private static final int EVENTS_PER_CLIENT = 8;

    private final Cli cli = new Cli();
    private final ServeDataDir dir;
    private final Path data;

    SpoolCliIT() throws IOException {
        dir = new ServeDataDir(cli, "emspool");
        data = dir.path();
    }

    @AfterEach
    void stopServe() throws IOException {
        dir.close();
    }

    private Path db() {
        return dir.db();
    }

    private String log() {
        return dir.log();
    }

    private void awaitServe() {
        for (int i = 0; i < 240; i++) {
            if (cli.run("serve", "--status", "--json").exit() == 0) {
                return;
            }
            SpoolRig.sleep(250);
        }
        throw new AssertionError("serve did not come up; eagle-mem.log: " + log());
    }

    private long pending() {
        return cli.run("spool", "status", "--json").ok().json().path("pending").asLong();
    }

    @Test
    void aBurstWhileSqlite3HoldsTheLockFor10SecondsArrivesCompleteAndOnceAfterwards() throws Exception {
        cli.start("serve", "serve", "--port", "0");
        awaitServe();
        cli.shim(SpoolRig.payload(cli, "s-lock", "SessionStart", ",\"source\":\"startup\""), "SessionStart", "--agent",
                "claude-code").ok();

        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        List<String> sentTools = new ArrayList<>();
        List<String> sentPrompts = new ArrayList<>();
        long lockedAt;
        long burstMs;
        JsonNode doctorDuringLock;
        try (SpoolRig.Sqlite3Lock lock = SpoolRig.Sqlite3Lock.hold(db())) {
            lockedAt = System.nanoTime();
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                for (int i = 0; i < EVENTS_PER_CLIENT; i++) {
                    String n = client + "-" + i;
                    boolean tool = i % 2 == 0;
                    (tool ? sentTools : sentPrompts).add((tool ? "tool-" : "prompt-") + n);
                }
                done.add(CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < EVENTS_PER_CLIENT; i++) {
                        String n = client + "-" + i;
                        String event = i % 2 == 0 ? "PostToolUse" : "UserPromptSubmit";
                        String body = i % 2 == 0 ? SpoolRig.toolCall(cli, "s-lock", n) : SpoolRig.prompt(cli, "s-lock", n);
                        long start = System.nanoTime();
                        Cli.Result r = cli.shim(body, event, "--agent", "claude-code");
                        latencies.add((System.nanoTime() - start) / 1_000_000);
                        r.ok();
                        assertThat(r.out()).as("fail-open while the database is locked").isEmpty();
                    }
                }, clients));
            }
            done.forEach(CompletableFuture::join);
            clients.shutdown();
            burstMs = (System.nanoTime() - lockedAt) / 1_000_000;
            assertThat(SpoolRig.writeLocked(db())).as("the whole burst ran under the lock").isTrue();
            doctorDuringLock = cli.run("doctor", "--json").json();
            // the lock is held 10 s in all, however quickly the burst went
            SpoolRig.sleep(Math.max(0, 10_000 - (System.nanoTime() - lockedAt) / 1_000_000));
        }
        long heldMs = (System.nanoTime() - lockedAt) / 1_000_000;

        JsonNode spoolCheck = null;
        for (JsonNode check : doctorDuringLock.path("checks")) {
            if (check.path("name").asText().equals("spool")) {
                spoolCheck = check;
            }
        }
        assertThat(spoolCheck).as("doctor has a spool check").isNotNull();
        assertThat(spoolCheck.path("status").asText()).isEqualTo("warn");
        assertThat(spoolCheck.path("detail").asText()).contains("wait for the database");
        assertThat(spoolCheck.path("fix").asText()).isEqualTo("eagle-mem spool replay");

        long waited = 0;
        while (pending() > 0 && waited < 60_000) {
            SpoolRig.sleep(500);
            waited += 500;
        }
        assertThat(pending()).as("serve replayed the spool; log: %s", log()).isZero();

        Map<String, Integer> tools = SpoolRig.counts(db(), "SELECT tool_use_id FROM observations WHERE session_id = 's-lock'");
        Map<String, Integer> prompts = SpoolRig.counts(db(),
                "SELECT substr(prompt, 11, length(prompt) - 14) FROM user_prompts WHERE session_id = 's-lock'");
        assertThat(tools.keySet()).as("every tool call arrived; log: %s", log()).containsExactlyInAnyOrderElementsOf(sentTools);
        assertThat(prompts.keySet()).as("every prompt arrived").containsExactlyInAnyOrderElementsOf(sentPrompts);
        assertThat(tools.values()).as("no tool call twice").containsOnly(1);
        assertThat(prompts.values()).as("no prompt twice").containsOnly(1);
        assertThat(SpoolRig.integrity(db())).isEqualTo("ok");
        long spooled = log().lines().filter(l -> l.contains("spooled to")).count();
        long replayed = SpoolRig.rows(db(), "SELECT count(*) FROM applied_events WHERE via = 'spool'").stream()
                .mapToLong(Long::parseLong).sum();
        assertThat(spooled).as("the burst went to the spool").isGreaterThan(0);
        assertThat(replayed).as("and came back from it").isEqualTo(spooled);
        assertThat(log()).contains("spool: replayed");
        System.out.printf("SpoolCliIT lock: %d events sent by %d clients in %d ms under a lock held %d ms; %d spooled,"
                + " %d replayed, %d arrived, 0 twice; hook latency max %d ms, median %d ms%n",
                sentTools.size() + sentPrompts.size(),
                CLIENTS, burstMs, heldMs, spooled, replayed, tools.size() + prompts.size(),
                latencies.stream().mapToLong(Long::longValue).max().orElse(0),
                latencies.stream().sorted().toList().get(latencies.size() / 2));
    }

    /**
     * A full disk, as a file-size limit on the hook processes: the database's WAL cannot grow, so the writes fail
     * and the events go to the (small) spool with a log line that says why; nothing is corrupted, and once the limit
     * is gone the next command brings every event in, once.
     */
    @Test
    void hooksUnderAFileSizeLimitSpoolAndTheNextCommandRecoversEverything() throws Exception {
        cli.run("status").ok(); // creates and migrates the database without a limit
        Files.deleteIfExists(data.resolve("eagle-mem.log"));
        long dbBytes = Files.size(db());
        Path lib = SpoolRig.sqliteLibrary(cli.workspace.resolve("native"));
        // 64 KiB: below the database file's size, so neither a checkpoint nor a WAL past a few pages can be written
        int limitKib = 64;
        assertThat(dbBytes).isGreaterThan(limitKib * 1024L);

        // a file-size limit on the hook processes (POSIX sh counts 512-byte blocks); their JVM loads sqlite-jdbc's
        // library from where the test put it, since the limit would stop it copying the library to /tmp itself
        cli.env.put("JAVA_TOOL_OPTIONS", "-Dorg.sqlite.lib.path=" + lib.getParent() + " -Dorg.sqlite.lib.name="
                + lib.getFileName());
        int events = 8;
        try {
            for (int i = 0; i < events; i++) {
                String body = i % 2 == 0 ? SpoolRig.toolCall(cli, "s-full", String.valueOf(i))
                        : SpoolRig.prompt(cli, "s-full", String.valueOf(i));
                String event = i % 2 == 0 ? "PostToolUse" : "UserPromptSubmit";
                Cli.Result r = cli.runProgram(Path.of("/bin/sh"), body, "-c",
                        "ulimit -f " + limitKib * 2 + " && exec \"$0\" \"$@\"",
                        Cli.LAUNCHER.toString(), "hook", event, "--agent", "claude-code");
                r.ok();
                assertThat(r.out()).isEmpty();
            }
        } finally {
            cli.env.remove("JAVA_TOOL_OPTIONS");
        }
        String during = log();
        assertThat(during).as("a clear line for each write the full disk refused").contains("the database cannot take a write");
        assertThat(during).containsAnyOf("is full", "I/O error");
        assertThat(during).doesNotContain("is lost");
        long spooled = during.lines().filter(l -> l.contains("spooled to")).count();
        assertThat(spooled).isGreaterThan(0);
        assertThat(SpoolRig.integrity(db())).as("no corruption").isEqualTo("ok");

        // space returns: the next data command replays first, and says so
        Cli.Result status = cli.run("status", "--json").ok();
        assertThat(status.err()).contains("replayed").contains("spooled hook event");
        assertThat(pending()).isZero();
        Map<String, Integer> tools = SpoolRig.counts(db(), "SELECT tool_use_id FROM observations WHERE session_id = 's-full'");
        Map<String, Integer> prompts = SpoolRig.counts(db(), "SELECT prompt FROM user_prompts WHERE session_id = 's-full'");
        assertThat(tools.keySet()).containsExactlyInAnyOrderElementsOf(IntStream.range(0, events).filter(i -> i % 2 == 0)
                .mapToObj(i -> "tool-" + i).toList());
        assertThat(prompts).hasSize(events / 2);
        assertThat(tools.values()).containsOnly(1);
        assertThat(prompts.values()).containsOnly(1);
        assertThat(SpoolRig.integrity(db())).isEqualTo("ok");
        System.out.printf("SpoolCliIT disk full: %d hook processes under ulimit -f %d KiB (database %d KiB); %d spooled,"
                + " %d arrived after the limit, 0 twice, integrity ok%n", events, limitKib, dbBytes / 1024, spooled,
                tools.size() + prompts.size());
    }
}
