package dev.eaglemem.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** {@code eagle-mem config get|set|list} over {@code config.toml}. */
@ApplicationScoped
public class ConfigService {

    /** A key's effective value; {@code explicit} when the file sets it, else the default applies. */
    @RegisterForReflection
    public record Entry(ConfigKey key, Object value, boolean explicit) {
    }

    public record Listing(Path file, boolean exists, List<Entry> entries, List<String> unknownKeys) {
    }

    private final DataDir dataDir;

    public ConfigService(DataDir dataDir) {
        this.dataDir = dataDir;
    }

    public Listing list() {
        EagleConfig config = ConfigFile.load(dataDir.configFile());
        List<Entry> entries = ConfigKeys.ALL.stream().map(k -> entry(config, k)).toList();
        return new Listing(config.file(), Files.exists(config.file()), entries, config.unknownKeys());
    }

    public Entry get(String name) {
        ConfigKey key = ConfigKeys.require(name);
        return entry(ConfigFile.load(dataDir.configFile()), key);
    }

    public Entry set(String name, String raw) {
        ConfigKey key = ConfigKeys.require(name);
        Object value = ConfigValues.parseCli(key, raw);
        EagleConfig updated = ConfigFile.set(dataDir.configFile(), key, value);
        return entry(updated, key);
    }

    private static Entry entry(EagleConfig config, ConfigKey key) {
        return new Entry(key, config.value(key), config.isSet(key));
    }
}
