package dev.eaglemem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * A data directory for launcher tests that run serve: under /tmp, because unix socket paths are limited to ~100 bytes
 * and a CI checkout path can be long. {@link #close} stops the serve it had and deletes it.
 */
final class ServeDataDir implements AutoCloseable {

    private final Cli cli;
    private final Path data;

    ServeDataDir(Cli cli, String prefix) throws IOException {
        this.cli = cli;
        this.data = Files.createTempDirectory(Path.of("/tmp"), prefix).resolve("d");
        cli.env.put("EAGLE_MEM_DIR", data.toString());
    }

    Path path() {
        return data;
    }

    Path db() {
        return data.resolve("memory.db");
    }

    /** eagle-mem.log, for assertion messages. */
    String log() {
        try {
            return Files.exists(data.resolve("eagle-mem.log")) ? Files.readString(data.resolve("eagle-mem.log")) : "(none)";
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Override
    public void close() throws IOException {
        cli.run("serve", "--stop");
        try (var files = Files.walk(data.getParent())) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
