package dev.eaglemem.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.error.EagleException;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One documented, typed key of {@code config.toml} ({@code section.key}). Values are validated the
 * same way whether they come from the file or from {@code eagle-mem config set}.
 *
 * @param values for strings and lists: what a value is, or what the items are ("a model name", "Java regular
 *        expressions"), as {@link #expected()} and the reference's "accepts" column say it; null for the other types,
 *        whose type and bounds say it
 * @param itemCheck for strings and lists (each item): returns an error text for a bad value, or null when it is fine
 */
@RegisterForReflection
public record ConfigKey(String name, Type type, Object defaultValue, long min, long max, List<String> allowed,
        String values, Function<String, String> itemCheck, String description) {

    @RegisterForReflection
    public enum Type {
        STRING, INT, DECIMAL, BOOL, ENUM, STRING_LIST
    }

    public ConfigKey {
        Objects.requireNonNull(name);
        if (name.indexOf('.') < 1) {
            throw new IllegalArgumentException("config keys are section.key: " + name);
        }
        allowed = List.copyOf(allowed);
    }

    public static ConfigKey integer(String name, int defaultValue, int min, int max, String description) {
        return new ConfigKey(name, Type.INT, (long) defaultValue, min, max, List.of(), null, null, description);
    }

    /** A number with a fraction (money); TOML integers are accepted too. */
    public static ConfigKey decimal(String name, double defaultValue, int min, int max, String description) {
        return new ConfigKey(name, Type.DECIMAL, defaultValue, min, max, List.of(), null, null, description);
    }

    public static ConfigKey bool(String name, boolean defaultValue, String description) {
        return new ConfigKey(name, Type.BOOL, defaultValue, 0, 0, List.of(), null, null, description);
    }

    public static ConfigKey oneOf(String name, String defaultValue, List<String> allowed, String description) {
        return new ConfigKey(name, Type.ENUM, defaultValue, 0, 0, allowed, null, null, description);
    }

    public static ConfigKey string(String name, String defaultValue, String values, Function<String, String> check,
            String description) {
        return new ConfigKey(name, Type.STRING, defaultValue, 0, 0, List.of(), Objects.requireNonNull(values), check,
                description);
    }

    public static ConfigKey stringList(String name, String items, Function<String, String> itemCheck, String description) {
        return new ConfigKey(name, Type.STRING_LIST, List.of(), 0, 0, List.of(), Objects.requireNonNull(items), itemCheck,
                description);
    }

    public String section() {
        return name.substring(0, name.indexOf('.'));
    }

    public String key() {
        return name.substring(name.indexOf('.') + 1);
    }

    /** Human description of the accepted values, used in errors and {@code config list}. */
    public String expected() {
        return switch (type) {
            case STRING -> values;
            case INT -> "an integer between " + min + " and " + max;
            case DECIMAL -> "a number between " + min + " and " + max;
            case BOOL -> "true or false";
            case ENUM -> "one of " + String.join(", ", allowed);
            case STRING_LIST -> "a list of " + values + ", written [\"…\", \"…\"]";
        };
    }

    /** Validates a value parsed from TOML; {@code where} names the file for the error message. */
    public Object fromToml(JsonNode node, String where) {
        Object value = switch (type) {
            case STRING, ENUM -> node.isTextual() ? node.textValue() : null;
            case INT -> node.isIntegralNumber() ? node.longValue() : null;
            case DECIMAL -> node.isNumber() ? node.doubleValue() : null;
            case BOOL -> node.isBoolean() ? node.booleanValue() : null;
            case STRING_LIST -> stringItems(node);
        };
        if (value == null) {
            throw invalid(where, node.isTextual() ? "\"" + node.textValue() + "\"" : node.toString());
        }
        return check(value, where);
    }

    private static List<String> stringItems(JsonNode node) {
        if (!node.isArray()) {
            return null;
        }
        List<String> items = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isTextual()) {
                return null;
            }
            items.add(item.textValue());
        }
        return List.copyOf(items);
    }

    private Object check(Object value, String where) {
        switch (type) {
            case INT -> {
                long n = (Long) value;
                if (n < min || n > max) {
                    throw invalid(where, Long.toString(n));
                }
            }
            case DECIMAL -> {
                double d = (Double) value;
                if (!(d >= min && d <= max)) {
                    throw invalid(where, Double.toString(d));
                }
            }
            case ENUM -> {
                if (!allowed.contains(value)) {
                    throw invalid(where, "\"" + value + "\"");
                }
            }
            case STRING -> checkString((String) value, where);
            case STRING_LIST -> checkItems(value, where);
            default -> {
                // BOOL needs no range check
            }
        }
        return value;
    }

    private void checkString(String value, String where) {
        String problem = itemCheck == null ? null : itemCheck.apply(value);
        if (problem != null) {
            throw EagleException.invalidInput(where + name + ": " + problem,
                    "eagle-mem config set " + name + " " + ConfigValues.toToml(defaultValue) + "   (the default)");
        }
    }

    private void checkItems(Object value, String where) {
        if (itemCheck == null) {
            return;
        }
        List<?> items = (List<?>) value;
        for (int i = 0; i < items.size(); i++) {
            String problem = itemCheck.apply((String) items.get(i));
            if (problem != null) {
                throw EagleException.invalidInput(where + name + "[" + i + "]: " + problem,
                        "eagle-mem config set " + name + " '[...]' with a valid value (see eagle-mem config list)");
            }
        }
    }

    EagleException invalid(String where, String got) {
        return EagleException.invalidInput(where + name + " must be " + expected() + " (got " + got + ")",
                "eagle-mem config set " + name + " " + ConfigValues.toToml(defaultValue));
    }
}
