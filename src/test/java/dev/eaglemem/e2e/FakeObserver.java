package dev.eaglemem.e2e;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A fake OpenAI-compatible chat completions endpoint ({@code POST …/chat/completions}) standing in for the
 * model claude-mem's worker uses as its observer (its "openrouter" provider, pointed here by
 * {@code CLAUDE_MEM_OPENROUTER_BASE_URL}). claude-mem sends one prompt per queued hook event: the session's start
 * (answered with nothing: claude-mem logs that and sends the start again with the first tool call), one per tool
 * call (answered with {@code <observation>} XML) and one per summary request (answered with {@code <summary>} XML).
 * The answer is the scripted reply whose key occurs in the newest user message: a tool call's prompt quotes its
 * input and output, a summary's the agent's last message.
 */
final class FakeObserver extends FakeModelServer {

    private final Map<String, String> replies = new LinkedHashMap<>();
    private final List<String> used = new ArrayList<>();

    private FakeObserver(Path log) {
        super(log);
    }

    static FakeObserver start(Path jsonlLog) {
        FakeObserver fake = new FakeObserver(jsonlLog);
        fake.listen();
        return fake;
    }

    /** What to answer to the prompt that contains {@code key} (keys must not occur in each other's prompts). */
    synchronized void script(String key, String reply) {
        replies.put(key, reply);
    }

    /** Keys no prompt has contained yet. */
    synchronized List<String> unused() {
        return replies.keySet().stream().filter(k -> !used.contains(k)).toList();
    }

    @Override
    protected synchronized Reply answer(Incoming request) {
        JsonNode messages = request.body().path("messages");
        String last = "";
        for (JsonNode m : messages) {
            if ("user".equals(m.path("role").asText())) {
                last = m.path("content").asText();
            }
        }
        String label = "start";
        String content = "";
        for (Map.Entry<String, String> e : replies.entrySet()) {
            if (last.contains(e.getKey())) {
                label = e.getKey();
                content = e.getValue();
                used.add(e.getKey());
                break;
            }
        }
        ObjectNode body = JSON.createObjectNode().put("id", "chatcmpl-" + requests().size()).put("object", "chat.completion")
                .put("model", request.body().path("model").asText("fake"));
        ObjectNode choice = body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", content);
        int in = last.length() / 4;
        int out = Math.max(1, content.length() / 4);
        body.putObject("usage").put("prompt_tokens", in).put("completion_tokens", out).put("total_tokens", in + out);
        return Reply.json(body, label);
    }

    /** An {@code <observation>} as claude-mem's observer prompt asks for it. */
    static String observation(String type, String title, String subtitle, String narrative, List<String> facts,
            List<String> concepts, List<String> filesRead, List<String> filesModified) {
        return "<observation>\n  <type>" + type + "</type>\n  <title>" + title + "</title>\n  <subtitle>" + subtitle
                + "</subtitle>\n  <facts>\n" + list("fact", facts) + "  </facts>\n  <narrative>" + narrative
                + "</narrative>\n  <concepts>\n" + list("concept", concepts) + "  </concepts>\n  <files_read>\n"
                + list("file", filesRead) + "  </files_read>\n  <files_modified>\n" + list("file", filesModified)
                + "  </files_modified>\n</observation>";
    }

    /** A {@code <summary>} as claude-mem's summary prompt asks for it. */
    static String summary(String request, String investigated, String learned, String completed, String nextSteps,
            String notes) {
        return "<summary>\n  <request>" + request + "</request>\n  <investigated>" + investigated
                + "</investigated>\n  <learned>" + learned + "</learned>\n  <completed>" + completed
                + "</completed>\n  <next_steps>" + nextSteps + "</next_steps>\n  <notes>" + notes + "</notes>\n</summary>";
    }

    private static String list(String element, List<String> values) {
        StringBuilder out = new StringBuilder();
        values.forEach(v -> out.append("    <").append(element).append('>').append(v).append("</").append(element).append(">\n"));
        return out.toString();
    }
}
