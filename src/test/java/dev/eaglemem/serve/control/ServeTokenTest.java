package dev.eaglemem.serve.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServeTokenTest {

    @TempDir
    Path dir;

    private ServeFiles files() {
        return new ServeFiles(dir.resolve("serve.sock"), dir.resolve("serve.token"), dir.resolve("serve.lock"),
                dir.resolve("serve.pid"), dir.resolve("serve.log"), dir.resolve("serve.starting"), dir.resolve("serve.port"));
    }

    @Test
    void theTokenIs256RandomBitsOwnerOnlyAndKept() throws Exception {
        String token = files().loadOrCreateToken();
        assertThat(token).matches("[0-9a-f]{64}");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("serve.token")))).isEqualTo("rw-------");
        assertThat(files().loadOrCreateToken()).isEqualTo(token);
    }

    @Test
    void servesStartingTogetherAgreeOnOneCompleteTokenAndLeaveNoTempFile() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<String>> racers = IntStream.range(0, 8).<Callable<String>>mapToObj(i -> () -> files().loadOrCreateToken())
                    .toList();
            List<String> tokens = pool.invokeAll(racers).stream().map(ServeTokenTest::get).toList();
            assertThat(tokens).allMatch(t -> t.matches("[0-9a-f]{64}")).containsOnly(tokens.getFirst());
        } finally {
            pool.shutdownNow();
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("serve.token");
        }
    }

    private static String get(Future<String> f) {
        try {
            return f.get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
