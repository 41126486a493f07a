package dev.eaglemem.e2e;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A scripted stand-in for the Anthropic Messages API, for the real Claude Code CLI
 * ({@code ANTHROPIC_BASE_URL=}{@link #baseUrl()}).
 *
 * <p>Requests that carry {@code tools} are the agent loop: each consumes the next {@link Turn} of the
 * script, and once the script is used up they get the final text {@code "done"}. Other message requests
 * (titles, summaries) get a short text and never move the script. {@code count_tokens}, GET and HEAD are
 * answered so nothing the CLI probes fails. Streaming requests get Messages-API SSE; non-streaming ones the
 * equivalent message object.
 */
public final class FakeAnthropic extends FakeModelServer {

    /** One model reply of the agent loop. */
    public sealed interface Turn permits Turn.Text, Turn.Tool {

        /** A final assistant text: ends the agent loop ({@code stop_reason: end_turn}). */
        record Text(String text) implements Turn {
        }

        /** A tool call ({@code stop_reason: tool_use}); the CLI runs it and calls the model again. */
        record Tool(String name, JsonNode input) implements Turn {
        }

        static Turn text(String text) {
            return new Text(text);
        }

        static Turn tool(String name, Map<String, ?> input) {
            return new Tool(name, JSON.valueToTree(input));
        }

        /** The Bash tool; Claude Code wants a short description next to the command. */
        static Turn bash(String command) {
            return tool("Bash", Map.of("command", command, "description", "scripted command"));
        }

        /** The Write tool; {@code file} must be absolute. */
        static Turn write(Path file, String content) {
            return tool("Write", Map.of("file_path", file.toAbsolutePath().toString(), "content", content));
        }
    }

    private static final String SIDE_TEXT = "ok";
    private static final String EXHAUSTED_TEXT = "done";

    private List<Turn> script = List.of();
    private int cursor;
    private final Map<String, String> sideAnswers = new java.util.LinkedHashMap<>();

    private FakeAnthropic(Path log) {
        super(log);
    }

    /** A server with no script yet (every main-loop request gets {@code "done"}) and no log file. */
    public static FakeAnthropic start() {
        return start(null);
    }

    /** As {@link #start()}, appending every request as one JSON line to {@code jsonlLog}. */
    public static FakeAnthropic start(Path jsonlLog) {
        FakeAnthropic fake = new FakeAnthropic(jsonlLog);
        fake.listen();
        return fake;
    }

    /** Replaces the script and rewinds it, so one server can serve several sessions in turn. */
    public synchronized void script(List<Turn> turns) {
        script = List.copyOf(turns);
        cursor = 0;
    }

    public void script(Turn... turns) {
        script(List.of(turns));
    }

    /**
     * Side requests (no tools) whose body contains {@code needle} get {@code text} instead of {@code "ok"}: how a
     * test answers eagle-mem's own model calls (summary enrichment) made through this server.
     */
    public synchronized void answerSide(String needle, String text) {
        sideAnswers.put(needle, text);
    }

    /** The side requests whose body contains {@code needle}. */
    public List<RecordedRequest> sideRequests(String needle) {
        return requests().stream().filter(r -> isMessages(r.method(), r.path()) && !hasTools(r.body())
                && r.bodyContains(needle)).toList();
    }

    /** How many turns of the current script are still unanswered. */
    public synchronized int remainingTurns() {
        return script.size() - cursor;
    }

    /** The agent-loop requests (they carry tools), in order. */
    public List<RecordedRequest> mainLoopRequests() {
        return requests().stream().filter(FakeAnthropic::isMainLoop).toList();
    }

    /** Whether a recorded request belongs to the agent loop rather than a side task. */
    public static boolean isMainLoop(RecordedRequest request) {
        return isMessages(request.method(), request.path()) && hasTools(request.body());
    }

    @Override
    protected Reply answer(Incoming request) {
        if (!"POST".equals(request.method())) {
            return Reply.json(JSON.createObjectNode(), "get");
        }
        if (request.path().contains("count_tokens")) {
            return Reply.json(JSON.createObjectNode().put("input_tokens", 100), "count_tokens");
        }
        if (!isMessages(request.method(), request.path())) {
            return Reply.json(JSON.createObjectNode(), "ignored");
        }
        Chosen chosen = choose(request.body());
        String model = request.body().path("model").asText("claude-sonnet-4-5");
        return request.body().path("stream").asBoolean(false)
                ? Reply.sse(stream(chosen.turn(), model), chosen.label())
                : Reply.json(message(chosen.turn(), model), chosen.label());
    }

    private record Chosen(Turn turn, String label) {
    }

    private synchronized Chosen choose(JsonNode body) {
        if (!hasTools(body)) {
            String text = body.toString();
            for (Map.Entry<String, String> rule : sideAnswers.entrySet()) {
                if (text.contains(rule.getKey())) {
                    return new Chosen(new Turn.Text(rule.getValue()), "side:" + rule.getKey());
                }
            }
            return new Chosen(new Turn.Text(SIDE_TEXT), "side");
        }
        if (cursor < script.size()) {
            int index = cursor++;
            return new Chosen(script.get(index), "script[" + index + "]");
        }
        return new Chosen(new Turn.Text(EXHAUSTED_TEXT), "exhausted");
    }

    private static boolean isMessages(String method, String path) {
        return "POST".equals(method) && path.startsWith("/v1/messages") && !path.contains("count_tokens");
    }

    private static boolean hasTools(JsonNode body) {
        JsonNode tools = body.path("tools");
        // Grok Build asks for the session's title through a request whose only tool is session_title: a side task
        boolean titleOnly = tools.size() == 1 && "session_title".equals(tools.get(0).path("name").asText());
        return tools.isArray() && !tools.isEmpty() && !titleOnly;
    }

    private static SseStream stream(Turn turn, String model) {
        ObjectNode start = JSON.createObjectNode().put("type", "message_start");
        start.set("message", envelope(model));
        ObjectNode blockStart = JSON.createObjectNode().put("type", "content_block_start").put("index", 0);
        ObjectNode deltaEvent = JSON.createObjectNode().put("type", "content_block_delta").put("index", 0);
        ObjectNode delta = deltaEvent.putObject("delta");
        switch (turn) {
            case Turn.Text text -> {
                blockStart.putObject("content_block").put("type", "text").put("text", "");
                delta.put("type", "text_delta").put("text", text.text());
            }
            case Turn.Tool tool -> {
                // The input arrives only through input_json_delta; the start block carries an empty object.
                ObjectNode block = blockStart.putObject("content_block").put("type", "tool_use")
                        .put("id", toolUseId()).put("name", tool.name());
                block.putObject("input");
                delta.put("type", "input_json_delta").put("partial_json", tool.input().toString());
            }
        }
        ObjectNode messageDelta = JSON.createObjectNode().put("type", "message_delta");
        messageDelta.putObject("delta").put("stop_reason", stopReason(turn)).putNull("stop_sequence");
        messageDelta.putObject("usage").put("output_tokens", 5);
        return new SseStream()
                .event("message_start", start)
                .event("content_block_start", blockStart)
                .event("content_block_delta", deltaEvent)
                .event("content_block_stop", JSON.createObjectNode().put("type", "content_block_stop").put("index", 0))
                .event("message_delta", messageDelta)
                .event("message_stop", JSON.createObjectNode().put("type", "message_stop"));
    }

    private static ObjectNode message(Turn turn, String model) {
        ObjectNode message = envelope(model).put("stop_reason", stopReason(turn));
        ObjectNode block = message.putArray("content").addObject();
        switch (turn) {
            case Turn.Text text -> block.put("type", "text").put("text", text.text());
            case Turn.Tool tool -> block.put("type", "tool_use").put("id", toolUseId()).put("name", tool.name())
                    .set("input", tool.input());
        }
        return message;
    }

    private static ObjectNode envelope(String model) {
        ObjectNode message = JSON.createObjectNode()
                .put("id", "msg_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20))
                .put("type", "message").put("role", "assistant").put("model", model);
        message.putArray("content");
        message.putNull("stop_reason");
        message.putNull("stop_sequence");
        message.putObject("usage").put("input_tokens", 10).put("output_tokens", 5)
                .put("cache_creation_input_tokens", 0).put("cache_read_input_tokens", 0);
        return message;
    }

    private static String stopReason(Turn turn) {
        return turn instanceof Turn.Tool ? "tool_use" : "end_turn";
    }

    private static String toolUseId() {
        return "toolu_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
    }
}
