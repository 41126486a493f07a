package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * serve, the hook shim and autostart through the packaged launcher: real processes, a real socket, curl.
 * Every test stops the serves it started (a leftover would also leave on its own once its data dir is gone).
 */
class ServeCliIT {

    private final Cli cli = new Cli();
    private final Path data;

    ServeCliIT() throws IOException {
        // unix socket paths are limited to ~100 bytes, and a CI checkout path can be long
        data = Files.createTempDirectory(Path.of("/tmp"), "emit").resolve("d");
        cli.env.put("EAGLE_MEM_DIR", data.toString());
    }

    @AfterEach
    void stopServe() throws IOException {
        cli.run("serve", "--stop");
        try (var files = Files.walk(data.getParent())) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private JsonNode awaitRunning() throws InterruptedException {
        for (int i = 0; i < 120; i++) {
            Cli.Result status = cli.run("serve", "--status", "--json");
            if (status.exit() == 0) {
                return status.json();
            }
            Thread.sleep(250);
        }
        throw new AssertionError("serve did not come up; eagle-mem.log: " + log());
    }

    private String log() {
        try {
            return Files.exists(data.resolve("eagle-mem.log")) ? Files.readString(data.resolve("eagle-mem.log")) : "(none)";
        } catch (IOException e) {
            return e.toString();
        }
    }

    private String payload(String session, String event, String extra) {
        return "{\"session_id\":\"" + session + "\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"" + event + "\""
                + extra + "}";
    }

    private String postToolUse(String session, int n) {
        return payload(session, "PostToolUse", ",\"tool_name\":\"Bash\",\"tool_use_id\":\"toolu_" + n + "\","
                + "\"tool_input\":{\"command\":\"ls src/" + n + "\"},\"tool_response\":{\"stdout\":\"ok\",\"stderr\":\"\"}");
    }

    private long hookRequests() {
        return cli.run("serve", "--status", "--json").json().path("health").path("hook_requests").asLong();
    }

    private long observations() {
        return cli.run("status", "--json").ok().json().path("project_counts").path("observations").asLong();
    }

    @Test
    void theShimAnswersThroughServeExactlyAsTheBinaryDoes() throws Exception {
        // twin workspaces in the same state: one answers through serve, the other runs the binary
        Cli twin = new Cli();
        for (Cli c : List.of(cli, twin)) {
            c.run("memories", "add", "--kind", "decision", "--title", "Money is integer cents",
                    "--content", "Cart totals are integer cents, never floats.").ok();
        }
        Process serve = cli.start("serve", "serve", "--port", "0");
        JsonNode status = awaitRunning();
        assertThat(status.path("pid").asLong()).isEqualTo(serve.pid());
        assertThat(Files.getPosixFilePermissions(data.resolve("serve.sock")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(Files.getPosixFilePermissions(data.resolve("serve.token")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));

        List<String[]> events = List.of(
                new String[] { "SessionStart", ",\"source\":\"startup\"" },
                new String[] { "UserPromptSubmit", ",\"prompt\":\"how are cart totals rounded to integer cents\"" },
                new String[] { "PostToolUse", ",\"tool_name\":\"Read\",\"tool_use_id\":\"t1\",\"tool_input\":{\"file_path\":\""
                        + cli.repo + "/cart.py\"},\"tool_response\":{\"type\":\"text\"}" },
                new String[] { "Stop", ",\"last_assistant_message\":\"Done. Decision: totals stay in cents.\"" });
        long before = hookRequests();
        for (String[] e : events) {
            Cli.Result viaServe = cli.shim(payload("s-1", e[0], e[1]), e[0], "--agent", "claude-code").ok();
            String twinPayload = payload("s-1", e[0], e[1]).replace(cli.repo.toString(), twin.repo.toString());
            Cli.Result direct = twin.runWithInput(twinPayload, "hook", e[0], "--agent", "claude-code").ok();
            assertThat(viaServe.out()).as(e[0]).isEqualTo(direct.out().replace(twin.repo.toString(), cli.repo.toString()));
            assertThat(viaServe.err()).as(e[0]).isEmpty();
        }
        assertThat(hookRequests() - before).as("the shim's requests reached serve").isEqualTo(events.size());
        assertThat(cli.run("session", "show", "s-1", "--json").ok().out()).contains("totals stay in cents");
    }

    @Test
    void theShimFallsBackWhenServeIsDeadOrHung() throws Exception {
        Process serve = cli.start("serve", "serve", "--port", "0");
        awaitRunning();
        cli.shim(postToolUse("s1", 1), "PostToolUse", "--agent", "claude-code").ok();

        // hung: serve accepts but never answers; the shim gives up after its timeout and runs the binary
        new ProcessBuilder("kill", "-STOP", String.valueOf(serve.pid())).start().waitFor();
        cli.env.put("EAGLE_MEM_SHIM_TIMEOUT", "1");
        try {
            cli.shim(postToolUse("s1", 2), "PostToolUse", "--agent", "claude-code").ok();
        } finally {
            new ProcessBuilder("kill", "-CONT", String.valueOf(serve.pid())).start().waitFor();
        }
        // dead: kill -9 leaves a stale socket file that refuses connections
        serve.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        assertThat(data.resolve("serve.sock")).exists();
        cli.shim(postToolUse("s1", 3), "PostToolUse", "--agent", "claude-code").ok();
        // no serve at all
        Files.delete(data.resolve("serve.sock"));
        cli.shim(postToolUse("s1", 4), "PostToolUse", "--agent", "claude-code").ok();

        assertThat(observations()).as("every event stored exactly once; log: %s", log()).isEqualTo(4);
        cli.env.put("EAGLE_MEM_DISABLE_HOOKS", "1");
        assertThat(cli.shim(payload("s1", "SessionStart", ""), "SessionStart").ok().out()).isEmpty();
    }

    /**
     * bash reaches serve on its loopback port with the token, forking nothing: proven with a copy of the shim that has
     * no binary beside it and no PATH (so neither curl nor the fallback can answer), and the answers equal the binary's.
     */
    @Test
    void runByBashTheShimAsksServeOverTcpWithoutCurlOrTheBinary() throws Exception {
        cli.run("memories", "add", "--kind", "decision", "--title", "Money is integer cents",
                "--content", "Cart totals are integer cents, never floats.").ok();
        Process serve = cli.start("serve", "serve", "--port", "0");
        JsonNode status = awaitRunning();
        Path portFile = data.resolve("serve.port");
        assertThat(Files.readString(portFile)).isEqualTo("127.0.0.1 " + status.path("health").path("tcp_port").asInt() + "\n");
        assertThat(Files.getPosixFilePermissions(portFile)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        Path lone = Files.createDirectories(data.getParent().resolve("lone")).resolve("eagle-mem-hook");
        Files.copy(Cli.SHIM, lone);
        cli.env.put("PATH", "");

        String start = payload("s-tcp", "SessionStart", ",\"source\":\"startup\"");
        Cli.Result viaTcp = cli.bashShim(lone, start, "SessionStart", "--agent", "claude-code").ok();
        assertThat(viaTcp.err()).isEmpty();
        assertThat(viaTcp.out()).contains("\"hookEventName\":\"SessionStart\"").contains("Money is integer cents")
                .endsWith("}\n");
        // another session: s-tcp's SessionStart gave it the memory already, and a prompt does not say it again
        String prompt = payload("s-tcp-2", "UserPromptSubmit",
                ",\"prompt\":\"r\u00e9sum\u00e9: how are cart totals rounded to cents\"");
        assertThat(cli.bashShim(lone, prompt, "UserPromptSubmit", "--agent", "claude-code").ok().out())
                .contains("Money is integer cents");
        for (int i = 1; i <= 3; i++) {
            assertThat(cli.bashShim(lone, postToolUse("s-tcp", i), "PostToolUse", "--agent", "claude-code").ok().out()).isEmpty();
        }
        String statusJson = "{\"workspace\":{\"current_dir\":\"" + cli.repo + "\"}}";
        Cli.Result line = cli.bashShim(lone, statusJson, "statusline").ok();
        cli.env.put("PATH", System.getenv("PATH"));
        assertThat(line.out()).isEqualTo(cli.runWithInput(statusJson, "statusline").ok().out()).contains("1 memory");
        assertThat(hookRequests()).as("hooks answered by serve").isEqualTo(5);
        assertThat(observations()).isEqualTo(3);
        assertThat(log()).doesNotContain("is missing");

        // kill -9 leaves serve.port behind: its pid is dead, so the shim never sends the token to that port again
        serve.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        assertThat(portFile).exists();
        assertThat(cli.bashShim(lone, postToolUse("s-tcp", 4), "PostToolUse", "--agent", "claude-code").ok().out()).isEmpty();
        assertThat(log()).as("with no binary beside it, the lone shim can only log").contains("is missing");
        assertThat(cli.bashShim(Cli.SHIM, postToolUse("s-tcp", 5), "PostToolUse", "--agent", "claude-code").ok().out()).isEmpty();
        assertThat(observations()).as("the packaged shim fell back to the binary").isEqualTo(4);
    }

    /**
     * Issue 24: on a shared machine another user's serve may hold the configured port. serve used to run on the socket
     * alone without a word, and `open` then failed; it takes a free port instead and records it where the shim and
     * open look, and says so in the log.
     */
    @Test
    void aTakenPortGivesServeAFreeOneThatTheShimAndOpenFind() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            int busy = taken.getLocalPort();
            cli.run("config", "set", "serve.port", String.valueOf(busy)).ok();
            cli.start("serve", "serve");
            JsonNode status = awaitRunning();
            int port = status.path("health").path("tcp_port").asInt();
            assertThat(port).isPositive().isNotEqualTo(busy);
            assertThat(Files.readString(data.resolve("serve.port"))).isEqualTo("127.0.0.1 " + port + "\n");
            assertThat(log()).contains("port " + busy + " on 127.0.0.1 is taken").contains("the API listens on " + port);

            Cli.Result viaTcp = cli.bashShim(Cli.SHIM, postToolUse("s-port", 1), "PostToolUse", "--agent", "claude-code").ok();
            assertThat(viaTcp.err()).isEmpty();
            assertThat(hookRequests()).as("the shim found serve on its new port").isEqualTo(1);
            assertThat(cli.run("open", "--no-browser").ok().out()).contains("http://127.0.0.1:" + port + "/");
        }
    }

    @Test
    void oneServePerDataDirectoryStatusAndStop() throws Exception {
        cli.run("serve", "--status").exits(3);
        cli.start("serve", "serve", "--port", "0");
        awaitRunning();
        Cli.Result second = cli.run("serve", "--port", "0");
        second.exits(4);
        assertThat(second.err()).contains("already running").contains("eagle-mem serve --stop");
        cli.run("serve", "--bind", "0.0.0.0", "--port", "0").exits(2);

        JsonNode stopped = cli.run("serve", "--stop", "--json").ok().json();
        assertThat(stopped.path("was_running").asBoolean()).isTrue();
        assertThat(data.resolve("serve.sock")).doesNotExist();
        assertThat(data.resolve("serve.pid")).doesNotExist();
        cli.run("serve", "--status").exits(3);
        assertThat(cli.run("serve", "--stop", "--json").ok().json().path("was_running").asBoolean()).isFalse();
        assertThat(log()).contains("serve exited: signal");
    }

    @Test
    void sessionStartStartsServeOnceWhenManySessionsStartTogether() throws Exception {
        cli.env.remove("EAGLE_MEM_SERVE_AUTOSTART");
        List<CompletableFuture<Cli.Result>> starts = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String session = "start-" + i;
            starts.add(CompletableFuture.supplyAsync(() -> cli.runWithInput(payload(session, "SessionStart",
                    ",\"source\":\"startup\""), "hook", "SessionStart", "--agent", "claude-code")));
        }
        starts.forEach(f -> f.join().ok());
        awaitRunning();
        // a later session finds it running and starts nothing
        cli.runWithInput(payload("start-late", "SessionStart", ",\"source\":\"startup\""), "hook", "SessionStart").ok();
        assertThat(log().lines().filter(l -> l.contains("serve autostart: started")).count()).as(log()).isEqualTo(1);
        assertThat(log().lines().filter(l -> l.contains("serve started")).count()).as(log()).isEqualTo(1);
    }
}
