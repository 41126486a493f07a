package dev.eaglemem.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

import dev.eaglemem.redact.Redactor;

/**
 * {@code $EAGLE_MEM_DIR/eagle-mem.log}: one line per event, {@code [2026-11-22T15:48:03Z] [WARN] message}.
 * Hooks must stay silent on stdout, so this file is where their failures become visible. Appending
 * never throws: a failure to log is reported to the caller, which may print it to stderr.
 */
public final class LogFile {

    public enum Level { INFO, WARN, ERROR }

    private final Path file;
    private final Clock clock;

    public LogFile(Path file, Clock clock) {
        this.file = file;
        this.clock = clock;
    }

    public Path file() {
        return file;
    }

    public boolean info(String message) {
        return append(Level.INFO, message);
    }

    public boolean warn(String message) {
        return append(Level.WARN, message);
    }

    public boolean error(String message) {
        return append(Level.ERROR, message);
    }

    /** Appends one line (newlines in the message are flattened); false when the log cannot be written. */
    public synchronized boolean append(Level level, String message) {
        String stamp = DateTimeFormatter.ISO_INSTANT.format(clock.instant().truncatedTo(ChronoUnit.SECONDS));
        // Messages can quote payloads (a JSON parse error shows the offending token): redact like any stored text.
        String safe = Redactor.defaults().redact(message);
        String line = "[" + stamp + "] [" + level + "] " + safe.replace('\n', ' ').replace('\r', ' ') + "\n";
        try {
            if (!Files.exists(file) && Files.isDirectory(file.getParent())) {
                createPrivately();
            }
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private void createPrivately() throws IOException {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (java.nio.file.FileAlreadyExistsException | UnsupportedOperationException e) {
            // created concurrently, or a non-POSIX filesystem: plain append below is fine
        }
    }
}
