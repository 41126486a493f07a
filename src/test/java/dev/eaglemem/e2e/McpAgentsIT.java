package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The real agents start {@code eagle-mem mcp} themselves and the scripted model calls its search tool: the hit
 * (a memory an earlier session stored) must come back to the model in the tool result.
 */
class McpAgentsIT {

    private static final String GOTCHA = "Stripe retries webhooks for three days; dedupe on the event id";
    /** Claude Code gives MCP servers a start-up deadline; a cold JVM under a loaded CI machine needs more than the default. */
    private static final String MCP_TIMEOUT_MS = "120000";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    private static String remember(EagleMemInstall eagle) {
        eagle.run("memories", "add", "-k", "gotcha", GOTCHA);
        JsonNode hits = eagle.runJson("search", "stripe", "--json").path("hits");
        assertThat(hits).hasSize(1);
        return hits.get(0).path("id").asText();
    }

    @Test
    void claudeCodeCallsTheSearchToolOfTheServerInItsMcpConfig() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        String id = remember(eagle);
        Path config = workspace.root().resolve("mcp.json");
        Files.writeString(config, "{\"mcpServers\":{\"eagle-mem\":{\"type\":\"stdio\",\"command\":"
                + FakeModelServer.JSON.writeValueAsString(EagleMemInstall.LAUNCHER.toString()) + ",\"args\":[\"mcp\"]}}}",
                StandardCharsets.UTF_8);
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(FakeAnthropic.Turn.tool("mcp__eagle-mem__search", Map.of("query", "stripe webhooks")),
                    FakeAnthropic.Turn.text("Found the gotcha: dedupe on the event id."));
            ClaudeRun run = ClaudeSession.in(workspace, fake).env(eagle.env()).env("MCP_TIMEOUT", MCP_TIMEOUT_MS)
                    .args("--mcp-config", config.toString(), "--strict-mcp-config")
                    .allowedTools("mcp__eagle-mem__search").run("What do we know about Stripe webhooks?");
            run.assertSucceeded();
            RecordedRequest first = fake.mainLoopRequests().getFirst();
            assertThat(first.bodyContains("mcp__eagle-mem__search")).as("the tool is offered: " + first.describe()).isTrue();
            RecordedRequest after = fake.mainLoopRequests().getLast();
            assertThat(toolResult(after.body())).as(after.describe()).contains("\"id\":\"" + id + "\"").contains(GOTCHA)
                    .contains("\"project\":\"code/shop-api\"");
            Files.writeString(workspace.root().resolve("claude-tool-result.txt"), toolResult(after.body()));
        }
    }

    @Test
    void claudeCodeFindsTheServerInstallRegistered() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        Path binary = workspace.home().resolve(".eagle-mem/runtime/eagle-mem");
        Map<String, String> env = new java.util.HashMap<>(eagle.env());
        env.put("MCP_TIMEOUT", MCP_TIMEOUT_MS);
        AgentProcess.Outcome get = AgentProcess.run(List.of(AgentTools.locate().claude().toString(), "mcp", "get", "eagle-mem"),
                workspace.repo(), env, java.time.Duration.ofSeconds(180), () -> "");
        assertThat(get.exitCode()).as(get.describe()).isZero();
        assertThat(get.stdout()).as(get.describe()).contains("Scope: User config").contains("Command: " + binary)
                .contains("Args: mcp").contains("Connected");
        Files.writeString(workspace.root().resolve("claude-mcp-get.txt"), get.stdout());
    }

    @Test
    void codexCallsTheSearchToolOfTheServerInstallPutInItsConfig() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeOpenAi fake = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"))) {
            CodexSession codex = CodexSession.in(workspace, fake).configureProvider();
            eagle.install("codex");
            String id = remember(eagle);
            assertThat(codex.codexHome().resolve("config.toml")).content().contains("[mcp_servers.eagle-mem]");
            // Codex 0.169.0 offers MCP tools only through tool_search; a found tool is called in its namespace
            fake.script(FakeOpenAi.Turn.toolSearch("eagle-mem search memory"),
                    new FakeOpenAi.Turn.Call("search", FakeModelServer.JSON.valueToTree(Map.of("query", "stripe webhooks")),
                            "mcp__eagle_mem"),
                    FakeOpenAi.Turn.text("Found the gotcha: dedupe on the event id."));
            CodexRun run = codex.env(eagle.env()).run("What do we know about Stripe webhooks?");
            run.assertSucceeded();
            RecordedRequest after = fake.mainLoopRequests().getLast();
            assertThat(after.strings()).as("tool_search found the server's tools (Codex names the namespace mcp__eagle_mem)")
                    .contains("mcp__eagle_mem");
            String output = toolResult(after.body());
            assertThat(output).as(after.describe() + "\n" + run.describe()).contains(id).contains(GOTCHA);
            Files.writeString(workspace.root().resolve("codex-tool-result.txt"), output);
        }
    }

    /**
     * The tool results the agent sent back to the model: Anthropic's {@code tool_result} blocks or the Responses
     * API's {@code function_call_output} items, as text.
     */
    static String toolResult(JsonNode body) {
        StringBuilder out = new StringBuilder();
        collect(body, out);
        return out.toString();
    }

    private static void texts(JsonNode node, StringBuilder out) {
        if (node == null) {
            return;
        }
        if (node.isTextual()) {
            out.append(node.asText()).append('\n');
        }
        node.forEach(child -> texts(child, out));
    }

    private static void collect(JsonNode node, StringBuilder out) {
        String type = node.path("type").asText("");
        if (type.equals("tool_result") || type.equals("function_call_output")) {
            texts(node.has("content") ? node.get("content") : node.get("output"), out);
            return;
        }
        node.forEach(child -> collect(child, out));
    }
}
