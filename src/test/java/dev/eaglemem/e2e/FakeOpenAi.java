package dev.eaglemem.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A scripted stand-in for the OpenAI Responses API, for the real Codex CLI (a {@code [model_providers.fake]}
 * whose {@code base_url} is {@link #providerBaseUrl()}; see {@link CodexProvider}).
 *
 * <p>Codex labels each request in the {@code x-codex-turn-metadata} header. Only the root agent's
 * {@code request_kind: "turn"} requests (with tools) consume the script; compaction summaries, spawned
 * sub-agents ({@code subagent_kind}) and approval reviews get a short text. Once the script is used up the
 * root loop gets the final text {@code "done"}. The SSE sequence is the one Codex 0.169.0 accepted in
 * {@code codex-hooks.md} §1.
 */
public final class FakeOpenAi extends FakeModelServer {

    /** One model reply of the root agent loop. */
    public sealed interface Turn permits Turn.Text, Turn.Shell, Turn.Patch, Turn.Call, Turn.ToolSearch {

        /** A final assistant message: ends the turn. */
        record Text(String text) implements Turn {
        }

        /** Codex's shell tool: a {@code function_call} of {@code exec_command} with {@code {"cmd": ...}}. */
        record Shell(String cmd) implements Turn {
        }

        /** {@code apply_patch}, sent as a freeform {@code custom_tool_call} whose input is the raw patch. */
        record Patch(String patch) implements Turn {
        }

        /** Any other function tool; {@code namespace} (nullable) for grouped tools such as spawn_agent. */
        record Call(String name, JsonNode arguments, String namespace) implements Turn {
        }

        /**
         * Codex's {@code tool_search} (a client-executed tool, not a function): a {@code tool_search_call} item. Codex
         * offers MCP tools only through it; the tools it finds are callable in the next turn.
         */
        record ToolSearch(String query) implements Turn {
        }

        static Turn text(String text) {
            return new Text(text);
        }

        static Turn shell(String cmd) {
            return new Shell(cmd);
        }

        static Turn patch(String patch) {
            return new Patch(patch);
        }

        static Turn toolSearch(String query) {
            return new ToolSearch(query);
        }

        static Turn call(String name, Map<String, ?> arguments) {
            return new Call(name, JSON.valueToTree(arguments), null);
        }
    }

    static final String METADATA_HEADER = "x-codex-turn-metadata";
    private static final String SIDE_TEXT = "Summary: the session so far ran the scripted steps.";
    private static final String EXHAUSTED_TEXT = "done";
    private static final int USUAL_TOKENS = 100;
    // Without an explicit yield a slow command is backgrounded and the model is expected to poll it.
    private static final int SHELL_YIELD_MS = 10_000;

    private static final int MAX_SEARCH_RETRIES = 60;

    private List<Turn> script = List.of();
    private int cursor;
    private int searchRetries;
    private final Map<Integer, Integer> reportedTokens = new java.util.HashMap<>();

    private FakeOpenAi(Path log) {
        super(log);
    }

    /** A server with no script yet (the root loop gets {@code "done"}) and no log file. */
    public static FakeOpenAi start() {
        return start(null);
    }

    /** As {@link #start()}, appending every request (headers and body) as one JSON line to {@code jsonlLog}. */
    public static FakeOpenAi start(Path jsonlLog) {
        FakeOpenAi fake = new FakeOpenAi(jsonlLog);
        fake.listen();
        return fake;
    }

    /** What config.toml's {@code base_url} must be: Codex POSTs {@code {base_url}/responses}. */
    public String providerBaseUrl() {
        return baseUrl() + "/v1";
    }

    /** Replaces the script and rewinds it, so one server can serve several sessions in turn. */
    public synchronized void script(List<Turn> turns) {
        script = List.copyOf(turns);
        cursor = 0;
        searchRetries = 0;
        reportedTokens.clear();
    }

    public void script(Turn... turns) {
        script(List.of(turns));
    }

    /**
     * The answer to script turn {@code index} reports {@code inputTokens} of usage instead of 100: how a test drives
     * Codex's auto compaction ({@code model_auto_compact_token_limit}) without a long session. Reset by {@link #script}.
     */
    public synchronized void reportTokens(int index, int inputTokens) {
        reportedTokens.put(index, inputTokens);
    }

    public synchronized int remainingTurns() {
        return script.size() - cursor;
    }

    /** The root agent-loop requests, in order. */
    public List<RecordedRequest> mainLoopRequests() {
        return requests().stream().filter(FakeOpenAi::isMainLoop).toList();
    }

    /** Whether a recorded request is a root agent-loop turn (the kind that consumes the script). */
    public static boolean isMainLoop(RecordedRequest request) {
        return isMainLoop(request.method(), request.path(), request.headers(), request.body());
    }

    /** The parsed {@code x-codex-turn-metadata} header, or an empty object. */
    public static JsonNode turnMetadata(Map<String, String> headers) {
        String raw = headers.get(METADATA_HEADER);
        if (raw == null) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(raw);
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    private static boolean isMainLoop(String method, String path, Map<String, String> headers, JsonNode body) {
        JsonNode meta = turnMetadata(headers);
        return "POST".equals(method) && isResponses(path)
                && body.path("tools").isArray() && !body.path("tools").isEmpty()
                && meta.path("request_kind").asText("turn").equals("turn")
                && meta.path("subagent_kind").isMissingNode()
                && meta.path("agent_name").asText("/root").equals("/root");
    }

    @Override
    protected Reply answer(Incoming request) {
        if (!"POST".equals(request.method())) {
            return request.path().contains("/models") ? Reply.json(models(), "models")
                    : Reply.json(JSON.createObjectNode(), "get");
        }
        if (!isResponses(request.path())) {
            ObjectNode error = JSON.createObjectNode();
            error.putObject("error").put("message", "fake OpenAI: unknown path " + request.path());
            return new Reply(404, "application/json", error.toString().getBytes(StandardCharsets.UTF_8),
                    "unknown path");
        }
        Chosen chosen = choose(request);
        OutputItem item = OutputItem.of(chosen.turn(), declaresCustom(request.body(), "apply_patch"), SHELL_YIELD_MS);
        String model = request.body().path("model").asText("gpt-5.5");
        return request.body().path("stream").asBoolean(false)
                ? Reply.sse(stream(item, model, chosen.inputTokens()), chosen.label())
                : Reply.json(response("completed", model, item.done(), chosen.inputTokens()), chosen.label());
    }

    private record Chosen(Turn turn, String label, int inputTokens) {

        Chosen(Turn turn, String label) {
            this(turn, label, USUAL_TOKENS);
        }
    }

    private synchronized Chosen choose(Incoming request) {
        if (!isMainLoop(request.method(), request.path(), request.headers(), request.body())) {
            return new Chosen(new Turn.Text(SIDE_TEXT), "side");
        }
        // Codex starts MCP servers alongside the first turn: a search before they are up finds nothing, so the
        // model searches again (a second apart, for at most a minute) until the server's tools are there
        if (cursor > 0 && script.get(cursor - 1) instanceof Turn.ToolSearch search && foundNothing(request.body())
                && searchRetries < MAX_SEARCH_RETRIES) {
            searchRetries++;
            pause(Duration.ofSeconds(1));
            return new Chosen(search, "script[" + (cursor - 1) + "] again");
        }
        if (cursor < script.size()) {
            int index = cursor++;
            return new Chosen(script.get(index), "script[" + index + "]",
                    reportedTokens.getOrDefault(index, USUAL_TOKENS));
        }
        return new Chosen(new Turn.Text(EXHAUSTED_TEXT), "exhausted");
    }

    /** Whether the request's latest {@code tool_search_output} holds no tools. */
    private static boolean foundNothing(JsonNode body) {
        JsonNode last = null;
        for (JsonNode item : body.path("input")) {
            if ("tool_search_output".equals(item.path("type").asText())) {
                last = item;
            }
        }
        return last != null && last.path("tools").isEmpty();
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean isResponses(String path) {
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        return bare.endsWith("/responses");
    }

    /** Whether the request offers {@code name} as a freeform (custom) tool rather than a function. */
    private static boolean declaresCustom(JsonNode body, String name) {
        for (JsonNode tool : body.path("tools")) {
            if (name.equals(tool.path("name").asText()) && "custom".equals(tool.path("type").asText())) {
                return true;
            }
        }
        return false;
    }

    private static SseStream stream(OutputItem item, String model, int inputTokens) {
        SseStream sse = new SseStream()
                .event("response.created", event("response.created").set("response", response("in_progress", model, null, 0)))
                .event("response.in_progress",
                        event("response.in_progress").set("response", response("in_progress", model, null, 0)));
        ObjectNode added = event("response.output_item.added").put("output_index", 0);
        added.set("item", item.added());
        sse.event("response.output_item.added", added);
        for (OutputItem.Delta delta : item.deltas()) {
            ObjectNode data = delta.data().deepCopy().put("type", delta.event());
            sse.event(delta.event(), data);
        }
        ObjectNode done = event("response.output_item.done").put("output_index", 0);
        done.set("item", item.done());
        return sse.event("response.output_item.done", done)
                .event("response.completed",
                        event("response.completed").set("response", response("completed", model, item.done(), inputTokens)));
    }

    private static ObjectNode event(String type) {
        return JSON.createObjectNode().put("type", type);
    }

    private static ObjectNode response(String status, String model, JsonNode outputItem, int inputTokens) {
        ObjectNode response = JSON.createObjectNode()
                .put("id", "resp_" + UUID.randomUUID().toString().replace("-", ""))
                .put("object", "response").put("created_at", Instant.now().getEpochSecond())
                .put("status", status).put("model", model);
        var output = response.putArray("output");
        if (outputItem != null) {
            output.add(outputItem);
        }
        if ("completed".equals(status)) {
            response.putObject("usage").put("input_tokens", inputTokens).put("output_tokens", 10)
                    .put("total_tokens", inputTokens + 10)
                    .<ObjectNode>set("input_tokens_details", JSON.createObjectNode().put("cached_tokens", 0))
                    .set("output_tokens_details", JSON.createObjectNode().put("reasoning_tokens", 0));
        } else {
            response.putNull("usage");
        }
        response.putNull("error");
        response.putNull("incomplete_details");
        return response;
    }

    private static ObjectNode models() {
        ObjectNode list = JSON.createObjectNode().put("object", "list");
        list.putArray("data").addObject().put("id", "gpt-5.5").put("object", "model").put("owned_by", "fake");
        list.putArray("models");
        return list;
    }
}
