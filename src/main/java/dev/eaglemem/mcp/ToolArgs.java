package dev.eaglemem.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;

/**
 * A tool call's arguments as the client sent them (JSON decoded into maps, strings, numbers, booleans, lists),
 * read with the checks a command line would get from picocli: a wrong type or an out-of-range number is an
 * invalid-input error naming the argument, which the server turns into a tool error.
 */
record ToolArgs(Map<String, Object> values) {

    ToolArgs {
        values = values == null ? Map.of() : values;
    }

    /** A string, or null when absent; blank counts as absent. */
    String text(String name) {
        Object v = values.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw bad(name, "must be a string");
        }
        return s.isBlank() ? null : s;
    }

    String requireText(String name) {
        String s = text(name);
        if (s == null) {
            throw bad(name, "is required");
        }
        return s;
    }

    /** An integer within [min, max], or {@code otherwise} when absent. */
    int integer(String name, int min, int max, int otherwise) {
        Object v = values.get(name);
        if (v == null) {
            return otherwise;
        }
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw bad(name, "must be a whole number");
        }
        long value = n.longValue();
        if (value < min || value > max) {
            throw bad(name, "must be between " + min + " and " + max + " (got " + value + ")");
        }
        return (int) value;
    }

    boolean flag(String name) {
        Object v = values.get(name);
        if (v == null) {
            return false;
        }
        if (!(v instanceof Boolean b)) {
            throw bad(name, "must be true or false");
        }
        return b;
    }

    /** A list of strings (a single string is taken as a list of one), or null when absent. */
    List<String> texts(String name) {
        Object v = values.get(name);
        if (v == null) {
            return null;
        }
        if (v instanceof String s) {
            return List.of(s);
        }
        if (!(v instanceof List<?> list)) {
            throw bad(name, "must be a list of strings");
        }
        List<String> out = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof String s)) {
                throw bad(name, "must be a list of strings");
            }
            out.add(s);
        }
        return out;
    }

    static EagleException bad(String name, String what) {
        return EagleException.invalidInput("argument '" + name + "' " + what, "call the tool again with a valid '" + name
                + "' (tools/list shows its schema)");
    }
}
