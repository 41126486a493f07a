package dev.eaglemem.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.eaglemem.config.ConfigService;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code config list --json} prints: the file, every key with its value and reference, and the keys it does not know. */
@RegisterForReflection
public record ConfigListing(Path file, boolean exists, List<Key> keys, List<String> unknownKeys) {

    static ConfigListing of(ConfigService.Listing listing) {
        return new ConfigListing(listing.file(), listing.exists(), listing.entries().stream().map(Key::of).toList(),
                listing.unknownKeys());
    }

    /** One key ({@code config get --json} prints it alone): its value, whether config.toml sets it, and its reference. */
    @RegisterForReflection
    public record Key(String key, Object value, @JsonProperty("default") Object defaultValue, boolean set, String type,
            String description, String accepts) {

        static Key of(ConfigService.Entry e) {
            return new Key(e.key().name(), e.value(), e.key().defaultValue(), e.explicit(),
                    e.key().type().name().toLowerCase(Locale.ROOT), e.key().description(), e.key().expected());
        }
    }
}
