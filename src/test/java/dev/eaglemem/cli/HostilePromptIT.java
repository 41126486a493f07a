package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hostile prompts through the real shim, as an agent sends them (issue 23: F3 and the NUL of F11): runs of plain
 * unpunctuated words across the size where a recursive regular expression overflowed the stack (~800 words), and
 * prompts of 1, 3 and 7 MB, which ran serve out of heap. Through a warm serve (bash's TCP route, serve on its own
 * free port) and through the binary alone (no serve): exit 0, at most one JSON line on stdout, the prompt stored
 * exactly once (cut with Clip's marker past 256 Ki characters), serve alive afterwards with the same pid and an ok
 * /health, and no StackOverflowError or OutOfMemoryError anywhere.
 */
class HostilePromptIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_PROMPT = 256 * 1024;
    private static final String MARKER_START = " […eagle-mem kept the first part; ";
    private static final String MARKER_END = " more characters dropped]";
    /** The agents' own hook timeout in the settings install writes: a hook that outlives it is killed. */
    private static final long AGENT_HOOK_TIMEOUT_MS = 30_000;

    private final Cli cli = new Cli();
    private final ServeDataDir dir;

    HostilePromptIT() throws IOException {
        dir = new ServeDataDir(cli, "emhostile");
    }

    @AfterEach
    void clean() throws IOException {
        dir.close();
    }

    /** Sizes: plain words (across the old stack limit), then megabytes of them. */
    private static Map<String, String> prompts() {
        Map<String, String> out = new LinkedHashMap<>();
        for (int words : new int[] { 500, 800, 2_000, 10_000 }) {
            out.put(words + " words", words(words, Integer.MAX_VALUE));
        }
        for (int mb : new int[] { 1, 3, 7 }) {
            out.put(mb + " MB", words(Integer.MAX_VALUE, mb * 1_000_000));
        }
        return out;
    }

    private static String words(int count, int chars) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count && out.length() < chars; i++) {
            out.append(i == 0 ? "" : " ").append("word").append(i);
        }
        return out.toString();
    }

    private String payload(String promptId, String prompt) throws IOException {
        return JSON.writeValueAsString(Map.of("session_id", "s-hostile", "prompt_id", promptId, "cwd", cli.repo.toString(),
                "hook_event_name", "UserPromptSubmit", "prompt", prompt));
    }

    @Test
    void plainWordPromptsOfEverySizeAreStoredOnceThroughServeWhichStaysUp() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Files.writeString(dir.path().getParent().resolve("config.toml"),
                "[recall]\nsemantic = false\n[serve]\nport = " + port + "\n");
        Process serve = cli.start("serve", "serve");
        JsonNode status = awaitRunning();
        assertThat(status.path("pid").asLong()).isEqualTo(serve.pid());
        assertThat(Files.readString(dir.path().resolve("serve.port")).strip()).isEqualTo("127.0.0.1 " + port);

        List<String> figures = new ArrayList<>();
        for (var prompt : prompts().entrySet()) {
            String marked = mark(prompt.getKey()) + " " + prompt.getValue();
            long started = System.nanoTime();
            Cli.Result hook = cli.bashShim(Cli.SHIM, payload("p-" + mark(prompt.getKey()), marked), "UserPromptSubmit",
                    "--agent", "claude-code");
            long ms = (System.nanoTime() - started) / 1_000_000;
            checkHook(prompt.getKey(), hook, ms);
            checkStoredOnce(prompt.getKey(), marked);
            JsonNode after = cli.run("serve", "--status", "--json").ok().json();
            assertThat(after.path("pid").asLong()).as("serve after %s; log: %s", prompt.getKey(), dir.log())
                    .isEqualTo(serve.pid());
            assertThat(after.path("health").path("status").asText()).as("/health after %s", prompt.getKey()).isEqualTo("ok");
            figures.add(prompt.getKey() + ": " + ms + " ms, serve VmHWM " + vm(serve.pid(), "VmHWM") + ", VmRSS "
                    + vm(serve.pid(), "VmRSS"));
        }
        System.out.println("HostilePromptIT through serve: " + String.join("; ", figures));
        assertThat(serve.isAlive()).isTrue();
        assertThat(serveOutput()).doesNotContain("StackOverflowError").doesNotContain("OutOfMemoryError");
        assertThat(dir.log()).doesNotContain("StackOverflowError").doesNotContain("OutOfMemoryError")
                .doesNotContain("hook UserPromptSubmit: failed");
    }

    @Test
    void plainWordPromptsOfEverySizeAreStoredOnceByTheBinaryAlone() throws Exception {
        cli.env.put("EAGLE_MEM_SERVE_AUTOSTART", "0");
        List<String> figures = new ArrayList<>();
        for (var prompt : prompts().entrySet()) {
            String marked = mark(prompt.getKey()) + " " + prompt.getValue();
            long started = System.nanoTime();
            Cli.Result hook = cli.shim(payload("p-" + mark(prompt.getKey()), marked), "UserPromptSubmit", "--agent",
                    "claude-code");
            long ms = (System.nanoTime() - started) / 1_000_000;
            checkHook(prompt.getKey(), hook, ms);
            checkStoredOnce(prompt.getKey(), marked);
            figures.add(prompt.getKey() + ": " + ms + " ms");
        }
        System.out.println("HostilePromptIT through the binary: " + String.join("; ", figures));
        assertThat(dir.path().resolve("serve.pid")).as("no serve was started").doesNotExist();
        assertThat(dir.log()).doesNotContain("StackOverflowError").doesNotContain("OutOfMemoryError")
                .doesNotContain("hook UserPromptSubmit: failed");
    }

    /** A NUL inside a prompt: stored with everything after it, as U+2400, through serve and through the binary. */
    @Test
    void aNulInsideAPromptIsStoredWithTheTextAfterIt() throws Exception {
        String prompt = "please fix \u0000 the release guardrail bug";
        cli.env.put("EAGLE_MEM_SERVE_AUTOSTART", "0");
        checkHook("NUL, binary", cli.shim(payload("p-nul-1", "NUL1 " + prompt), "UserPromptSubmit", "--agent", "claude-code"), 0);

        Process serve = cli.start("serve", "serve", "--port", "0");
        awaitRunning();
        checkHook("NUL, serve", cli.bashShim(Cli.SHIM, payload("p-nul-2", "NUL2 " + prompt), "UserPromptSubmit", "--agent",
                "claude-code"), 0);
        assertThat(cli.run("serve", "--status", "--json").ok().json().path("pid").asLong()).isEqualTo(serve.pid());

        assertThat(query("SELECT prompt || '|' || length(prompt) FROM user_prompts WHERE prompt LIKE 'NUL_ %' ORDER BY id", null))
                .containsExactly("NUL1 please fix \u2400 the release guardrail bug|43",
                        "NUL2 please fix \u2400 the release guardrail bug|43");
        assertThat(cli.run("search", "guardrail", "--json").ok().out()).contains("fix \u2400 the release guardrail bug");
    }

    private static String mark(String size) {
        return "HOSTILE" + size.replace(" ", "");
    }

    private void checkHook(String size, Cli.Result hook, long ms) {
        assertThat(hook.exit()).as("exit code of the %s prompt's hook; stderr: %s; log: %s", size, hook.err(), dir.log())
                .isZero();
        List<String> lines = hook.out().lines().toList();
        assertThat(lines).as("stdout of the %s prompt's hook", size).hasSizeLessThanOrEqualTo(1);
        for (String line : lines) {
            try {
                assertThat(JSON.readTree(line).isObject()).isTrue();
            } catch (IOException e) {
                throw new AssertionError("stdout is not JSON: " + line, e);
            }
        }
        assertThat(ms).as("the %s prompt's hook returned within the agent's hook timeout", size)
                .isLessThan(AGENT_HOOK_TIMEOUT_MS);
    }

    private void checkStoredOnce(String size, String prompt) throws Exception {
        String mark = prompt.substring(0, prompt.indexOf(' ') + 1);
        List<String> stored = query("SELECT prompt FROM user_prompts WHERE prompt LIKE ? || '%'", mark);
        assertThat(stored).as("rows of the %s prompt; log: %s", size, dir.log()).hasSize(1);
        if (prompt.length() <= MAX_PROMPT) {
            assertThat(stored.getFirst()).as(size).isEqualTo(prompt);
        } else {
            assertThat(stored.getFirst()).as(size).startsWith(prompt.substring(0, MAX_PROMPT - 16))
                    .endsWith(MARKER_START + (prompt.length() - MAX_PROMPT) + MARKER_END);
        }
    }

    private List<String> query(String sql, String parameter) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.db());
                PreparedStatement ps = c.prepareStatement(sql)) {
            if (parameter != null) {
                ps.setString(1, parameter);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    private JsonNode awaitRunning() throws InterruptedException, IOException {
        for (int i = 0; i < 240; i++) {
            Cli.Result status = cli.run("serve", "--status", "--json");
            if (status.exit() == 0) {
                return status.json();
            }
            Thread.sleep(250);
        }
        throw new AssertionError("serve did not come up; eagle-mem.log: " + dir.log() + "; serve output: " + serveOutput());
    }

    /** What serve printed (its stdout and stderr, where the JVM reports an OutOfMemoryError), and serve.log if any. */
    private String serveOutput() throws IOException {
        StringBuilder out = new StringBuilder();
        for (Path f : List.of(cli.workspace.resolve("serve.out"), dir.path().resolve("serve.log"))) {
            if (Files.exists(f)) {
                out.append(Files.readString(f));
            }
        }
        return out.toString();
    }

    private static String vm(long pid, String field) throws IOException {
        Path status = Path.of("/proc", String.valueOf(pid), "status");
        if (!Files.exists(status)) {
            return "?";
        }
        return Files.readAllLines(status).stream()
                .filter(l -> l.startsWith(field + ":")).map(l -> l.substring(field.length() + 1).strip()).findFirst().orElse("?");
    }
}
