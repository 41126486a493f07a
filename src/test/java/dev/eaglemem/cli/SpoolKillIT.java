package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * kill -9 of serve 50 times at random points while hooks keep coming through the shim (which runs the binary
 * itself whenever serve is dead, starting or killed mid-request) and the sqlite3 CLI takes the write lock now
 * and then (so events spool and serve is often killed in the middle of replaying them). Afterwards: the database
 * passes integrity_check, every event is there, none twice.
 */
class SpoolKillIT {

    private static final int KILLS = 50;
    private static final int CLIENTS = 3;

    private final Cli cli = new Cli();
    private final ServeDataDir dir;
    private final Path data;

    SpoolKillIT() throws IOException {
        dir = new ServeDataDir(cli, "emkill");
        data = dir.path();
    }

    @AfterEach
    void clean() throws IOException {
        dir.close();
    }

    private Path db() {
        return dir.db();
    }

    private String log() {
        return dir.log();
    }

    /** True when a serve accepts connections on the socket (a killed one leaves a file that refuses them). */
    private boolean listening() {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(data.resolve("serve.sock")));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void fiftyKillsOfServeDuringABurstLoseNothingAndDoubleNothing() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        long started = System.nanoTime();
        cli.run("status").ok();
        cli.shim(SpoolRig.payload(cli, "s-kill", "SessionStart", ",\"source\":\"startup\""), "SessionStart", "--agent",
                "claude-code").ok();

