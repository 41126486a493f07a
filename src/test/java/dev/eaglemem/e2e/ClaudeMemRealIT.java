package dev.eaglemem.e2e;

import static dev.eaglemem.e2e.FakeObserver.observation;
import static dev.eaglemem.e2e.FakeObserver.summary;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * {@code eagle-mem import --from claude-mem} on a database the real claude-mem 13.25.3 wrote. Its worker
 * ({@code plugin/scripts/worker-service.cjs} run by bun 1.4.4, both from npm through scripts/e2e-tools) runs in
 * the foreground with HOME and CLAUDE_MEM_DATA_DIR inside the workspace, so the real ~/.claude and
 * ~/.claude-mem are never touched; its observer model is {@link FakeObserver} (claude-mem's "openrouter"
 * provider pointed at it). The test drives the worker over HTTP as claude-mem's hooks do (session init per
 * prompt, one call per tool use, a summary request per turn, session end), saves a memory by hand
 * ({@code /api/memory/save}) and bulk-loads an older session from another machine ({@code /api/import}), stops
 * the worker ({@code /api/admin/shutdown}), then imports the file it left with the packaged launcher. Fake
 * secrets planted in a prompt, an observation, a summary and the hand-saved memory are in claude-mem's
 * database and must not reach eagle-mem's.
 */
class ClaudeMemRealIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    // Fake credentials of the real shapes: a GitHub token, an AWS access key id, an Anthropic API key.
    private static final String GITHUB_TOKEN = "ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d";
    private static final String AWS_KEY_ID = "AKIAZDOC9IS0J8HT9LGM";
    private static final String ANTHROPIC_KEY = "sk-ant-api03-VmihA_2O76UMFxFkM_R5Kjp1vRt-1fjORS_6ilI8ihN5KXSc7Tvo_hBKqFYY"
            + "_kv5ZJr3J1TWDtkwtDDb-xHKas1VOqg6YAA";
    private static final List<String> SECRETS = List.of(GITHUB_TOKEN, AWS_KEY_ID, ANTHROPIC_KEY);

    private static final String SESSION_A = "3f6d2a9e-5b1c-4e0f-9a7d-1c2b3d4e5f60";
    private static final String SESSION_B = "019a7c52-8e1f-7d20-b3c4-5e6f7a8b9c0d";
    private static final String SESSION_C = "8c1e4f7a-2d3b-4c5e-8f9a-0b1c2d3e4f5a";
    private static final String SESSION_D = "b7e2d4c1-6a5f-4e3d-9c8b-7a6f5e4d3c2b";

    @Test
    void importsWhatTheRealClaudeMemWrote() throws Exception {
        AgentTools tools = AgentTools.locate();
        Path bun = tools.bun();
        Path workerScript = tools.claudeMemWorker();
        E2eWorkspace workspace = E2eWorkspace.create();
        Path shop = workspace.repo();
        Path blog = workspace.dir("home/code/blog");
        Path claudeMemData = workspace.home().resolve(".claude-mem");
        Path claudeMemDb = claudeMemData.resolve("claude-mem.db");

        try (FakeObserver observer = FakeObserver.start(workspace.root().resolve("observer-requests.jsonl"));
                Worker worker = Worker.start(bun, workerScript, workspace, claudeMemData, observer)) {
            fill(worker, observer, shop, blog);
            assertThat(observer.unused()).as("scripted observer replies no prompt asked for; %s", observer.summary()).isEmpty();
            worker.stop();
        }

        // What claude-mem itself wrote: the precondition of everything below.
        Path wal = claudeMemDb.resolveSibling("claude-mem.db-wal");
        assertThat(!Files.exists(wal) || Files.size(wal) == 0).as("the worker checkpointed its WAL on its way out").isTrue();
        Map<String, Long> source = counts(claudeMemDb, "sdk_sessions", "observations", "session_summaries", "user_prompts",
                "tool_uses", "pending_messages");
        assertThat(source).containsExactlyEntriesOf(ordered("sdk_sessions", 5L, "observations", 11L, "session_summaries", 5L,
                "user_prompts", 5L, "tool_uses", 8L, "pending_messages", 0L));
        assertThat(column(claudeMemDb, "SELECT type FROM observations ORDER BY id")).containsExactly("discovery", "bugfix",
                "decision", "change", "discovery", "feature", "security_alert", "discovery", "discovery", "feature",
                "refactor");
        assertThat(column(claudeMemDb, "SELECT platform_source || ' ' || status FROM sdk_sessions ORDER BY id"))
                .containsExactly("claude completed", "codex completed", "claude completed", "claude active", "claude completed");
        String written = new String(Files.readAllBytes(claudeMemDb), StandardCharsets.ISO_8859_1);
        assertThat(SECRETS).allSatisfy(secret -> assertThat(written).as("claude-mem's database has it").contains(secret));

        // eagle-mem already knows the shop-api repository as code/shop-api.
        Path eagleData = workspace.dir("eagle-data");
        Map<String, String> env = new HashMap<>(workspace.baseEnv());
        env.put("EAGLE_MEM_DIR", eagleData.toString());
        env.put("EAGLE_MEM_SERVE_AUTOSTART", "0");
        eagle(shop, env, "memories", "add", "--kind", "decision", "--title", "Money is integer cents", "-c",
                "Prices are stored in integer cents, never floats");
        Map<String, Long> before = eagleCounts(eagleData);
        assertThat(before).containsEntry("projects", 1L).containsEntry("memories", 1L);

        JsonNode dry = eagle(shop, env, "import", claudeMemDb.toString(), "--from", "claude-mem", "--dry-run", "--json");
        assertThat(dry.path("dry_run").asBoolean()).isTrue();
        assertThat(eagleCounts(eagleData)).as("a dry run writes nothing").isEqualTo(before);

        JsonNode first = eagle(shop, env, "import", claudeMemDb.toString(), "--from", "claude-mem", "--json");
        assertThat(first.path("from").asText()).isEqualTo("claude-mem");
        assertThat(first.path("dry_run").asBoolean()).isFalse();
        assertThat(created(first)).containsExactlyEntriesOf(ordered("project", 1L, "session", 4L, "summary", 4L,
                "prompt", 5L, "memory", 11L));
        // shop-api is code/shop-api, known already: the two project records merge (never a conflict)
        assertThat(count(first, "project", "skipped") + count(first, "project", "updated")).isEqualTo(1);
        assertThat(first.path("conflicts")).isEmpty();
        assertThat(JSON.convertValue(first.path("not_imported"), Map.class)).isEqualTo(Map.of(
                "sdk_sessions (stand-in for memories saved by hand)", 1,
                "session_summaries (older summary of the same session)", 1,
                "tool_uses", 8));
        assertThat(dry.path("counts")).as("the dry run reported what the import did").isEqualTo(first.path("counts"));
        assertThat(dry.path("not_imported")).isEqualTo(first.path("not_imported"));
        Map<String, Long> after = eagleCounts(eagleData);
        assertThat(after).containsExactlyEntriesOf(ordered("projects", 2L, "sessions", before.get("sessions") + 4,
                "summaries", before.get("summaries") + 4, "user_prompts", before.get("user_prompts") + 5, "memories", 12L,
                "observations", before.get("observations")));

        JsonNode again = eagle(shop, env, "import", claudeMemDb.toString(), "--json");
        assertThat(again.path("from").asText()).as("recognised without --from").isEqualTo("claude-mem");
        assertThat(created(again).values()).containsOnly(0L);
        assertThat(again.path("counts").findValuesAsText("updated")).containsOnly("0");
        assertThat(eagleCounts(eagleData)).as("importing twice changes nothing").isEqualTo(after);

        Path memoryDb = eagleData.resolve("memory.db");
        assertThat(column(memoryDb, "SELECT key FROM projects ORDER BY key")).containsExactly("blog", "code/shop-api");
        assertThat(column(memoryDb, "SELECT id || ' ' || project || ' ' || agent || ' ' || status || ' ' || coalesce(cwd, '-')"
                + " FROM sessions ORDER BY started_at")).containsExactly(
                        SESSION_D + " blog claude-code completed -",
                        SESSION_A + " code/shop-api claude-code completed " + shop,
                        SESSION_B + " blog codex completed " + blog,
                        SESSION_C + " code/shop-api claude-code completed " + shop);
        assertThat(column(memoryDb, "SELECT kind || ' ' || title || ' ' || files || ' ' || coalesce(session_id, '-')"
                + " FROM memories WHERE title = 'Line items were rounded before summing'")).containsExactly(
                        "gotcha Line items were rounded before summing [\"src/cart.ts\"] " + SESSION_A);
        assertThat(column(memoryDb, "SELECT project || ' ' || kind || ' ' || coalesce(session_id, '-') FROM memories"
                + " WHERE title = 'Use pnpm in shop-api'")).containsExactly("code/shop-api discovery -");
        assertThat(column(memoryDb, "SELECT completed FROM summaries WHERE session_id = '" + SESSION_A + "'"))
                .as("the newest of the session's two summaries").containsExactly("Regression test added; all 42 tests pass");
        assertThat(column(memoryDb, "SELECT files FROM memories")).noneMatch(f -> f.contains(workspace.home().toString()));

        String stored = allText(eagleData);
        assertThat(SECRETS).allSatisfy(secret -> assertThat(stored).as("redacted on the way in").doesNotContain(secret));
        assertThat(column(memoryDb, "SELECT prompt FROM user_prompts WHERE prompt LIKE 'Checkout shows%'")).singleElement()
                .asString().contains("[REDACTED");
    }

    /** Three live sessions through the hook API, a memory saved by hand, and an older session bulk-loaded. */
    private static void fill(Worker w, FakeObserver observer, Path shop, Path blog) {
        // Session A (Claude Code, shop-api): two prompts, two tool calls each, a summary per prompt.
        w.prompt(SESSION_A, "claude", "shop-api", "Checkout shows 119.94 for 3 x 19.99 plus 2 x 29.99, one cent off. Find out"
                + " why, then push the fix (my token is " + GITHUB_TOKEN + " if git asks).");
        observer.script("export function lineTotal", observation("discovery", "Line totals are rounded before summing",
                "cart.ts rounds every line to cents", "lineTotal() rounds each line with Math.round before total() adds"
                        + " them, so three lines of 19.99 lose a cent.",
                List.of("lineTotal() rounds to cents", "total() sums the rounded lines"), List.of("how-it-works"),
                List.of("src/cart.ts"), List.of()));
        w.tool(SESSION_A, "claude", shop, "toolu_01A", "Read", object("file_path", shop + "/src/cart.ts"),
                object("type", "text", "file", object("filePath", shop + "/src/cart.ts", "content",
                        "export function lineTotal(l) { return Math.round(l.price * l.qty * 100) / 100 }\n"
                                + "export function total(ls) { return ls.map(lineTotal).reduce((a, b) => a + b, 0) }\n")));
        observer.script("sum(ls.map(rawLine))", observation("bugfix", "Line items were rounded before summing",
                "total() now rounds once", "total() sums unrounded line amounts in integer cents and rounds once at the"
                        + " end; the one-cent drift on multi-line carts is gone.",
                List.of("roundCents() is applied once, in total()"), List.of("problem-solution"), List.of(),
                List.of("src/cart.ts")));
        w.tool(SESSION_A, "claude", shop, "toolu_02A", "Edit", object("file_path", shop + "/src/cart.ts", "old_string",
                "ls.map(lineTotal).reduce((a, b) => a + b, 0)", "new_string", "roundCents(sum(ls.map(rawLine)))"),
                object("filePath", shop + "/src/cart.ts", "success", true));
        observer.script("Fixed: total() now rounds once", summary("Fix the one-cent checkout total", "src/cart.ts rounding",
                "Rounding each line before summing drifts by a cent", "total() rounds once at the end",
                "Add a regression test", "Token was not needed"));
        w.summarize(SESSION_A, "claude", "Fixed: total() now rounds once, at the end. Checkout shows 119.92 now.");
        w.awaitStats(2, 1, observer);

        w.prompt(SESSION_A, "claude", "shop-api", "Make rounding once the rule for all money code and add a regression test.");
        observer.script("it('rounds a cart once'", observation("decision", "Money is summed in cents and rounded once",
                "Rule for all money code", "All money arithmetic sums integer cents and rounds once at the boundary;"
                        + " per-line rounding is not allowed.",
                List.of("applies to cart, invoices and refunds"),
                List.of("pattern", "why-it-exists"), List.of(), List.of("test/cart.test.ts")));
        w.tool(SESSION_A, "claude", shop, "toolu_03A", "Write", object("file_path", shop + "/test/cart.test.ts", "content",
                "it('rounds a cart once', () => expect(total(cart)).toBe(119.92))\n"), object("type", "create"));
        observer.script("42 passed", observation("change", "Regression test for cart rounding",
                "test/cart.test.ts", "A regression test pins the 3 x 19.99 + 2 x 29.99 cart at 119.92.",
                List.of("npm test runs it"), List.of("what-changed"), List.of(), List.of()));
        w.tool(SESSION_A, "claude", shop, "toolu_04A", "Bash", object("command", "npm test"),
                object("stdout", "Tests: 42 passed, 42 total\nANTHROPIC_API_KEY=" + ANTHROPIC_KEY + " (from CI env)",
                        "stderr", "", "interrupted", false));
        observer.script("Added test/cart.test.ts", summary("Make rounding once the rule and add a regression test",
                "money code paths", "Only total() rounded per line", "Regression test added; all 42 tests pass",
                "Rotate the Anthropic key the test run printed", "npm test printed ANTHROPIC_API_KEY=" + ANTHROPIC_KEY));
        w.summarize(SESSION_A, "claude", "Added test/cart.test.ts; npm test passes (42 tests).");
        w.awaitStats(4, 2, observer);
        w.end(SESSION_A, "claude");

        // Session B (Codex, blog): one prompt.
        w.prompt(SESSION_B, "codex", "blog", "Draft the release notes post for v2.3.");
        observer.script("git log --oneline v2.2..v2.3", observation("discovery", "v2.3 has three user-facing changes",
                "git log v2.2..v2.3", "Between v2.2 and v2.3: dark mode, RSS per tag, faster search.",
                List.of("dark mode", "RSS per tag", "search index 3x faster"), List.of("what-changed"), List.of(), List.of()));
        w.tool(SESSION_B, "codex", blog, "call_01B", "Bash", object("command", "git log --oneline v2.2..v2.3"),
                object("stdout", "a1b2c3d dark mode\nd4e5f6a rss per tag\n0a1b2c3 faster search\n", "stderr", "", "exit_code",
                        0));
        observer.script("Add File: content/posts/v2-3.md", observation("feature", "Release notes post for v2.3",
                "content/posts/v2-3.md", "Drafted the v2.3 release notes post covering dark mode, per-tag RSS and search.",
                List.of("draft: true until reviewed"), List.of("what-changed"), List.of(), List.of("content/posts/v2-3.md")));
        w.tool(SESSION_B, "codex", blog, "call_02B", "apply_patch", object("command",
                "*** Begin Patch\n*** Add File: content/posts/v2-3.md\n+# What's new in 2.3\n*** End Patch\n"),
                object("stdout", "Success. Updated the following files:\nA content/posts/v2-3.md", "exit_code", 0));
        observer.script("Drafted content/posts/v2-3.md", summary("Release notes for v2.3", "git history v2.2..v2.3",
                "Three user-facing changes", "Draft post written", "Review and publish", "Kept as draft"));
        w.summarize(SESSION_B, "codex", "Drafted content/posts/v2-3.md with the three changes.");
        w.awaitStats(6, 3, observer);
        w.end(SESSION_B, "codex");

        // Session C (Claude Code, shop-api): never ended by a hook; the worker closes it when it stops.
        w.prompt(SESSION_C, "claude", "shop-api", "Why does checkout time out under load?");
        observer.script("grep -rn AWS_ACCESS_KEY_ID config", observation("security_alert", "Staging AWS key committed",
                "config/staging.env", "config/staging.env holds AWS_ACCESS_KEY_ID=" + AWS_KEY_ID
                        + " in plain text; it is in git history.",
                List.of("key id " + AWS_KEY_ID),
                List.of("gotcha"), List.of("config/staging.env"), List.of()));
        w.tool(SESSION_C, "claude", shop, "toolu_01C", "Bash", object("command", "grep -rn AWS_ACCESS_KEY_ID config"),
                object("stdout", "config/staging.env:3:AWS_ACCESS_KEY_ID=" + AWS_KEY_ID, "stderr", "", "interrupted", false));
        observer.script("max: 5, idleTimeoutMillis", observation("discovery", "Database pool capped at 5 connections",
                "src/db/pool.ts", "The pool allows 5 connections; checkout holds one for the whole payment call.",
                List.of("pool max 5", "checkout holds a connection during payment"), List.of("how-it-works"),
                List.of("src/db/pool.ts"), List.of()));
        w.tool(SESSION_C, "claude", shop, "toolu_02C", "Read", object("file_path", shop + "/src/db/pool.ts"),
                object("type", "text", "file", object("filePath", shop + "/src/db/pool.ts", "content",
                        "export const pool = new Pool({ max: 5, idleTimeoutMillis: 10000 })\n")));
        observer.script("The pool is too small", summary("Checkout timeouts under load", "src/db/pool.ts, config",
                "Pool of 5 is exhausted while payments are in flight", "Cause found", "Release the connection before the"
                        + " payment call",
                "Also found a committed AWS key"));
        w.summarize(SESSION_C, "claude", "The pool is too small for checkout: it holds a connection during payment.");
        w.awaitStats(8, 4, observer);

        // A memory saved by hand (the MCP save tool and the viewer use this route).
        JsonNode saved = w.post("/api/memory/save", object("text", "Use pnpm, not npm, in shop-api: the lockfile is"
                + " pnpm-lock.yaml. The deploy key " + AWS_KEY_ID + " is rotated monthly.", "title", "Use pnpm in shop-api",
                "project", "shop-api"));
        assertThat(saved.path("success").asBoolean()).as(saved.toString()).isTrue();

        // An older blog session from another machine, loaded as claude-mem loads its own exports.
        ObjectNode bulk = JSON.createObjectNode();
        bulk.putArray("sessions").add(object("content_session_id", SESSION_D, "memory_session_id", "9b2f4e1a-old-laptop",
                "project", "blog", "platform_source", "claude", "user_prompt", "Set up the blog", "started_at",
                "2025-03-02T09:00:00.000Z", "started_at_epoch", 1740906000000L, "completed_at", "2025-03-02T10:15:00.000Z",
                "completed_at_epoch", 1740910500000L, "status", "completed"));
        bulk.putArray("summaries").add(object("memory_session_id", "9b2f4e1a-old-laptop", "project", "blog", "request",
                "Set up the blog", "investigated", "Hugo themes", "learned", "Hugo builds in 80 ms", "completed",
                "Blog scaffolded with RSS", "next_steps", "Write the first post", "files_read", "[\"config.toml\"]",
                "files_edited", "[\"config.toml\",\"layouts/partials/head.html\"]", "notes", null, "prompt_number", 1,
                "discovery_tokens", 0, "created_at", "2025-03-02T10:10:00.000Z", "created_at_epoch", 1740910200000L));
        ArrayNode old = bulk.putArray("observations");
        old.add(object("memory_session_id", "9b2f4e1a-old-laptop", "project", "blog", "text", null, "type", "feature",
                "title", "RSS feed at /index.xml", "subtitle", "Hugo outputs", "facts", "[\"home page emits RSS\"]",
                "narrative", "The home page also renders RSS at /index.xml.", "concepts", "[\"what-changed\"]", "files_read",
                "[]", "files_modified", "[\"config.toml\"]", "prompt_number", 1, "discovery_tokens", 0, "created_at",
                "2025-03-02T09:30:00.000Z", "created_at_epoch", 1740907800000L));
        old.add(object("memory_session_id", "9b2f4e1a-old-laptop", "project", "blog", "text", null, "type", "refactor",
                "title", "Head tags moved to a partial", "subtitle", "layouts/partials/head.html", "facts", "[]",
                "narrative", "All pages share layouts/partials/head.html for meta tags.", "concepts", "[]", "files_read",
                "[]", "files_modified", "[\"layouts/partials/head.html\"]", "prompt_number", 1, "discovery_tokens", 0,
                "created_at", "2025-03-02T09:50:00.000Z", "created_at_epoch", 1740909000000L));
        bulk.putArray("prompts").add(object("content_session_id", SESSION_D, "prompt_number", 1, "prompt_text",
                "Set up the blog", "created_at", "2025-03-02T09:00:00.000Z", "created_at_epoch", 1740906000000L));
        JsonNode imported = w.post("/api/import", bulk);
        assertThat(imported.path("stats").path("observationsImported").asInt()).as(imported.toString()).isEqualTo(2);
        w.awaitStats(11, 5, observer);
    }

    /** claude-mem's worker as a child process of the test; {@link #close()} leaves nothing running. */
    private static final class Worker implements AutoCloseable {

        private final Process process;
        private final String base;
        private final Path log;
        private final List<ProcessHandle> children = new ArrayList<>();

        private Worker(Process process, String base, Path log) {
            this.process = process;
            this.base = base;
            this.log = log;
        }

        static Worker start(Path bun, Path script, E2eWorkspace workspace, Path data, FakeObserver observer) throws Exception {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            Map<String, String> env = new HashMap<>(workspace.baseEnv());
            env.put("PATH", bun.getParent() + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
            env.put("CLAUDE_MEM_DATA_DIR", data.toString());
            env.put("CLAUDE_CONFIG_DIR", workspace.home().resolve(".claude").toString());
            env.put("CLAUDE_MEM_WORKER_HOST", "127.0.0.1");
            env.put("CLAUDE_MEM_WORKER_PORT", Integer.toString(port));
            env.put("CLAUDE_MEM_PROVIDER", "openrouter");
            env.put("CLAUDE_MEM_OPENROUTER_BASE_URL", observer.baseUrl() + "/v1");
            env.put("CLAUDE_MEM_OPENROUTER_API_KEY", "fake-observer-key");
            env.put("CLAUDE_MEM_OPENROUTER_MODEL", "fake/observer");
            // Nothing that reaches out: no vector store (it would fetch chroma with uvx), no Telegram, no telemetry,
            // no transcript watching.
            env.put("CLAUDE_MEM_CHROMA_ENABLED", "false");
            env.put("CLAUDE_MEM_TELEGRAM_ENABLED", "false");
            env.put("CLAUDE_MEM_TRANSCRIPTS_ENABLED", "false");
            env.put("CLAUDE_MEM_TELEMETRY", "0");
            env.put("DO_NOT_TRACK", "1");
            Path log = workspace.root().resolve("claude-mem-worker.log");
            ProcessBuilder pb = new ProcessBuilder(bun.toString(), script.toString(), "--daemon")
                    .directory(workspace.root().toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().clear();
            pb.environment().putAll(env);
            Worker worker = new Worker(pb.start(), "http://127.0.0.1:" + port, log);
            try {
                worker.awaitReady();
            } catch (Exception | AssertionError e) {
                worker.close();
                throw e;
            }
            return worker;
        }

        private void awaitReady() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new AssertionError("claude-mem's worker exited with " + process.exitValue() + ":\n" + logTail());
                }
                try {
                    if (get("/api/readiness").path("status").asText().equals("ready")) {
                        return;
                    }
                } catch (IOException e) {
                    // not listening yet
                }
                Thread.sleep(100);
            }
            throw new AssertionError("claude-mem's worker was not ready within 60 s:\n" + logTail());
        }

        void prompt(String session, String platform, String project, String prompt) {
            JsonNode r = post("/api/sessions/init", object("contentSessionId", session, "project", project, "prompt", prompt,
                    "platformSource", platform));
            assertThat(r.path("status").asText()).as(r.toString()).isEqualTo("initialized");
        }

        void tool(String session, String platform, Path cwd, String toolUseId, String tool, ObjectNode input,
                ObjectNode response) {
            JsonNode r = post("/api/sessions/observations", object("contentSessionId", session, "tool_name", tool, "tool_input",
                    input, "tool_response", response, "cwd", cwd.toString(), "tool_use_id", toolUseId, "platformSource",
                    platform));
            assertThat(r.path("status").asText()).as(r.toString()).isEqualTo("queued");
        }

        void summarize(String session, String platform, String lastAssistantMessage) {
            JsonNode r = post("/api/sessions/summarize", object("contentSessionId", session, "last_assistant_message",
                    lastAssistantMessage, "platformSource", platform));
            assertThat(r.path("status").asText()).as(r.toString()).isEqualTo("queued");
        }

        void end(String session, String platform) {
            JsonNode r = post("/api/sessions/session-end", object("contentSessionId", session, "platformSource", platform,
                    "reason", "exit"));
            assertThat(r.path("status").asText()).as(r.toString()).isEqualTo("accepted");
        }

        /** Waits until the observer's answers are stored: so many observations and summaries in the database. */
        void awaitStats(int observations, int summaries, FakeObserver observer) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            JsonNode db = null;
            while (System.nanoTime() < deadline) {
                try {
                    db = get("/api/stats").path("database");
                    JsonNode status = get("/api/processing-status");
                    if (db.path("observations").asInt() == observations && db.path("summaries").asInt() == summaries
                            && status.path("queueDepth").asInt(-1) == 0) {
                        return;
                    }
                    Thread.sleep(50);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
            throw new AssertionError("claude-mem did not store " + observations + " observations and " + summaries
                    + " summaries within 60 s; it has " + db + ". " + observer.summary() + "\n" + logTail());
        }

        JsonNode post(String path, JsonNode body) {
            try {
                HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                        .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as("POST %s: %s", path, r.body()).isEqualTo(200);
                return JSON.readTree(r.body());
            } catch (IOException e) {
                throw new UncheckedIOException("POST " + path + " to claude-mem's worker failed:\n" + logTail(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }

        JsonNode get(String path) throws IOException, InterruptedException {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            return JSON.readTree(r.body());
        }

        /** claude-mem's own stop: it finishes its sessions, checkpoints the database and exits. */
        void stop() throws Exception {
            children.addAll(process.descendants().toList());
            assertThat(post("/api/admin/shutdown", JSON.createObjectNode()).path("status").asText()).isEqualTo("shutting_down");
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the worker exits after /api/admin/shutdown:\n%s", logTail())
                    .isTrue();
        }

        @Override
        public void close() {
            List<ProcessHandle> tree = new ArrayList<>(children);
            tree.addAll(process.descendants().toList());
            tree.add(process.toHandle());
            tree.forEach(ProcessHandle::destroyForcibly);
            for (ProcessHandle p : tree) {
                p.onExit().completeOnTimeout(p, 10, TimeUnit.SECONDS).join();
            }
            assertThat(tree).as("claude-mem's worker and its children are gone").noneMatch(ProcessHandle::isAlive);
        }

        private String logTail() {
            try {
                return "--- " + log + " (tail) ---\n" + AgentProcess.tail(Files.readString(log));
            } catch (IOException e) {
                return "(no worker log: " + e.getMessage() + ")";
            }
        }
    }

    /** Runs the packaged launcher; its stdout as JSON when it printed one JSON line. */
    private static JsonNode eagle(Path cwd, Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(EagleMemInstall.LAUNCHER.toString()));
        command.addAll(List.of(args));
        AgentProcess.Outcome run = AgentProcess.run(command, cwd, env, Duration.ofSeconds(120), () -> "");
        assertThat(run.exitCode()).as("eagle-mem %s: %s", String.join(" ", args), run.describe()).isZero();
        String out = run.stdout().strip();
        return out.startsWith("{") ? JSON.readTree(out) : JSON.createObjectNode();
    }

    private static Map<String, Long> created(JsonNode report) {
        Map<String, Long> out = new LinkedHashMap<>();
        report.path("counts").forEach(c -> {
            if (c.path("created").asLong() + c.path("updated").asLong() + c.path("skipped").asLong() > 0) {
                out.put(c.path("type").asText(), c.path("created").asLong());
            }
        });
        return out;
    }

    private static long count(JsonNode report, String type, String field) {
        return report.path("counts").valueStream().filter(c -> c.path("type").asText().equals(type)).findFirst()
                .orElseThrow().path(field).asLong();
    }

    private static Map<String, Long> eagleCounts(Path data) throws SQLException {
        return counts(data.resolve("memory.db"), "projects", "sessions", "summaries", "user_prompts", "memories",
                "observations");
    }

    private static Map<String, Long> counts(Path db, String... tables) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:file:" + db + "?mode=ro");
                Statement st = c.createStatement()) {
            for (String table : tables) {
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
                    out.put(table, rs.getLong(1));
                }
            }
        }
        return out;
    }

    private static List<String> column(Path db, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:file:" + db + "?mode=ro");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** Every byte of every file below {@code dir} (databases, their WAL, logs), as text. */
    private static String allText(Path dir) throws IOException {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).append('\n');
            }
        }
        return out.toString();
    }

    private static Map<String, Long> ordered(Object... pairs) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.put((String) pairs[i], (Long) pairs[i + 1]);
        }
        return out;
    }

    /** A JSON object from alternating names and values (strings, numbers, booleans, nodes, null). */
    private static ObjectNode object(Object... pairs) {
        ObjectNode node = JSON.createObjectNode();
        for (int i = 0; i < pairs.length; i += 2) {
            node.set((String) pairs[i], JSON.valueToTree(pairs[i + 1]));
        }
        return node;
    }
}
