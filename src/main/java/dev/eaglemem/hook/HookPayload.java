package dev.eaglemem.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

/**
 * Type-tolerant reads from a hook's stdin object. Agents add, rename and retype fields between
 * versions; a field of the wrong type reads as absent instead of failing the hook.
 */
record HookPayload(JsonNode root) {

    /** The text of a string field; null when missing, null, blank or not a string. */
    String text(String field) {
        JsonNode node = root.get(field);
        return node != null && node.isTextual() && !node.textValue().isBlank() ? node.textValue() : null;
    }

    /** Like {@link #text} but keeps surrounding whitespace and accepts blank strings (prompts, messages). */
    String rawText(String field) {
        JsonNode node = root.get(field);
        return node != null && node.isTextual() ? node.textValue() : null;
    }

    boolean flag(String field) {
        JsonNode node = root.get(field);
        return node != null && node.isBoolean() && node.booleanValue();
    }

    /** An object field, or a missing node (never null). */
    JsonNode object(String field) {
        JsonNode node = root.get(field);
        return node != null && node.isObject() ? node : MissingNode.getInstance();
    }

    /** The raw node (any type), or a missing node. */
    JsonNode node(String field) {
        JsonNode node = root.get(field);
        return node == null ? MissingNode.getInstance() : node;
    }

    boolean has(String field) {
        JsonNode node = root.get(field);
        return node != null && !node.isNull();
    }

    static String text(JsonNode object, String field) {
        JsonNode node = object.get(field);
        return node != null && node.isTextual() && !node.textValue().isBlank() ? node.textValue() : null;
    }
}
