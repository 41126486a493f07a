package dev.eaglemem.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.store.SummaryFields;

/**
 * Reads a model's summary answer. Models wrap JSON in fences, add a sentence before it, stop half-way or answer
 * nothing; all of these are a {@link Parsed#problem()} (shown in the job's result), never an exception and
 * never a half-read summary. Key files are kept only when the session touched them: a model must not add a
 * file the record does not name.
 */
final class SummaryAnswer {

    /** The fields read, or why there are none. */
    record Parsed(SummaryFields fields, String problem) {

        boolean ok() {
            return problem == null;
        }
    }

    private static final ObjectMapper JSON = PlainJson.MAPPER;
    private static final int MAX_TEXT = 600;
    private static final int MAX_ITEMS = 8;

    private SummaryAnswer() {
    }

    static Parsed parse(String answer, Set<String> touchedFiles) {
        if (answer == null || answer.isBlank()) {
            return failed("the model's answer was empty");
        }
        String json = firstObject(answer);
        if (json == null) {
            return failed("the model's answer held no complete JSON object (truncated or prose): "
                    + Snippets.oneLine(answer, 80));
        }
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (IOException e) {
            return failed("the model's answer was not valid JSON: " + Snippets.oneLine(answer, 80));
        }
        if (root == null || !root.isObject()) {
            return failed("the model's answer was not a JSON object: " + Snippets.oneLine(answer, 80));
        }
        List<String> decisions = new ArrayList<>();
        for (JsonNode d : items(root, "decisions")) {
            String what = d.isObject() ? text(d, "decision") : d.asText("").strip();
            String why = d.isObject() ? text(d, "reason") : "";
            if (!what.isEmpty()) {
                decisions.add(Snippets.oneLine(what, MAX_TEXT)
                        + (why.isEmpty() ? "" : " — because " + Snippets.oneLine(why, MAX_TEXT)));
            }
        }
        List<String> keyFiles = new ArrayList<>();
        for (JsonNode f : items(root, "key_files")) {
            String path = f.asText("").strip();
            if (touchedFiles.contains(path) && !keyFiles.contains(path)) {
                keyFiles.add(path);
            }
        }
        SummaryFields fields = new SummaryFields(nullIfBlank(text(root, "request")), null, lines(root, "learned"),
                nullIfBlank(text(root, "completed")), decisions.isEmpty() ? null : String.join("\n", decisions),
                lines(root, "gotchas"), lines(root, "next_steps"), null, keyFiles, List.of(), List.of());
        if (!fields.hasContent()) {
            return failed("the model's answer had no content in any field");
        }
        return new Parsed(fields, null);
    }

    /** The first balanced {…} in the text (fences and chatter around it are ignored), or null. */
    static String firstObject(String text) {
        int start = text.indexOf('{');
        if (start < 0) {
            return null;
        }
        int depth = 0;
        boolean inString = false;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return text.substring(start, i + 1);
            }
        }
        return null;
    }

    private static List<JsonNode> items(JsonNode root, String field) {
        JsonNode node = root.get(field);
        List<JsonNode> out = new ArrayList<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (node.isArray()) {
            node.forEach(n -> {
                if (out.size() < MAX_ITEMS) {
                    out.add(n);
                }
            });
        } else if (node.isTextual() && !node.asText().isBlank()) {
            out.add(node);
        }
        return out;
    }

    private static String lines(JsonNode root, String field) {
        List<String> out = items(root, field).stream().map(n -> n.isTextual() ? n.asText() : n.toString())
                .map(String::strip).filter(s -> !s.isEmpty()).map(x -> Snippets.oneLine(x, MAX_TEXT)).distinct().toList();
        return out.isEmpty() ? null : String.join("\n", out);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? "" : Snippets.oneLine(v.isTextual() ? v.asText() : v.toString(), MAX_TEXT);
    }

    private static String nullIfBlank(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static Parsed failed(String problem) {
        return new Parsed(null, problem);
    }
}
