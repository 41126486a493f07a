package dev.eaglemem.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;

/**
 * The effective configuration: values set in {@code config.toml}, validated, over documented defaults.
 *
 * @param file where the values came from (it may not exist)
 * @param explicit validated values present in the file, by key name
 * @param unknownKeys keys in the file that this version does not know (kept, reported by doctor)
 * @param problem why the file could not be read (then every value is its default), or null
 */
public record EagleConfig(Path file, Map<String, Object> explicit, List<String> unknownKeys, EagleException problem) {

    public EagleConfig {
        explicit = Map.copyOf(explicit);
        unknownKeys = List.copyOf(unknownKeys);
    }

    public EagleConfig(Path file, Map<String, Object> explicit, List<String> unknownKeys) {
        this(file, explicit, unknownKeys, null);
    }

    /**
     * The defaults in place of a file that cannot be read (a typo in config.toml): hooks and serve go on with them, so
     * that no event is lost to a typo; commands a person runs refuse and name the line (see dev.eaglemem.cli.CliErrors).
     */
    public static EagleConfig broken(Path file, EagleException problem) {
        return new EagleConfig(file, Map.of(), List.of(), problem);
    }

    public boolean isBroken() {
        return problem != null;
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
