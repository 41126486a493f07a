package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code eagle-mem mcp} as a real process, driven by the official MCP TypeScript SDK client
 * ({@code src/test/resources/mcp/sdk-client.cjs}, run with node): it lists the tools, calls each one, sends bad
 * input, and reports what it saw; the assertions are here. Then the same process gets raw malformed lines.
 */
class McpSdkClientIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> TOOLS = List.of("search", "timeline", "get", "memory_add", "memory_update",
            "memory_forget", "session_save", "feature_pending", "code_search", "memory_stale", "memory_confirm",
            "task_list", "task_show", "task_add", "task_update", "task_search", "task_stale", "orchestrate_status",
            "lane_add", "lane_spawn", "lane_sync", "orchestrate_handoff");

    /** destructiveHint per tool: memory_add can overwrite a same-topic memory's text and forget the one it supersedes. */
    private static final Map<String, Boolean> DESTRUCTIVE = Map.ofEntries(Map.entry("search", false),
            Map.entry("timeline", false), Map.entry("get", false), Map.entry("memory_add", true),
            Map.entry("memory_update", true), Map.entry("memory_forget", true), Map.entry("session_save", true),
            Map.entry("feature_pending", false), Map.entry("code_search", false), Map.entry("memory_stale", false),
            Map.entry("memory_confirm", false), Map.entry("task_list", false), Map.entry("task_show", false),
            Map.entry("task_add", false), Map.entry("task_update", true), Map.entry("task_search", false),
            Map.entry("task_stale", false), Map.entry("orchestrate_status", false), Map.entry("lane_add", false),
            Map.entry("lane_spawn", false), Map.entry("lane_sync", false), Map.entry("orchestrate_handoff", false));

    private static Map<String, String> env(E2eWorkspace workspace) {
        Map<String, String> env = new HashMap<>(workspace.baseEnv());
        env.put("EAGLE_MEM_DIR", workspace.dir("eagle-data").toString());
        return env;
    }

    @Test
    void theTypeScriptSdkClientListsAndCallsEveryTool() throws Exception {
        Path tools = AgentTools.locate().mcpSdk();
        E2eWorkspace workspace = E2eWorkspace.create();
        Path script = workspace.root().resolve("sdk-client.cjs");
        try (var in = McpSdkClientIT.class.getResourceAsStream("/mcp/sdk-client.cjs")) {
            Files.copy(in, script);
        }
        AgentProcess.Outcome run = AgentProcess.run(List.of("node", script.toString(), tools.toString(),
                EagleMemInstall.LAUNCHER.toString()), workspace.repo(), env(workspace), Duration.ofSeconds(180), () -> "");
        assertThat(run.exitCode()).as(run.describe()).isZero();
        JsonNode report = JSON.readTree(run.stdout().strip());
        Files.writeString(workspace.root().resolve("sdk-report.json"), report.toPrettyString());

        assertThat(report.at("/server/name").asText()).isEqualTo("eagle-mem");
        assertThat(report.path("instructions").asText()).contains("search");
        JsonNode listed = report.path("tools");
        assertThat(listed.findValuesAsText("name")).containsExactlyInAnyOrderElementsOf(TOOLS);
        for (JsonNode tool : listed) {
            String name = tool.path("name").asText();
            assertThat(tool.at("/inputSchema/type").asText()).as(name).isEqualTo("object");
            assertThat(tool.path("annotations").has("readOnlyHint")).as(name).isTrue();
            assertThat(tool.path("annotations").has("destructiveHint")).as(name).isTrue();
            assertThat(tool.path("annotations").has("idempotentHint")).as(name).isTrue();
            boolean reads = List.of("search", "timeline", "get", "code_search", "memory_stale", "task_list",
                    "task_show", "task_search", "task_stale", "orchestrate_status", "orchestrate_handoff").contains(name);
            assertThat(tool.at("/annotations/readOnlyHint").asBoolean()).as(name).isEqualTo(reads);
            assertThat(tool.at("/annotations/destructiveHint").asBoolean()).as(name).isEqualTo(DESTRUCTIVE.get(name));
            if (name.equals("search") || name.equals("code_search")) {
                assertThat(tool.at("/inputSchema/properties/offset/type").asText()).as(name).isEqualTo("integer");
            }
        }

        JsonNode calls = report.path("calls");
        for (String name : List.of("memory_add", "search", "timeline", "get", "memory_update", "session_save",
                "feature_pending", "code_search", "memory_forget", "search_after_forget", "page_add_one", "page_add_two",
                "page_one", "page_two")) {
            assertThat(calls.at("/" + name + "/isError").asBoolean(true)).as(name + ": " + calls.path(name)).isFalse();
        }
        String memId = "mem-" + calls.at("/memory_add/json/memory/id").asLong();
        assertThat(calls.at("/search/json/hits").findValuesAsText("id")).containsExactly(memId);
        assertThat(calls.at("/search/json/project").asText()).isEqualTo("code/shop-api");
        assertThat(calls.at("/timeline/json/items").findValuesAsText("id")).contains(memId);
        assertThat(calls.at("/get/json/records/0/id").asText()).isEqualTo(memId);
        assertThat(calls.at("/get/json/missing/0").asText()).isEqualTo("sum-9999");
        assertThat(calls.at("/memory_update/json/status").asText()).isEqualTo("updated");
        assertThat(calls.at("/session_save/json/decisions").asInt()).isEqualTo(1);
        assertThat(calls.at("/feature_pending/json/project").asText()).isEqualTo("code/shop-api");
        assertThat(calls.at("/code_search/json/hits")).isEmpty();
        assertThat(calls.at("/code_search/json/hint").asText()).contains("no code index for this project")
                .contains("eagle-mem index");
        JsonNode pageOne = calls.at("/page_one/json");
        JsonNode pageTwo = calls.at("/page_two/json");
        assertThat(pageOne.path("hits")).hasSize(1);
        assertThat(pageOne.path("has_more").asBoolean()).as(pageOne.toString()).isTrue();
        assertThat(pageOne.path("next_offset").asInt()).isEqualTo(1);
        assertThat(pageTwo.path("hits")).hasSize(1);
        assertThat(pageTwo.path("has_more").asBoolean()).isFalse();
        assertThat(pageTwo.path("next_offset").isNull()).isTrue();
        assertThat(pageTwo.at("/hits/0/id").asText()).isNotEqualTo(pageOne.at("/hits/0/id").asText());
        assertThat(calls.at("/memory_forget/json/status").asText()).isEqualTo("forgotten");
        assertThat(calls.at("/search_after_forget/json/hits").findValuesAsText("id")).doesNotContain(memId);

        assertThat(calls.at("/bad_type/isError").asBoolean()).as(calls.path("bad_type").toString()).isTrue();
        assertThat(calls.at("/bad_limit/isError").asBoolean()).isTrue();
        assertThat(calls.at("/bad_offset/isError").asBoolean()).as(calls.path("bad_offset").toString()).isTrue();
        assertThat(calls.at("/bad_id/isError").asBoolean()).isTrue();
        assertThat(calls.at("/bad_id/text").asText()).startsWith("eagle-mem: 'not-an-id' is not a record id").contains("fix:");
        JsonNode unknown = calls.path("unknown_tool");
        assertThat(unknown.has("protocolError") || unknown.path("isError").asBoolean()).as(unknown.toString()).isTrue();
        assertThat(report.at("/unknownMethod/code").asInt()).isEqualTo(-32601);
        assertThat(report.path("afterErrors").asInt()).isEqualTo(TOOLS.size());
    }

    @Test
    void malformedLinesGetJsonRpcErrorsAndStdoutCarriesOnlyTheProtocol() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        ProcessBuilder builder = new ProcessBuilder(EagleMemInstall.LAUNCHER.toString(), "mcp")
                .directory(workspace.repo().toFile());
        builder.environment().clear();
        builder.environment().putAll(env(workspace));
        Process mcp = builder.start();
        try {
            OutputStream stdin = mcp.getOutputStream();
            BufferedReader stdout = new BufferedReader(new InputStreamReader(mcp.getInputStream(), StandardCharsets.UTF_8));
            send(stdin, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
            assertThat(JSON.readTree(stdout.readLine()).at("/result/serverInfo/name").asText()).isEqualTo("eagle-mem");
            send(stdin, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            send(stdin, "{ this is not json");
            JsonNode parse = JSON.readTree(stdout.readLine());
            assertThat(parse.at("/error/code").asInt()).as(parse.toString()).isEqualTo(-32700);
            send(stdin, "{\"id\":7,\"params\":[]}");
            JsonNode invalid = JSON.readTree(stdout.readLine());
            assertThat(invalid.at("/error/code").asInt()).as(invalid.toString()).isEqualTo(-32600);
            assertThat(invalid.path("id").asInt()).isEqualTo(7);
            send(stdin, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            JsonNode list = JSON.readTree(stdout.readLine());
            assertThat(list.at("/result/tools")).hasSize(TOOLS.size());
            stdin.close();
            assertThat(mcp.waitFor(60, TimeUnit.SECONDS)).as("the server ends when its stdin does").isTrue();
            assertThat(mcp.exitValue()).isZero();
            assertThat(stdout.readLine()).as("nothing but protocol lines on stdout").isNull();
        } finally {
            mcp.destroyForcibly();
        }
    }

    private static void send(OutputStream stdin, String line) throws Exception {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }
}
