package dev.eaglemem.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One HTTP request a fake model server received, exactly as the agent sent it.
 *
 * @param seq     0-based arrival order on its server
 * @param method  HTTP method
 * @param path    path including the query string ({@code /v1/messages?beta=true})
 * @param headers request headers, names lower-cased, first value only ({@code authorization} left out)
 * @param body    the parsed JSON body; {@code {"raw": ...}} when it was not JSON, empty object for none
 * @param answer  what the fake answered with: {@code script[2]}, {@code side}, {@code exhausted}, ...
 */
public record RecordedRequest(int seq, String method, String path, Map<String, String> headers, JsonNode body,
        String answer) {

    public RecordedRequest {
        headers = Map.copyOf(headers);
    }

    /** A header by (case-insensitive) name, or null. */
    public String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /**
     * Whether any string value anywhere in the body contains {@code text}. Searching the decoded strings, not
     * the serialized JSON, means quotes and newlines in the marker need no escaping.
     */
    public boolean bodyContains(String text) {
        return strings().stream().anyMatch(s -> s.contains(text));
    }

    /** Every string value in the body, depth first: message texts, tool inputs, system prompts. */
    public List<String> strings() {
        List<String> out = new ArrayList<>();
        collect(body, out);
        return out;
    }

    private static void collect(JsonNode node, List<String> out) {
        if (node.isTextual()) {
            out.add(node.textValue());
        }
        node.forEach(child -> collect(child, out));
    }

    /** One line for failure messages. */
    public String describe() {
        return seq + " " + method + " " + path + " -> " + answer;
    }
}
