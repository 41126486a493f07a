package dev.eaglemem.redact;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code target/redaction-report.txt}: one line per measured figure, so a build leaves numbers that can be quoted. */
final class RedactionReport {

    private RedactionReport() {
    }

    /** Replaces the report line that starts with {@code key} (or adds it), keeping the other figures. */
    static synchronized void put(String key, String line) {
        Path file = Path.of(System.getProperty("basedir", "."), "target", "redaction-report.txt");
        try {
            Files.createDirectories(file.getParent());
            List<String> lines = new ArrayList<>();
            if (Files.exists(file)) {
                for (String existing : Files.readAllLines(file)) {
                    if (!existing.startsWith(key + ":")) {
                        lines.add(existing);
                    }
                }
            }
            lines.add(key + ": " + line);
            lines.sort(null);
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
