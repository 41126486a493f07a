package dev.eaglemem.portable;

import java.util.Arrays;
import java.util.Optional;

/** The kinds of file {@code eagle-mem import} reads (--from). */
public enum ImportKind {
    /** An {@code eagle-mem export} file (JSON lines). */
    EAGLE_MEM("eagle-mem"),
    /** The original bash Eagle Mem's {@code ~/.eagle-mem/memory.db}. */
    EAGLE_MEM_V1("eagle-mem-v1"),
    /** claude-mem's {@code ~/.claude-mem/claude-mem.db}. */
    CLAUDE_MEM("claude-mem"),
    /** engram's {@code ~/.engram/engram.db}, or the JSON file {@code engram export} writes. */
    ENGRAM("engram");

    private final String id;

    ImportKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** Every id, in order, for help and error messages ({@code eagle-mem|eagle-mem-v1|…}). */
    public static String ids(String separator) {
        return String.join(separator, Arrays.stream(values()).map(ImportKind::id).toList());
    }

    public static Optional<ImportKind> parse(String text) {
        return Arrays.stream(values()).filter(k -> k.id.equalsIgnoreCase(text.strip())).findFirst();
    }
}
