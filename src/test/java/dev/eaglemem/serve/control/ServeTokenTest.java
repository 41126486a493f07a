package dev.eaglemem.serve.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

import dev.eaglemem.platform.PathFacts;
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
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("serve.token"))))
                .isEqualTo("rw-------");
        assertThat(files().loadOrCreateToken()).isEqualTo(token);
    }

    /** F11: "a", readable by everyone, was the API token. */
    @Test
    void aWeakOrReadableTokenIsReplacedWholeAndOwnerOnlyAndTheLogSaysWhy() throws Exception {
        Path token = Files.writeString(dir.resolve("serve.token"), "a\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(files().tokenProblem()).hasValueSatisfying(p -> assertThat(p).contains("mode 644"));
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        assertThat(files().tokenProblem()).hasValueSatisfying(p -> assertThat(p).contains("weak (1 characters"));

        String replaced = files().loadOrCreateToken();
        assertThat(replaced).matches("[0-9a-f]{64}");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(token))).isEqualTo("rw-------");
        assertThat(files().tokenProblem()).isEmpty();
        assertThat(Files.readString(dir.resolve("eagle-mem.log"))).contains("serve: replaced " + token + " (it is weak");

        Path readable = Files.writeString(token, "b".repeat(40) + "\n");
        Files.setPosixFilePermissions(readable, PosixFilePermissions.fromString("rw-r-----"));
        assertThat(files().loadOrCreateToken()).as("strong but readable by the group").isNotEqualTo("b".repeat(40));
    }

    @Test
    void aSymbolicLinkIsReplacedAndWhatItNamesIsNeitherUsedNorWritten() throws Exception {
        Path planted = Files.writeString(Files.createDirectory(dir.resolve("elsewhere")).resolve("t"), "1".repeat(64) + "\n");
        Files.setPosixFilePermissions(planted, PosixFilePermissions.fromString("rw-------"));
        Files.createSymbolicLink(dir.resolve("serve.token"), planted);
        assertThat(files().tokenProblem()).hasValueSatisfying(p -> assertThat(p).contains("symbolic link"));
        assertThat(files().loadOrCreateToken()).isNotEqualTo("1".repeat(64)).matches("[0-9a-f]{64}");
        assertThat(Files.isSymbolicLink(dir.resolve("serve.token"))).isFalse();
        assertThat(planted).hasContent("1".repeat(64));
    }

    @Test
    void anotherUsersTokenIsNeverUsed() throws Exception {
        assumeTrue(PathFacts.currentUid() == 0, "only root can give a file to another user (uid 65534)");
        Path token = Files.writeString(dir.resolve("serve.token"), "1".repeat(64) + "\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        Files.setAttribute(token, "unix:uid", 65534);
        assertThat(files().tokenProblem()).hasValueSatisfying(p -> assertThat(p).contains("uid 65534"));
        assertThat(files().loadOrCreateToken()).isNotEqualTo("1".repeat(64));
        assertThat(Files.getAttribute(token, "unix:uid")).isEqualTo(PathFacts.currentUid());
    }

    @Test
    void servesStartingTogetherAgreeOnOneCompleteTokenAndLeaveNoTempFile() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<String>> racers = IntStream.range(0, 8)
                    .<Callable<String>>mapToObj(i -> () -> files().loadOrCreateToken())
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
