package dev.eaglemem.curate;

import java.io.IOException;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.format.PlainJson;

/**
 * Reads a model's answer tolerantly: code fences and prose around it are ignored, the first JSON object or array
 * is taken, and an answer that says there is nothing ({@code NONE}, {@code null}, an empty text) is an empty object.
 * Anything else is a malformed answer: nothing is applied from it.
 */
final class ModelAnswer {

    private static final ObjectMapper MAPPER = PlainJson.MAPPER;

    private ModelAnswer() {
    }

    /** The answer's JSON, an empty object for "nothing", or empty when it holds no readable JSON. */
    static Optional<JsonNode> json(String text) {
        String t = text == null ? "" : text.strip();
        if (t.startsWith("```")) {
            int firstLine = t.indexOf('\n');
            t = firstLine < 0 ? "" : t.substring(firstLine + 1);
            int close = t.lastIndexOf("```");
            t = (close < 0 ? t : t.substring(0, close)).strip();
        }
        if (t.isEmpty() || t.equalsIgnoreCase("none") || t.equalsIgnoreCase("null")) {
            return Optional.of(MAPPER.createObjectNode());
        }
        int object = t.indexOf('{');
        int array = t.indexOf('[');
        int start = object < 0 ? array : array < 0 ? object : Math.min(object, array);
        if (start < 0) {
            return Optional.empty();
        }
        try (JsonParser parser = MAPPER.createParser(t.substring(start))) {
            JsonNode node = MAPPER.readTree(parser); // the first value only: trailing prose is ignored
            return Optional.ofNullable(node);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The array under {@code field}, or the answer itself when the model sent a bare array. */
    static Iterable<JsonNode> items(JsonNode answer, String field) {
        if (answer.isArray()) {
            return answer;
        }
        JsonNode list = answer.path(field);
        return list.isArray() ? list : MAPPER.createArrayNode();
    }

    /** A text field, stripped; empty when absent or blank. */
    static String text(JsonNode item, String... names) {
        for (String name : names) {
            JsonNode v = item.path(name);
            if (v.isTextual() && !v.asText().isBlank()) {
                return v.asText().strip();
            }
        }
        return "";
    }
}
