package dev.eaglemem.tokenguard;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.AtomicFiles;
import dev.eaglemem.shell.ShellWords;

/**
 * {@code $EAGLE_MEM_DIR/token-guard.unlock}: the developer's time-limited escape hatch from the token
 * guard. It holds one ISO-8601 instant, the expiry; a missing, unreadable, garbled or past expiry means
 * locked, so a stale file never keeps the guard off. Mode 600 like every file in the data directory.
 */
public final class UnlockFile {

    public static final String NAME = "token-guard.unlock";
    public static final int DEFAULT_MINUTES = 15;
    public static final int MAX_MINUTES = 240;

    private final Path file;
    private final Clock clock;

    public UnlockFile(Path file, Clock clock) {
        this.file = file;
        this.clock = clock;
    }

    public static UnlockFile in(DataDir dataDir, Clock clock) {
        return new UnlockFile(dataDir.root().resolve(NAME), clock);
    }

    public Path file() {
        return file;
    }

    /** The expiry while the unlock is in effect; empty when locked. */
    public Optional<Instant> activeUntil() {
        Optional<Instant> expiry = readExpiry();
        return expiry.filter(until -> until.isAfter(clock.instant()));
    }

    /** The expiry written in the file, in effect or not. */
    public Optional<Instant> readExpiry() {
        try {
            return Optional.of(Instant.parse(Files.readString(file, StandardCharsets.UTF_8).strip()));
        } catch (IOException | DateTimeParseException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** Unlocks for {@code minutes} (1 to 240) from now; returns the expiry. */
    public Instant unlock(int minutes) {
        if (minutes < 1 || minutes > MAX_MINUTES) {
            throw EagleException.invalidInput("--minutes must be between 1 and " + MAX_MINUTES + " (got " + minutes + ")",
                    "eagle-mem unlock --minutes " + DEFAULT_MINUTES);
        }
        Instant until = clock.instant().plus(Duration.ofMinutes(minutes)).truncatedTo(ChronoUnit.SECONDS);
        write(until.toString() + "\n");
        return until;
    }

    /** Removes the unlock; true when there was a file. */
    public boolean clear() {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            throw EagleException.failure("unlock_clear_failed", "cannot remove " + file + ": " + e.getMessage(),
                    "rm -f " + ShellWords.quote(file.toString()), e);
        }
    }

    private void write(String text) {
        try {
            AtomicFiles.writeString(file, text, AtomicFiles.OWNER_ONLY);
        } catch (IOException e) {
            throw EagleException.failure("unlock_write_failed", "cannot write " + file + ": " + e.getMessage(),
                    "check that " + file.getParent() + " is writable (eagle-mem doctor)", e);
        }
    }
}
