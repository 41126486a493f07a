package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The real shim against the real serve, where both routes meet: an event serve applied and the shim still gave to
 * the binary (serve slower than the shim's limit) is stored once, for each kind of id an agent sends (Claude Code's
 * prompt_id, Codex's turn_id, a tool_use_id, none at all); and a serve stopped and killed -9 around a request costs
 * no event and no exit code.
 */
class ShimExactlyOnceIT {

    private static final Path PAYLOADS = Path.of("src/test/resources/agent-payloads");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Cli cli = new Cli();
    private final ServeDataDir dir;
    private final Path fallbacks;
    private final Path wrappedShim;
    private Process serve;
    private final List<String> report = new ArrayList<>();

    ShimExactlyOnceIT() throws IOException {
        dir = new ServeDataDir(cli, "emonce");
        // the shim beside a stand-in for the binary that notes each fallback (and the delivery token it got) and then
        // runs the real launcher: proof that the second route really ran
        Path wrap = Files.createDirectories(dir.path().resolveSibling("wrap"));
        fallbacks = wrap.resolve("fallbacks.txt");
        wrappedShim = Files.copy(Cli.SHIM, wrap.resolve("eagle-mem-hook"));
        Path binary = Files.writeString(wrap.resolve("eagle-mem"), "#!/bin/sh\necho \"$EAGLE_MEM_DELIVERY $*\" >> '" + fallbacks
                + "'\nexec '" + Cli.LAUNCHER + "' \"$@\"\n");
        Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rwx------"));
    }

    @AfterEach
    void clean() throws IOException {
        dir.close();
        report.forEach(System.out::println);
    }

    private void startServe() throws InterruptedException {
        serve = cli.start("serve", "serve", "--port", "0");
        for (int i = 0; i < 240; i++) {
            if (health() != null) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("serve did not come up; log: " + dir.log());
    }

    /** GET /health on the unix socket (owner-only: no token), or null while serve does not answer. */
    private JsonNode health() {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(dir.path().resolve("serve.sock")));
            ch.write(ByteBuffer
                    .wrap("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
            String response = new String(Channels.newInputStream(ch).readAllBytes(), StandardCharsets.UTF_8);
            return response.startsWith("HTTP/1.1 200") ? JSON.readTree(response.substring(response.indexOf("\r\n\r\n") + 4))
                    : null;
        } catch (IOException e) {
            return null;
        }
    }

    private long hookRequests() {
        JsonNode h = health();
        assertThat(h).as("serve answers /health").isNotNull();
        return h.path("hook_requests").asLong();
    }

    /** A captured fixture in this workspace, with {@code suffix} on its session and ids (a new event per run). */
    private String fixture(String name, String suffix) throws IOException {
        ObjectNode p = (ObjectNode) JSON.readTree(Files.readString(PAYLOADS.resolve(name + ".json"))
                .replace("/home/dev/work/shop-api", cli.repo.toString()));
        // Cursor's payloads (written from its docs) name the session conversation_id and the turn generation_id
        for (String field : List.of("session_id", "prompt_id", "turn_id", "tool_use_id", "conversation_id",
                "generation_id")) {
            if (p.hasNonNull(field)) {
                p.put(field, p.get(field).asText() + suffix);
            }
        }
        // pretty-printed, as captured: the bash route sends it with its line breaks as spaces and a newline at the end
        return p.toPrettyString();
    }

    /** The first captured {@code event} payload in the folder of {@code fixture} (Copilot's starts at -2). */
    private static String firstOf(String fixture, String event) throws IOException {
        String folder = fixture.replaceFirst("/.*", "");
        try (var files = Files.list(PAYLOADS.resolve(folder))) {
            return folder + "/" + files.map(f -> f.getFileName().toString()).filter(f -> f.matches(event + "-\\d+\\.json"))
                    .sorted().findFirst().orElseThrow().replaceFirst("\\.json$", "");
        }
    }

    /** The session a payload belongs to: Claude Code's and Codex's {@code session_id}, Cursor's {@code conversation_id}. */
    private static String session(String payload) throws IOException {
        JsonNode p = JSON.readTree(payload);
        return p.hasNonNull("session_id") ? p.get("session_id").asText() : p.path("conversation_id").asText();
    }

    private int count(String sql) {
        return Integer.parseInt(SpoolRig.rows(dir.db(), sql).get(0));
    }

    private record Case(String fixture, String agent, String event, String rows) {
    }

    private static final List<Case> CASES = List.of(
            new Case("claude-code-2.1.330/UserPromptSubmit-1", "claude-code", "UserPromptSubmit",
                    "SELECT count(*) FROM user_prompts WHERE session_id = '%s'"),
            new Case("codex-0.169.0/UserPromptSubmit-1", "codex", "UserPromptSubmit",
                    "SELECT count(*) FROM user_prompts WHERE session_id = '%s'"),
            new Case("claude-code-2.1.330/PostToolUse-1", "claude-code", "PostToolUse",
                    "SELECT count(*) FROM observations WHERE session_id = '%s'"),
            new Case("codex-0.169.0/SessionEnd-1", "codex", "SessionEnd",
                    "SELECT count(*) FROM applied_events WHERE kind = 'session_ended' AND session_id = '%s'"),
            new Case("grok-1.0.41/UserPromptSubmit-1", "grok", "UserPromptSubmit",
                    "SELECT count(*) FROM user_prompts WHERE session_id = '%s'"),
            new Case("grok-1.0.41/PostToolUse-1", "grok", "PostToolUse",
                    "SELECT count(*) FROM observations WHERE session_id = '%s'"),
            new Case("copilot-1.0.102/UserPromptSubmit-1", "copilot", "UserPromptSubmit",
                    "SELECT count(*) FROM user_prompts WHERE session_id = '%s'"),
            new Case("gemini-0.61.0/BeforeAgent-1", "gemini", "BeforeAgent",
                    "SELECT count(*) FROM user_prompts WHERE session_id = '%s'"),
            new Case("gemini-0.61.0/AfterTool-4", "gemini", "AfterTool",
                    "SELECT count(*) FROM observations WHERE session_id = '%s'"),
            new Case("cursor-docs-2026-12/postToolUse-1", "cursor", "postToolUse",
                    "SELECT count(*) FROM observations WHERE session_id = '%s'"));

    /**
     * The reference's deterministic F2 reproduction: EAGLE_MEM_SHIM_TIMEOUT=0.05 while another process holds the write
     * lock, so serve has the event in hand and cannot answer in time; the shim runs the binary, which sends it again.
     * Both apply it once the lock is gone: one row.
     */
    @Test
    void anEventServeAppliedAndTheShimStillFellBackWithIsStoredOnce() throws Exception {
        startServe();
        int run = 0;
        for (String shell : List.of("bash", "sh")) {
            for (Case c : CASES) {
                String suffix = "-once-" + shell + "-" + run++;
                String payload = fixture(c.fixture(), suffix);
                String session = session(payload);
                String start = c.agent().equals("cursor") ? "sessionStart" : "SessionStart";
                cli.runWithInput(fixture(firstOf(c.fixture(), start), suffix), "hook", start,
                        "--agent", c.agent()).ok();
                long requests = hookRequests();
                long fellBack = Files.exists(fallbacks) ? Files.readAllLines(fallbacks).size() : 0;
                cli.env.put("EAGLE_MEM_SHIM_TIMEOUT", "0.05");
                Cli.Result r;
                SpoolRig.Sqlite3Lock lock = SpoolRig.Sqlite3Lock.hold(dir.db());
                try {
                    CompletableFuture<Cli.Result> hook = CompletableFuture
                            .supplyAsync(() -> cli.runProgram(Path.of("/bin/" + shell),
                                    payload, wrappedShim.toString(), c.event(), "--agent", c.agent()));
                    SpoolRig.sleep(400);
                    lock.close();
                    lock = null;
                    r = hook.get(120, TimeUnit.SECONDS);
                } finally {
                    if (lock != null) {
                        lock.close();
                    }
                    cli.env.remove("EAGLE_MEM_SHIM_TIMEOUT");
                }
                String what = shell + " " + c.fixture();
                assertThat(r.exit()).as(what).isZero();
                assertThat(r.err()).as(what).isEmpty();
                assertThat(r.out().lines().count()).as("%s: at most one line", what).isLessThanOrEqualTo(1);
                awaitSettled();
                assertThat(count(c.rows().formatted(session))).as("%s: one row; log: %s", what, dir.log()).isEqualTo(1);
                // and both routes really had it: serve once (a serve that failed is not asked again), the binary once
                assertThat(hookRequests() - requests).as("%s: serve had the event", what).isEqualTo(1);
                List<String> lines = Files.readAllLines(fallbacks);
                assertThat(lines.size() - fellBack).as("%s: and the binary had it too", what).isEqualTo(1);
                report.add("ShimExactlyOnceIT: " + what + " through serve (timed out) and the binary (token "
                        + lines.getLast().split(" ")[0] + ") -> 1 row");
            }
        }
    }

    /** The same payload once through the shim (serve answers) and once through `eagle-mem hook` itself: one row. */
    @Test
    void theSamePayloadThroughServeAndThroughTheBinaryIsOneRow() throws Exception {
        startServe();
        int run = 0;
        for (Case c : CASES.stream().filter(c -> !c.event().equals("SessionEnd")).toList()) {
            String suffix = "-pair-" + run++;
            String payload = fixture(c.fixture(), suffix);
            String session = session(payload);
            long requests = hookRequests();
            cli.runProgram(Path.of("/bin/bash"), payload, Cli.SHIM.toString(), c.event(), "--agent", c.agent()).ok();
            assertThat(hookRequests() - requests).as("serve answered").isEqualTo(1);
            cli.runWithInput(payload, "hook", c.event(), "--agent", c.agent()).ok();
            awaitSettled();
            assertThat(count(c.rows().formatted(session))).as("%s; log: %s", c.fixture(), dir.log()).isEqualTo(1);
        }
    }

    /** Waits until serve has nothing spooled (a write it had to spool is replayed within a second or two). */
    private void awaitSettled() {
        for (int i = 0; i < 100; i++) {
            JsonNode h = health();
            if (h != null && h.path("spool_pending").asLong() == 0 && !Files.exists(dir.path().resolve("spool/events.jsonl"))) {
                return;
            }
            SpoolRig.sleep(100);
        }
    }

    /**
     * F1: serve stopped, a hook sent to it, serve killed -9 a second later (the reference's reproduction: before the
     * fix, "Connection reset by peer", then `response: unbound variable` and exit 1); and serve stopped and killed while
     * it holds a request in its handler (it waits for a write lock). Either way: exit 0, nothing on stderr, stored once.
     */
    @Test
    void serveStoppedAndKilledAroundARequestCostsNoEvent() throws Exception {
        int run = 0;
        for (String shell : List.of("bash", "sh")) {
            for (boolean inHandler : new boolean[] { false, true }) {
                startServe();
                String id = "toolu_f1_" + shell + "_" + run++;
                String payload = fixture("claude-code-2.1.330/PostToolUse-1", "").replaceAll("toolu_[0-9a-f]+", id);
                long pid = serve.pid();
                SpoolRig.Sqlite3Lock lock = inHandler ? SpoolRig.Sqlite3Lock.hold(dir.db()) : null;
                long requests = hookRequests();
                if (!inHandler) {
                    signal("STOP", pid);
                }
                long start = System.nanoTime();
                CompletableFuture<Cli.Result> hook = CompletableFuture.supplyAsync(() -> cli.runProgram(Path.of("/bin/" + shell),
                        payload, Cli.SHIM.toString(), "PostToolUse", "--agent", "claude-code"));
                if (inHandler) {
                    for (int i = 0; i < 200 && hookRequests() == requests; i++) {
                        SpoolRig.sleep(5);
                    }
                    assertThat(hookRequests() - requests).as("the request reached serve's handler").isEqualTo(1);
                    signal("STOP", pid);
                }
                SpoolRig.sleep(1000);
                signal("KILL", pid);
                assertThat(serve.waitFor(30, TimeUnit.SECONDS)).isTrue();
                if (lock != null) {
                    lock.close();
                }
                Cli.Result r = hook.get(120, TimeUnit.SECONDS);
                long ms = (System.nanoTime() - start) / 1_000_000;
                String what = shell + (inHandler ? ", stopped in its handler" : ", stopped before the request");
                assertThat(r.exit()).as("%s: exit; stderr %s", what, r.err()).isZero();
                assertThat(r.out()).as(what).isEmpty();
                assertThat(r.err()).as(what).isEmpty();
                assertThat(ms).as("%s: the shim's limit, a second of waiting for the kill, a JVM", what).isLessThan(25_000);
                cli.run("spool", "replay").ok(); // an event the binary spooled while the lock was still held
                assertThat(count("SELECT count(*) FROM observations WHERE tool_use_id = '" + id + "'")).as("%s; log: %s", what,
                        dir.log()).isEqualTo(1);
                report.add("ShimExactlyOnceIT: F1 " + what + " -> exit 0, stored once, " + ms + " ms");
                Files.deleteIfExists(dir.path().resolve("serve.sock"));
            }
        }
    }

    /**
     * F11: a payload over 8 MiB is refused by serve at once (413, from its Content-Length) and stored by the binary with
     * its long strings cut — not dropped whole; 20 MB within the CLI JVM's heap.
     */
    @Test
    void aPayloadOverTheLimitIsStoredOnceWithItsLongStringsCut() throws Exception {
        startServe();
        for (int mb : new int[] { 9, 20 }) {
            for (String shell : List.of("bash", "sh")) {
                String id = "toolu_big_" + mb + "_" + shell;
                ObjectNode p = (ObjectNode) JSON.readTree(fixture("claude-code-2.1.330/PostToolUse-1", ""));
                p.put("tool_use_id", id);
                ((ObjectNode) p.get("tool_response")).put("stdout", "z".repeat(mb * 1_000_000));
                long requests = hookRequests();
                long start = System.nanoTime();
                Cli.Result r = cli.runProgram(Path.of("/bin/" + shell), p.toString(), Cli.SHIM.toString(), "PostToolUse",
                        "--agent",
                        "claude-code");
                long ms = (System.nanoTime() - start) / 1_000_000;
                String what = shell + " " + mb + " MB";
                assertThat(r.exit()).as(what).isZero();
                assertThat(r.out()).as(what).isEmpty();
                assertThat(r.err()).as(what).isEmpty();
                assertThat(hookRequests() - requests).as("%s: serve refused it before its handler", what).isZero();
                assertThat(count("SELECT count(*) FROM observations WHERE tool_use_id = '" + id + "'")).as("%s; log: %s", what,
                        dir.log()).isEqualTo(1);
                assertThat(ms).as(what).isLessThan(25_000);
                report.add("ShimExactlyOnceIT: " + what + " payload -> serve 413, binary stored it cut, " + ms + " ms");
            }
        }
        assertThat(dir.log()).contains("kept with 1 string(s) cut to their first 1048576 characters");
        assertThat(serve.isAlive()).isTrue();
    }

    /** A 10,000-letter event name: serve refuses the request line (before: SIGPIPE, exit 141); the binary logs it. */
    @Test
    void anOverlongEventNameIsRefusedQuietly() throws Exception {
        startServe();
        String name = "A".repeat(10_000);
        for (String shell : List.of("bash", "sh")) {
            Cli.Result r = cli.runProgram(Path.of("/bin/" + shell), "{\"session_id\":\"s\"}", Cli.SHIM.toString(), name);
            assertThat(r.exit()).as(shell).isZero();
            assertThat(r.out()).as(shell).isEmpty();
            assertThat(r.err()).as(shell).isEmpty();
        }
        assertThat(serve.isAlive()).isTrue();
    }

    private static void signal(String signal, long pid) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).start().waitFor();
    }
}
