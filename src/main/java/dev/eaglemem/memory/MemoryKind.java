package dev.eaglemem.memory;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Similar;

/** What a memory records. {@code feedback} and {@code fact} are structured; the rest are free text. */
public enum MemoryKind {
    DECISION, GOTCHA, PATTERN, PREFERENCE, DISCOVERY, FRICTION, CONTEXT,
    /** situation → behavior → impact → action: how to act next time. */
    FEEDBACK,
    /** situation + subject/predicate/object: something true about the world. */
    FACT,
    /** an agent's own note or plan file, mirrored by {@code eagle-mem memories sync}; only the sync writes these. */
    NOTE;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The duplicate-detection hash of a memory of this kind (importers store it as memories.normalized_hash). */
    public String normalizedHash(String content) {
        return MemoryText.hash(this, content);
    }

    /** Whether people and agents may write a memory of this kind; notes only come from their files. */
    public boolean writable() {
        return this != NOTE;
    }

    public boolean structured() {
        return this == FEEDBACK || this == FACT;
    }

    public static Optional<MemoryKind> parse(String text) {
        return Arrays.stream(values()).filter(k -> k.id().equalsIgnoreCase(text.strip())).findFirst();
    }

    /** Parses a user-given kind or fails with the list of kinds. */
    public static MemoryKind require(String text) {
        return parse(text).orElseThrow(() -> EagleException.invalidInput("unknown kind '" + text + "'"
                + Similar.hint(text, Arrays.stream(values()).map(MemoryKind::id).toList()), "--kind one of: " + allIds()));
    }

    public static String allIds() {
        return Arrays.stream(values()).map(MemoryKind::id).collect(Collectors.joining(", "));
    }
}
