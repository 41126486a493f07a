package dev.eaglemem.e2e;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A scripted stand-in for the Gemini API, for the real Gemini CLI ({@code GOOGLE_GEMINI_BASE_URL=}{@link #baseUrl()}).
 * What 0.61.0 sends with {@code -m gemini-2.5-flash} in {@code -p} mode: one
 * {@code POST /v1beta/models/<model>:streamGenerateContent?alt=sse} per model call, with {@code tools}; nothing else.
 *
 * <p>
 * Each request with tools takes the next {@link Turn}; once the script is used up it gets the text {@code "done"}. A
 * request without tools (none seen with that model) gets {@code "ok"} and leaves the script alone;
 * {@code countTokens} is answered too. Streaming replies are one SSE {@code data:} event holding the whole candidate.
 */
public final class FakeGemini extends FakeModelServer {

    /** One model reply of the agent loop. */
    public sealed interface Turn permits Turn.Text, Turn.Call {

        /** A final text: ends the turn. */
        record Text(String text) implements Turn {
        }

        /** A function call; the CLI runs the tool and calls the model again with its response. */
        record Call(String name, JsonNode args) implements Turn {
        }

        static Turn text(String text) {
            return new Text(text);
        }

        static Turn call(String name, Map<String, ?> args) {
            return new Call(name, JSON.valueToTree(args));
        }

        /** Gemini's shell tool, with the description it asks for. */
        static Turn shell(String command) {
            return call("run_shell_command", Map.of("command", command, "description", "scripted command"));
        }

        /** Gemini's write_file; {@code file} must be absolute. */
        static Turn write(Path file, String content) {
            return call("write_file", Map.of("file_path", file.toAbsolutePath().toString(), "content", content));
        }
    }

    private static final String MODEL = "gemini-2.5-flash";

    private List<Turn> script = List.of();
    private int cursor;

    private FakeGemini(Path log) {
        super(log);
    }

    /** A server appending every request as one JSON line to {@code jsonlLog} (null for none). */
    public static FakeGemini start(Path jsonlLog) {
        FakeGemini fake = new FakeGemini(jsonlLog);
        fake.listen();
        return fake;
    }

    /** The model the CLI must be started with ({@code -m}): the one whose traffic is described above. */
    public static String model() {
        return MODEL;
    }

    /** Replaces the script and rewinds it, so one server can serve several sessions in turn. */
    public synchronized void script(Turn... turns) {
        script = List.of(turns);
        cursor = 0;
    }

    public synchronized int remainingTurns() {
        return script.size() - cursor;
    }

    /** The agent-loop requests (they carry tools), in order. */
    public List<RecordedRequest> mainLoopRequests() {
        return requests().stream().filter(FakeGemini::isMainLoop).toList();
    }

    static boolean isMainLoop(RecordedRequest request) {
        return isGenerate(request.path()) && hasTools(request.body());
    }

    @Override
    protected Reply answer(Incoming request) {
        if (!"POST".equals(request.method())) {
            return Reply.json(JSON.createObjectNode(), "get");
        }
        if (request.path().contains(":countTokens")) {
            return Reply.json(JSON.createObjectNode().put("totalTokens", 10), "countTokens");
        }
        if (!isGenerate(request.path())) {
            return Reply.json(JSON.createObjectNode(), "ignored");
        }
        Turn turn;
        String label;
        synchronized (this) {
            if (!hasTools(request.body())) {
                turn = new Turn.Text("ok");
                label = "side";
            } else if (cursor < script.size()) {
                label = "script[" + cursor + "]";
                turn = script.get(cursor++);
            } else {
                turn = new Turn.Text("done");
                label = "exhausted";
            }
        }
        ObjectNode response = response(turn);
        if (request.path().contains(":streamGenerateContent")) {
            byte[] body = ("data: " + response + "\r\n\r\n").getBytes(StandardCharsets.UTF_8);
            return new Reply(200, "text/event-stream", body, label);
        }
        return Reply.json(response, label);
    }

    private static boolean isGenerate(String path) {
        return path.contains(":streamGenerateContent") || path.contains(":generateContent");
    }

    private static boolean hasTools(JsonNode body) {
        return body.path("tools").isArray() && !body.path("tools").isEmpty();
    }

    private static ObjectNode response(Turn turn) {
        ObjectNode response = JSON.createObjectNode();
        ObjectNode candidate = response.putArray("candidates").addObject();
        ObjectNode part = candidate.putObject("content").put("role", "model").putArray("parts").addObject();
        switch (turn) {
            case Turn.Text text -> part.put("text", text.text());
            case Turn.Call call -> part.putObject("functionCall").put("name", call.name()).set("args", call.args());
        }
        candidate.put("finishReason", "STOP").put("index", 0);
        response.putObject("usageMetadata").put("promptTokenCount", 10).put("candidatesTokenCount", 5)
                .put("totalTokenCount", 15);
        response.put("modelVersion", MODEL);
        return response;
    }
}
