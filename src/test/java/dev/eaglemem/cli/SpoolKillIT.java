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
import java.util.Comparator;
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
    private final Path data;

    SpoolKillIT() throws IOException {
        data = Files.createTempDirectory(Path.of("/tmp"), "emkill").resolve("d");
        cli.env.put("EAGLE_MEM_DIR", data.toString());
    }

    @AfterEach
    void clean() throws IOException {
        cli.run("serve", "--stop");
        try (var files = Files.walk(data.getParent())) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private Path db() {
        return data.resolve("memory.db");
    }

    private String log() {
        try {
            return Files.exists(data.resolve("eagle-mem.log")) ? Files.readString(data.resolve("eagle-mem.log")) : "(none)";
        } catch (IOException e) {
            return e.toString();
        }
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
                try (SpoolRig.Sqlite3Lock lock = SpoolRig.Sqlite3Lock.hold(db())) {
                    locks.incrementAndGet();
                    SpoolRig.sleep(800);
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
        long replayedAgain = log().lines().filter(l -> l.contains("spool: replayed") && !l.contains(", 0 already applied")).count();
        System.out.printf("SpoolKillIT: %d kills (%d while listening), seed %d, %d ms; %d events sent (%d tool calls, %d prompts),"
                + " %d arrived, 0 lost, 0 twice, integrity ok; %d lock holds, %d events spooled, %d replays met events already"
                + " applied%n", KILLS, killedListening, seed, burstMs, sentTools.size() + sentPrompts.size(), sentTools.size(),
                sentPrompts.size(), tools.size() + prompts.size(), locks.get(), spooled, replayedAgain);
    }
}
