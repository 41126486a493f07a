package dev.eaglemem.e2e;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A scripted stand-in for OpenAI's Chat Completions API ({@code POST {base}/chat/completions}, streamed), for GitHub
 * Copilot CLI's default provider type ({@code COPILOT_PROVIDER_TYPE=openai}, {@code COPILOT_PROVIDER_BASE_URL=}
 * {@link #providerBaseUrl()}). Copilot 1.0.102 sends exactly one such request per model turn, every one with its
 * tools, so each consumes the next {@link Turn}; once the script is used up the answer is the text {@code "done"}.
 * The chunk sequence is the one Copilot accepted in the verified offline runs (docs/agents/copilot.md).
 */
public final class FakeChatCompletions extends FakeModelServer {

    /** One model reply. */
    public sealed interface Turn permits Turn.Text, Turn.Tool {

        /** A final assistant message ({@code finish_reason: stop}). */
        record Text(String text) implements Turn {
        }

        /** One function call ({@code finish_reason: tool_calls}); Copilot runs it and calls the model again. */
        record Tool(String name, JsonNode arguments) implements Turn {
        }

        static Turn text(String text) {
            return new Text(text);
        }

        static Turn tool(String name, Map<String, ?> arguments) {
            return new Tool(name, JSON.valueToTree(arguments));
        }
    }

    private List<Turn> script = List.of();
    private int cursor;

    private FakeChatCompletions(Path log) {
        super(log);
    }

    /** As {@link FakeAnthropic#start(Path)}: appends every request as one JSON line to {@code jsonlLog}. */
    public static FakeChatCompletions start(Path jsonlLog) {
        FakeChatCompletions fake = new FakeChatCompletions(jsonlLog);
        fake.listen();
        return fake;
    }

    /** What {@code COPILOT_PROVIDER_BASE_URL} must be: Copilot POSTs {@code {base}/chat/completions}. */
    public String providerBaseUrl() {
        return baseUrl() + "/v1";
    }

    public synchronized void script(Turn... turns) {
        script = List.of(turns);
        cursor = 0;
    }

    /** The model requests (each carries the tools), in order. */
    public List<RecordedRequest> mainLoopRequests() {
        return requests().stream().filter(r -> r.path().endsWith("/chat/completions")).toList();
    }

    @Override
    protected Reply answer(Incoming request) {
        if (!"POST".equals(request.method()) || !request.path().endsWith("/chat/completions")) {
            ObjectNode error = JSON.createObjectNode();
            error.putObject("error").put("message", "fake Chat Completions: unknown " + request.method() + " " + request.path());
            return new Reply(404, "application/json", error.toString().getBytes(StandardCharsets.UTF_8), "unknown path");
        }
        String label;
        Turn turn;
        synchronized (this) {
            label = cursor < script.size() ? "script[" + cursor + "]" : "exhausted";
            turn = cursor < script.size() ? script.get(cursor++) : new Turn.Text("done");
        }
        String model = request.body().path("model").asText("gpt-4.1");
        StringBuilder sse = new StringBuilder();
        switch (turn) {
            case Turn.Text t -> {
                ObjectNode delta = JSON.createObjectNode().put("role", "assistant").put("content", t.text());
                sse.append(chunk(model, delta, null));
                sse.append(chunk(model, JSON.createObjectNode(), "stop"));
            }
            case Turn.Tool t -> {
                ObjectNode start = JSON.createObjectNode().put("role", "assistant").putNull("content");
                start.putArray("tool_calls").addObject().put("index", 0).put("id", "call_" + label.hashCode())
                        .put("type", "function").putObject("function").put("name", t.name()).put("arguments", "");
                sse.append(chunk(model, start, null));
                ObjectNode args = JSON.createObjectNode();
                args.putArray("tool_calls").addObject().put("index", 0).putObject("function")
                        .put("arguments", t.arguments().toString());
                sse.append(chunk(model, args, null));
                sse.append(chunk(model, JSON.createObjectNode(), "tool_calls"));
            }
        }
        sse.append("data: [DONE]\n\n");
        return new Reply(200, "text/event-stream", sse.toString().getBytes(StandardCharsets.UTF_8), label);
    }

    private static String chunk(String model, ObjectNode delta, String finishReason) {
        ObjectNode chunk = JSON.createObjectNode().put("id", "chatcmpl-fake").put("object", "chat.completion.chunk")
                .put("created", 0).put("model", model);
        ObjectNode choice = chunk.putArray("choices").addObject().put("index", 0);
        choice.set("delta", delta);
        if (finishReason == null) {
            choice.putNull("finish_reason");
        } else {
            choice.put("finish_reason", finishReason);
            chunk.putObject("usage").put("prompt_tokens", 10).put("completion_tokens", 5).put("total_tokens", 15);
        }
        return "data: " + chunk + "\n\n";
    }
}
