package dev.eaglemem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * A data directory for launcher tests that run serve: under /tmp, because unix socket paths are limited to ~100 bytes
 * and a CI checkout path can be long; semantic recall off (see the constructor). {@link #close} stops the serve it had
 * and deletes it.
 */
final class ServeDataDir implements AutoCloseable {

    private final Cli cli;
    private final Path data;

    ServeDataDir(Cli cli, String prefix) throws IOException {
        this.cli = cli;
        this.data = Files.createTempDirectory(Path.of("/tmp"), prefix).resolve("d");
        cli.env.put("EAGLE_MEM_DIR", data.toString());
        // These tests are about the write path under locks and kill -9 (serve restarted dozens of times): loading the
        // embedding model at every start would only add CPU load that makes their lock timing flaky on 2 cores.
        Path config = Files.writeString(data.getParent().resolve("config.toml"), "[recall]\nsemantic = false\n");
        cli.env.put("EAGLE_CONFIG_FILE", config.toString());
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
