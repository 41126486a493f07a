package dev.eaglemem.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The effective configuration: values set in {@code config.toml}, validated, over documented defaults.
 *
 * @param file where the values came from (it may not exist)
 * @param explicit validated values present in the file, by key name
 * @param unknownKeys keys in the file that this version does not know (kept, reported by doctor)
 */
public record EagleConfig(Path file, Map<String, Object> explicit, List<String> unknownKeys) {

    public EagleConfig {
        explicit = Map.copyOf(explicit);
        unknownKeys = List.copyOf(unknownKeys);
    }

    public static EagleConfig defaults(Path file) {
        return new EagleConfig(file, Map.of(), List.of());
    }

    public Object value(ConfigKey key) {
        return explicit.getOrDefault(key.name(), key.defaultValue());
    }

    public boolean isSet(ConfigKey key) {
        return explicit.containsKey(key.name());
    }

    public int intValue(ConfigKey key) {
        return Math.toIntExact((Long) value(key));
    }

    public double decimalValue(ConfigKey key) {
        return (Double) value(key);
    }

    public boolean boolValue(ConfigKey key) {
        return (Boolean) value(key);
    }

    public String stringValue(ConfigKey key) {
        return (String) value(key);
    }

    @SuppressWarnings("unchecked")
    public List<String> listValue(ConfigKey key) {
        return (List<String>) value(key);
    }
}
