package dev.eaglemem.store;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/** JSON columns: file lists as arrays of strings (queryable with json_each), event details as objects. */
final class StoreJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
    };
    private static final TypeReference<List<Long>> NUMBERS = new TypeReference<>() {
    };
    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {
    };
    private static final TypeReference<List<Map<String, Object>>> OBJECTS = new TypeReference<>() {
    };

    private StoreJson() {
    }

    static String encode(List<?> items) {
        try {
            return MAPPER.writeValueAsString(items == null ? List.of() : items);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + items, e);
        }
    }

    static String encodeObject(Map<String, ?> fields) {
        try {
            return MAPPER.writeValueAsString(fields);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + fields, e);
        }
    }

    static Map<String, Object> decodeObject(String json) {
        if (json == null || json.isEmpty()) {
            return Map.of();
        }
        try {
            return MAPPER.readValue(json, OBJECT);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored value is not a JSON object: " + json, e);
        }
    }

    static List<Map<String, Object>> decodeObjects(String json) {
        if (json == null || json.isEmpty()) {
            return List.of();
        }
        try {
            return List.copyOf(MAPPER.readValue(json, OBJECTS));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored value is not a JSON array of objects: " + json, e);
        }
    }

    static List<Long> decodeNumbers(String json) {
        if (json == null || json.isEmpty()) {
            return List.of();
        }
        try {
            return List.copyOf(MAPPER.readValue(json, NUMBERS));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored value is not a JSON number array: " + json, e);
        }
    }

    static List<String> decode(String json) {
        if (json == null || json.isEmpty()) {
            return List.of();
        }
        try {
            return List.copyOf(MAPPER.readValue(json, STRINGS));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored value is not a JSON string array: " + json, e);
        }
    }
}
