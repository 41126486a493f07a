package dev.eaglemem.autostart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.AtomicFiles;
import dev.eaglemem.shell.ShellWords;

/** The unit file on disk: whether it is ours, how it drifted, and writing, backing up and removing it. */
record UnitFile(Path path) {

    /** Every template carries this phrase in its header comment; a file without it is someone else's. */
    static final String MARKER = "managed by eagle-mem service install";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    static boolean isOurs(String text) {
        return text.contains(MARKER);
    }

    /**
     * How {@code actual} differs from {@code expected}, line by line: {@code "+ line"} for a line install would
     * add, {@code "- line"} for one it would remove. Empty when they are the same.
     */
    static List<String> drift(String expected, String actual) {
        List<String> out = new ArrayList<>();
        Map<String, Integer> have = counts(actual);
        Map<String, Integer> want = counts(expected);
        expected.lines().filter(l -> take(have, l)).forEach(l -> out.add("+ " + l));
        actual.lines().filter(l -> take(want, l)).forEach(l -> out.add("- " + l));
        if (out.isEmpty() && !expected.equals(actual)) {
            out.add("~ line order or line endings differ");
        }
        return out;
    }

    private static Map<String, Integer> counts(String text) {
        Map<String, Integer> out = new HashMap<>();
        text.lines().forEach(l -> out.merge(l, 1, Integer::sum));
        return out;
    }

    /** Consumes one occurrence of the line; true when there was none left (the line is unmatched). */
    private static boolean take(Map<String, Integer> counts, String line) {
        Integer n = counts.get(line);
        if (n == null || n == 0) {
            return true;
        }
        counts.put(line, n - 1);
        return false;
    }

    /** The file's text, or null when there is none. */
    String read() {
        if (!Files.exists(path)) {
            return null;
        }
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw EagleException.failure("file_unreadable", "cannot read " + path + ": " + e.getMessage(),
                    "check its permissions (ls -l " + ShellWords.quote(path.toString()) + ")", e);
        }
    }

    /** Through a temporary file and a rename: the manager never reads half a unit. Always owner-only. */
    void write(String text) {
        try {
            AtomicFiles.writeString(path, text, AtomicFiles.OWNER_ONLY);
        } catch (IOException e) {
            throw EagleException.failure("file_unwritable", "cannot write " + path + ": " + e.getMessage(),
                    "check that " + path.getParent() + " is writable", e);
        }
    }

    /** Copies the current file to {@code backups/<name>.<UTC stamp>} (owner-only, in the data directory) and returns the copy. */
    Path backup(Path backups, Clock clock) {
        Path copy = backups.resolve(path.getFileName() + "." + STAMP.format(clock.instant()));
        try {
            AtomicFiles.write(copy, Files.readAllBytes(path), AtomicFiles.OWNER_ONLY); // its folder made 700 when missing
            return copy;
        } catch (IOException e) {
            throw EagleException.failure("file_unwritable", "cannot back up " + path + " to " + copy + ": " + e.getMessage(),
                    "check that " + backups + " is writable", e);
        }
    }

    void delete() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw EagleException.failure("file_unwritable", "cannot remove " + path + ": " + e.getMessage(),
                    "rm " + ShellWords.quote(path.toString()), e);
        }
    }
}
