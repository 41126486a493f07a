package dev.eaglemem.e2e;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A scripted stand-in for the OpenAI Chat Completions API, for the real OpenCode CLI: a provider with
 * {@code "npm": "@ai-sdk/openai-compatible"} (bundled in OpenCode, nothing is fetched) and {@code options.baseURL}
 * {@link #providerBaseUrl()} POSTs {@code /v1/chat/completions} with {@code stream: true}.
 *
 * <p>Requests that offer tools are the agent loop and consume the script; the others (the session title, the
 * compaction summary) get a short text. Once the script is used up the loop gets the final text {@code "done"}.
 * The stream is data-only SSE ending in {@code [DONE]}, with a usage chunk, as OpenCode 1.18.33 accepted it.
 */
public final class OpenCodeChatModel extends FakeModelServer {

    /** One model reply of the agent loop. */
    public sealed interface Turn permits Turn.Text, Turn.Call {

        /** A final assistant message: ends the turn. */
        record Text(String text) implements Turn {
        }

        /** A tool call: {@code bash} with {@code {command, description}}, {@code read} with {@code {filePath}}, … */
        record Call(String name, JsonNode arguments) implements Turn {
        }

        static Turn text(String text) {
            return new Text(text);
        }

        static Turn shell(String command) {
            return new Call("bash", JSON.valueToTree(Map.of("command", command, "description", "run " + command)));
        }

        static Turn call(String name, Map<String, ?> arguments) {
            return new Call(name, JSON.valueToTree(arguments));
        }
    }

    private static final String SIDE_TEXT = "Summary: the session so far ran the scripted steps.";
    private static final int USUAL_TOKENS = 100;

    private List<Turn> script = List.of();
    private int cursor;
    private final Map<Integer, Integer> reportedTokens = new java.util.HashMap<>();

    private OpenCodeChatModel(Path log) {
        super(log);
    }

    /** A server with no script yet, appending every request to {@code jsonlLog} when it is not null. */
    public static OpenCodeChatModel start(Path jsonlLog) {
        OpenCodeChatModel fake = new OpenCodeChatModel(jsonlLog);
        fake.listen();
        return fake;
    }

    /** What the provider's {@code options.baseURL} must be. */
    public String providerBaseUrl() {
        return baseUrl() + "/v1";
    }

    /** Replaces the script and rewinds it, so one server can serve several sessions in turn. */
    public synchronized void script(Turn... turns) {
        script = List.of(turns);
        cursor = 0;
        reportedTokens.clear();
    }

    /**
     * The answer to script turn {@code index} reports {@code promptTokens} of usage: over the model's context limit
     * it makes OpenCode compact the session. Reset by {@link #script}.
     */
    public synchronized void reportTokens(int index, int promptTokens) {
        reportedTokens.put(index, promptTokens);
    }

    /** The agent-loop requests (those offering tools), in order. */
    public List<RecordedRequest> mainLoopRequests() {
        return requests().stream().filter(OpenCodeChatModel::isMainLoop).toList();
    }

    static boolean isMainLoop(RecordedRequest request) {
        return request.path().endsWith("/chat/completions") && request.body().path("tools").size() > 0;
    }

    @Override
    protected synchronized Reply answer(Incoming request) {
        if (!request.path().endsWith("/chat/completions")) {
            return new Reply(404, "application/json", "{}".getBytes(StandardCharsets.UTF_8), "not found");
        }
        if (request.body().path("tools").isEmpty()) {
            return stream(new Turn.Text(SIDE_TEXT), USUAL_TOKENS, "side");
        }
        int index = cursor;
        if (index >= script.size()) {
            return stream(new Turn.Text("done"), USUAL_TOKENS, "exhausted");
        }
        cursor++;
        return stream(script.get(index), reportedTokens.getOrDefault(index, USUAL_TOKENS), "script[" + index + "]");
    }

    private static Reply stream(Turn turn, int promptTokens, String label) {
        StringBuilder out = new StringBuilder();
        ObjectNode delta = JSON.createObjectNode().put("role", "assistant");
        String finish;
        switch (turn) {
            case Turn.Text t -> {
                delta.put("content", t.text());
                finish = "stop";
            }
            case Turn.Call c -> {
                ObjectNode call = delta.putArray("tool_calls").addObject().put("index", 0)
                        .put("id", "call_" + label.replaceAll("\\W", "")).put("type", "function");
                call.putObject("function").put("name", c.name()).put("arguments", c.arguments().toString());
                finish = "tool_calls";
            }
        }
        data(out, chunk().set("choices", JSON.createArrayNode().add(choice().<ObjectNode>set("delta", delta))));
        data(out, chunk().set("choices",
                JSON.createArrayNode().add(choice().put("finish_reason", finish).set("delta", JSON.createObjectNode()))));
        ObjectNode usage = chunk();
        usage.putArray("choices");
        usage.putObject("usage").put("prompt_tokens", promptTokens).put("completion_tokens", 5)
                .put("total_tokens", promptTokens + 5);
        data(out, usage);
        out.append("data: [DONE]\n\n");
        return new Reply(200, "text/event-stream", out.toString().getBytes(StandardCharsets.UTF_8), label);
    }

    private static ObjectNode chunk() {
        return JSON.createObjectNode().put("id", "chatcmpl-fake").put("object", "chat.completion.chunk").put("created", 1)
                .put("model", "m");
    }

    private static ObjectNode choice() {
        return JSON.createObjectNode().put("index", 0);
    }

    private static void data(StringBuilder out, JsonNode data) {
        out.append("data: ").append(data).append("\n\n");
    }
}
