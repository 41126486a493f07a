package dev.eaglemem.install;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.AtomicFiles;

/** Reads and atomically replaces the agents' text files (settings, hooks, instructions, skills). */
final class TextFiles {

    private TextFiles() {
    }

    /** The file's text, or null when it does not exist. */
    static String read(Path file) {
        if (!Files.exists(file)) {
            return null;
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw EagleException.failure("file_unreadable", "cannot read " + file + ": " + e.getMessage(),
                    "check its permissions (ls -l " + file + ")", e);
        }
    }

    /**
     * Writes through a temporary file and a rename, so the agent never reads a half-written file; an
     * existing file keeps its permissions, a new one is owner-only.
     */
    static void write(Path file, String text) {
        try {
            AtomicFiles.writeString(file, text, AtomicFiles.OWNER_ONLY.orExisting());
        } catch (IOException e) {
            throw EagleException.failure("file_unwritable", "cannot write " + file + ": " + e.getMessage(),
                    "check that " + file.getParent() + " is writable", e);
        }
    }

    static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw EagleException.failure("file_unwritable", "cannot delete " + file + ": " + e.getMessage(),
                    "rm " + file, e);
        }
    }
}
