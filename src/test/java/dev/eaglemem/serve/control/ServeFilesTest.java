package dev.eaglemem.serve.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files serve keeps in the data directory: token, pid, socket and what a clean exit removes. */
class ServeFilesTest {

    @TempDir
    Path dir;

    private ServeFiles files() {
        return ServeFiles.of(new DataDir(dir, dir.resolve("config.toml")));
    }

    private static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }

    @Test
    void everyFileLivesInTheDataDirectory() {
        ServeFiles f = files();
        assertThat(f.socket()).isEqualTo(dir.resolve("serve.sock"));
        assertThat(f.token()).isEqualTo(dir.resolve("serve.token"));
        assertThat(f.lock()).isEqualTo(dir.resolve("serve.lock"));
        assertThat(f.pid()).isEqualTo(dir.resolve("serve.pid"));
        assertThat(f.log()).isEqualTo(dir.resolve("serve.log"));
        assertThat(f.starting()).isEqualTo(dir.resolve("serve.starting"));
    }

    // ---- the token ----

    @Test
    void theTokenIsCreatedOnceOwnerOnlyWith256RandomBits() throws IOException {
        String token = files().loadOrCreateToken();
        assertThat(token).matches("[0-9a-f]{64}");
        assertThat(mode(dir.resolve("serve.token"))).isEqualTo("rw-------");
        assertThat(Files.readString(dir.resolve("serve.token"))).isEqualTo(token + "\n");
        assertThat(files().loadOrCreateToken()).as("a second serve reads the same token").isEqualTo(token);
        assertThat(mode(dir.resolve("serve.token"))).isEqualTo("rw-------");
    }

    @Test
    void anotherDataDirectoryGetsAnotherToken(@TempDir Path other) {
        String mine = files().loadOrCreateToken();
        String theirs = ServeFiles.of(new DataDir(other, other.resolve("config.toml"))).loadOrCreateToken();
        assertThat(theirs).isNotEqualTo(mine);
    }

    @Test
    void anExistingStrongPrivateTokenIsReusedAsWritten() throws IOException {
        String mine = "my-own-token_" + "x".repeat(19);
        Path token = Files.writeString(dir.resolve("serve.token"), "  " + mine + "\n\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        assertThat(files().loadOrCreateToken()).isEqualTo(mine);
        assertThat(Files.readString(token)).isEqualTo("  " + mine + "\n\n");
    }

    @Test
    void anEmptyTokenFileIsNeverAnAcceptedToken() throws IOException {
        Files.writeString(dir.resolve("serve.token"), "\n");
        String token;
        try {
            token = files().loadOrCreateToken();
        } catch (EagleException refused) {
            return; // refusing is as good as replacing it
        }
        assertThat(token).isNotBlank();
    }

    @Test
    void aTokenThatCannotBeCreatedIsAnErrorWithAFix() {
        Path missing = dir.resolve("no/such/dir");
        ServeFiles f = ServeFiles.of(new DataDir(missing, missing.resolve("config.toml")));
        assertThatThrownBy(f::loadOrCreateToken).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("token_unavailable");
            assertThat(e.getMessage()).contains(missing.resolve("serve.token").toString());
            assertThat(e.fix()).contains(missing.toString());
        });
    }

    // ---- the pid file ----

    @Test
    void thePidIsWrittenAndReadBack() throws IOException {
        ServeFiles f = files();
        assertThat(f.recordedPid()).as("no pid file").isEqualTo(-1);
        f.writePid(4242);
        assertThat(Files.readString(f.pid())).isEqualTo("4242\n");
        assertThat(f.recordedPid()).isEqualTo(4242);
        f.writePid(7);
        assertThat(f.recordedPid()).as("overwritten, not appended").isEqualTo(7);
    }

    @Test
    void anUnreadablePidIsUnknown() throws IOException {
        Files.writeString(dir.resolve("serve.pid"), "not a pid\n");
        assertThat(files().recordedPid()).isEqualTo(-1);
        Files.writeString(dir.resolve("serve.pid"), "");
        assertThat(files().recordedPid()).isEqualTo(-1);
    }

    @Test
    void aPidThatCannotBeWrittenIsAnErrorWithAFix() throws IOException {
        Path missing = Files.writeString(dir.resolve("not-a-folder"), "");
        ServeFiles f = ServeFiles.of(new DataDir(missing, missing.resolve("config.toml")));
        assertThatThrownBy(() -> f.writePid(1)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("serve_files_unwritable");
            assertThat(e.fix()).contains(missing.toString());
        });
    }

    // ---- a clean exit ----

    @Test
    void aCleanExitRemovesSocketAndOwnPidButKeepsLockAndToken() throws IOException {
        ServeFiles f = files();
        Files.writeString(f.socket(), "");
        Files.writeString(f.lock(), "");
        f.loadOrCreateToken();
        f.writePid(ProcessHandle.current().pid());
        f.removeRuntimeFiles();
        assertThat(f.socket()).doesNotExist();
        assertThat(f.pid()).doesNotExist();
        assertThat(f.lock()).exists();
        assertThat(f.token()).exists();
        assertThatCode(f::removeRuntimeFiles).as("nothing left to remove is fine").doesNotThrowAnyException();
    }

    @Test
    void anotherServesPidFileIsLeftAlone() throws IOException {
        ServeFiles f = files();
        long other = ProcessHandle.current().pid() + 1;
        f.writePid(other);
        f.removeRuntimeFiles();
        assertThat(f.recordedPid()).isEqualTo(other);
    }

    @Test
    void theStartingMarkerIsClearedOnce() throws IOException {
        ServeFiles f = files();
        Files.writeString(f.starting(), "");
        f.clearStarting();
        assertThat(f.starting()).doesNotExist();
        assertThatCode(f::clearStarting).doesNotThrowAnyException();
    }

    // ---- the socket path ----

    @Test
    void socketPathsUpToOneHundredBytesAreAccepted() {
        assertThatCode(() -> ServeFiles.checkSocketPath(Path.of("/" + "a".repeat(99)))).doesNotThrowAnyException();
        // bytes, not characters: 49 two-byte characters and the slash and one more byte
        assertThatCode(() -> ServeFiles.checkSocketPath(Path.of("/a" + "é".repeat(49)))).doesNotThrowAnyException();
    }

    @Test
    void aLongerSocketPathIsRefusedWithTheFix() {
        Path tooLong = Path.of("/" + "a".repeat(100));
        assertThatThrownBy(() -> ServeFiles.checkSocketPath(tooLong)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("socket_path_too_long");
            assertThat(e.getMessage()).contains(tooLong.toString()).contains("100 bytes");
            assertThat(e.fix()).contains("EAGLE_MEM_DIR");
        });
        assertThatThrownBy(() -> ServeFiles.checkSocketPath(Path.of("/ab" + "é".repeat(49))))
                .as("101 bytes in 52 characters").isInstanceOf(EagleException.class);
    }
}
