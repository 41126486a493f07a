package dev.eaglemem.config;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import dev.eaglemem.platform.PathFacts;
import dev.eaglemem.platform.PrivateFiles;
import dev.eaglemem.redact.Redactor;

/**
 * {@code $EAGLE_MEM_DIR/eagle-mem.log}: one line per event, {@code [2026-11-22T15:48:03Z] [WARN] message}.
 * Hooks must stay silent on stdout, so this file is where their failures become visible. Appending
 * never throws: a failure to log is reported to the caller, which may print it to stderr.
 */
public final class LogFile {

    public enum Level {
        INFO, WARN, ERROR
    }

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
            if (!safeToWrite()) {
                return false;
            }
            try (FileChannel channel = PrivateFiles.openAppend(file)) {
                ByteBuffer bytes = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Lines go only where no other user can read or plant them: a directory of this user's that others cannot
     * change, and a file of this user's (created 600; a symbolic link at its name is refused when it is opened). In
     * a data directory eagle-mem refuses, nothing is written at all.
     */
    private boolean safeToWrite() throws IOException {
        Optional<PathFacts> dir = PathFacts.following(file.getParent());
        if (dir.isEmpty() || dir.get().kind() != PathFacts.Kind.DIRECTORY || !dir.get().ownedByMe()
                || dir.get().writableByOthers()) {
            return false;
        }
        Optional<PathFacts> log = PathFacts.of(file);
        return log.isEmpty() || log.get().kind() == PathFacts.Kind.FILE && log.get().ownedByMe() && !log.get().writableByOthers();
    }
}
