package dev.eaglemem.memory;

import java.util.Locale;
import java.util.Optional;

/** Project memories stay with their project; personal ones (preferences, habits) follow the user everywhere. */
public enum MemoryScope {
    PROJECT, PERSONAL;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<MemoryScope> parse(String text) {
        for (MemoryScope s : values()) {
            if (s.id().equalsIgnoreCase(text.strip())) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
