package dev.eaglemem.install;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import dev.eaglemem.error.EagleException;

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
     * existing file keeps its permissions.
     */
    static void write(Path file, String text) {
        Path temp = null;
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            temp = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".eagle-mem.tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            if (Files.exists(file)) {
                Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(file));
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | UnsupportedOperationException e) {
            deleteQuietly(temp);
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

    private static void deleteQuietly(Path temp) {
        if (temp != null) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // a stray temp file is harmless and visible by name
            }
        }
    }
}