        AtomicBoolean stop = new AtomicBoolean();
        List<String> sentTools = Collections.synchronizedList(new ArrayList<>());
        List<String> sentPrompts = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger locks = new AtomicInteger();
        ExecutorService background = Executors.newFixedThreadPool(CLIENTS + 1);
        List<CompletableFuture<Void>> running = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            running.add(CompletableFuture.runAsync(() -> {
                for (int i = 0; !stop.get(); i++) {
                    String n = client + "-" + i;
                    boolean tool = i % 2 == 0;
                    cli.shim(tool ? SpoolRig.toolCall(cli, "s-kill", n) : SpoolRig.prompt(cli, "s-kill", n),
                            tool ? "PostToolUse" : "UserPromptSubmit", "--agent", "claude-code").ok();
                    // counted once the hook has returned: from then on the event must never be lost
                    (tool ? sentTools : sentPrompts).add((tool ? "tool-" : "prompt-") + n);
                }
            }, background));
        }
        // now and then another process holds the write lock for a while: hooks spool, serve replays after it
        running.add(CompletableFuture.runAsync(() -> {
            while (!stop.get()) {
                // the lock is contention the product must survive, not the thing under test: a try that could not take
                // it (serve restarting under it) is tried again later; the report says how many were held
                try (SpoolRig.Sqlite3Lock lock = SpoolRig.Sqlite3Lock.tryHold(db())) {
                    if (lock != null) {
                        locks.incrementAndGet();
                        SpoolRig.sleep(800);
                    }
                }
                SpoolRig.sleep(1500);
            }
        }, background));

        int killedListening = 0;
        try {
            for (int k = 0; k < KILLS; k++) {
                Process serve = cli.start("serve-" + k, "serve", "--port", "0");
                if (k % 2 == 0) {
                    // killed while it runs: answering hooks, replaying the spool, running jobs
                    for (int i = 0; i < 400 && !listening() && serve.isAlive(); i++) {
                        SpoolRig.sleep(50);
                    }
                    killedListening += listening() ? 1 : 0;
                    SpoolRig.sleep(random.nextInt(400));
                } else {
                    // killed anywhere from its first instruction on: migrating, taking the lock, replaying at start
                    SpoolRig.sleep(random.nextInt(1500));
                }
                serve.destroyForcibly(); // SIGKILL
                assertThat(serve.waitFor(30, TimeUnit.SECONDS)).isTrue();
            }
        } finally {
            stop.set(true);
            running.forEach(CompletableFuture::join);
            background.shutdown();
        }
        long burstMs = (System.nanoTime() - started) / 1_000_000;

        // one last serve brings in whatever is still spooled
        cli.start("serve-final", "serve", "--port", "0");
        long pending = -1;
        for (int i = 0; i < 240 && pending != 0; i++) {
            SpoolRig.sleep(500);
            pending = cli.run("spool", "status", "--json").ok().json().path("pending").asLong();
        }
        assertThat(pending).as("the spool drained; log: %s", log()).isZero();
        assertThat(cli.run("spool", "status", "--json").ok().json().path("failed").asLong()).isZero();
        cli.run("serve", "--stop").ok();

        assertThat(SpoolRig.integrity(db())).isEqualTo("ok");
        Map<String, Integer> tools = SpoolRig.counts(db(), "SELECT tool_use_id FROM observations WHERE session_id = 's-kill'");
        Map<String, Integer> prompts = SpoolRig.counts(db(),
                "SELECT substr(prompt, 11, length(prompt) - 14) FROM user_prompts WHERE session_id = 's-kill'");
        assertThat(tools.keySet()).as("no tool call lost (seed %d)", seed).containsExactlyInAnyOrderElementsOf(sentTools);
        assertThat(prompts.keySet()).as("no prompt lost (seed %d)", seed).containsExactlyInAnyOrderElementsOf(sentPrompts);
        assertThat(tools.values()).as("no tool call twice").containsOnly(1);
        assertThat(prompts.values()).as("no prompt twice").containsOnly(1);
        long spooled = log().lines().filter(l -> l.contains("spooled to")).count();
        long replayedAgain = log().lines().filter(l -> l.contains("spool: replayed") && !l.contains(", 0 already applied"))
                .count();
        System.out.printf(
                "SpoolKillIT: %d kills (%d while listening), seed %d, %d ms; %d events sent (%d tool calls, %d prompts),"
                        + " %d arrived, 0 lost, 0 twice, integrity ok; %d lock holds, %d events spooled, %d replays met events already"
                        + " applied%n",
                KILLS, killedListening, seed, burstMs, sentTools.size() + sentPrompts.size(), sentTools.size(),
                sentPrompts.size(), tools.size() + prompts.size(), locks.get(), spooled, replayedAgain);
    }

    /**
     * A spool of 3,000 events (as hooks leave it when the database was unavailable for a while), and serve killed
     * -9 at a random moment of each replay until one finishes: every event lands once, and the last replay finds
     * the ones its killed predecessors had applied already.
     */
    private long replayed() {
        return SpoolRig.rows(db(), "SELECT count(*) FROM observations WHERE session_id = 's-replay'").stream()
                .mapToLong(Long::parseLong).sum();
    }

    private static boolean spoolWaits(Path spoolDir) {
        return Files.exists(spoolDir.resolve("replaying.jsonl")) || Files.exists(spoolDir.resolve("events.jsonl"));
    }

    @Test
    void serveKilledInTheMiddleOfReplayingTheSpoolAppliesEveryEventOnce() throws Exception {
        int events = 3000;
        long seed = System.nanoTime();
        Random random = new Random(seed);
        cli.run("status").ok();
        Path spoolDir = Files.createDirectories(data.resolve("spool"));
        StringBuilder lines = new StringBuilder();
        String origin = "{\"session_id\":\"s-replay\",\"agent\":\"claude-code\",\"cwd_project\":\"code/shop\",\"project_root\":\""
                + cli.repo + "\",\"cwd\":\"" + cli.repo + "\",\"model\":null}";
        for (int i = 0; i < events; i++) {
            lines.append("{\"v\":1,\"kind\":\"tool_used\",\"id\":\"replay-").append(i).append("\",\"at\":\"2026-11-24T10:00:00.")
                    .append(String.format("%03d", i % 1000)).append("Z\",\"origin\":").append(origin)
                    .append(",\"tool\":{\"name\":\"Bash\",\"shell\":true,\"command\":\"echo replay-").append(i)
                    .append("\",\"files_read\":[],\"files_modified\":[],\"exit_status\":0,\"output_bytes\":1,\"output_lines\":1,")
                    .append("\"tool_use_id\":\"replay-").append(i).append("\"},\"category\":null}\n");
        }
        Files.writeString(spoolDir.resolve("events.jsonl"), lines);

        int kills = 0;
        int midReplay = 0;
        while (kills < 10 && spoolWaits(spoolDir)) {
            Process serve = cli.start("serve-replay-" + kills, "serve", "--port", "0");
            // timed from the replay's own progress, not from the socket: on a fast machine a replay of 3,000 events
            // can end within a second of serve listening, and a kill timed from the socket then misses it
            long before = replayed();
            for (int i = 0; i < 4000 && replayed() == before && serve.isAlive() && spoolWaits(spoolDir); i++) {
                SpoolRig.sleep(5);
            }
            // the first kill lands early in the replay, after it applied something; the later ones anywhere
            SpoolRig.sleep(random.nextInt(kills == 0 ? 30 : 1000));
            serve.destroyForcibly();
            assertThat(serve.waitFor(30, TimeUnit.SECONDS)).isTrue();
            kills++;
            midReplay += Files.exists(spoolDir.resolve("replaying.jsonl")) ? 1 : 0;
        }
        cli.start("serve-replay-final", "serve", "--port", "0");
        long pending = -1;
        for (int i = 0; i < 240 && pending != 0; i++) {
            SpoolRig.sleep(500);
            pending = cli.run("spool", "status", "--json").ok().json().path("pending").asLong();
        }
        cli.run("serve", "--stop").ok();

        assertThat(pending).as("log: %s", log()).isZero();
        assertThat(SpoolRig.integrity(db())).isEqualTo("ok");
        Map<String, Integer> tools = SpoolRig.counts(db(), "SELECT tool_use_id FROM observations WHERE session_id = 's-replay'");
        assertThat(tools).as("seed %d", seed).hasSize(events);
        assertThat(tools.values()).containsOnly(1);
        assertThat(midReplay).as("a kill landed in the middle of a replay (seed %d)", seed).isPositive();
        String last = log().lines().filter(l -> l.contains("spool: replayed")).reduce((a, b) -> b).orElseThrow();
        assertThat(last).as("the replay that finished met the events its killed predecessors applied")
                .doesNotContain(", 0 already applied");
        System.out.printf("SpoolKillIT replay: %d spooled events, %d kills (%d mid-replay), seed %d; %d arrived, 0 twice,"
                + " integrity ok; last replay: %s%n", events, kills, midReplay, seed, tools.size(),
                last.substring(last.indexOf("spool: replayed")));
    }
}
