package dev.eaglemem.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    private static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }

    private List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aNewFileIsWrittenOwnerOnlyWithItsDirectories() throws Exception {
        Path file = dir.resolve("a/b/secret.toml");
        AtomicFiles.writeString(file, "token = \"x\"\n", AtomicFiles.OWNER_ONLY);
        assertThat(Files.readString(file)).isEqualTo("token = \"x\"\n");
        assertThat(mode(file)).isEqualTo("rw-------");
        assertThat(names(file.getParent())).as("no temporary file left").containsExactly("secret.toml");
    }

    @Test
    void bytesAreWrittenAsTheyAre() throws Exception {
        Path file = dir.resolve("blob");
        byte[] bytes = { 0, 1, (byte) 0xff, '\n' };
        AtomicFiles.write(file, bytes, AtomicFiles.OWNER_ONLY);
        assertThat(Files.readAllBytes(file)).isEqualTo(bytes);
    }

    @Test
    void anExactModeReplacesTheExistingFilesMode() throws Exception {
        Path file = dir.resolve("unit.service");
        Files.writeString(file, "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        AtomicFiles.writeString(file, "new", AtomicFiles.OWNER_ONLY);
        assertThat(Files.readString(file)).isEqualTo("new");
        assertThat(mode(file)).isEqualTo("rw-------");
    }

    @Test
    void orExistingKeepsTheModeOfAFileThatIsThereAndGivesANewOneTheMode() throws Exception {
        Path existing = dir.resolve("settings.json");
        Files.writeString(existing, "{}");
        Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rw-r-----"));
        AtomicFiles.writeString(existing, "{\"a\":1}", AtomicFiles.OWNER_ONLY.orExisting());
        assertThat(Files.readString(existing)).isEqualTo("{\"a\":1}");
        assertThat(mode(existing)).isEqualTo("rw-r-----");

        Path fresh = dir.resolve("fresh.json");
        AtomicFiles.writeString(fresh, "{}", AtomicFiles.OWNER_ONLY.orExisting());
        assertThat(mode(fresh)).isEqualTo("rw-------");
    }

    @Test
    void anyModeIsSetAsGivenWhateverTheUmask() throws Exception {
        Path file = dir.resolve("shared");
        AtomicFiles.writeString(file, "x", new AtomicFiles.Mode(PosixFilePermissions.fromString("rw-rw-r--"), false));
        assertThat(mode(file)).isEqualTo("rw-rw-r--");
    }

    @Test
    void aFailedReplaceLeavesTheTargetAndNoTemporaryFile() throws Exception {
        Path target = dir.resolve("occupied");
        Files.createDirectories(target.resolve("inside"));
        assertThatThrownBy(() -> AtomicFiles.writeString(target, "text", AtomicFiles.OWNER_ONLY)).isInstanceOf(IOException.class);
        assertThat(names(dir)).containsExactly("occupied");
        assertThat(Files.isDirectory(target.resolve("inside"))).isTrue();
    }

    @Test
    void utf8IsTheEncoding() throws Exception {
        Path file = dir.resolve("note.md");
        AtomicFiles.writeString(file, "café ✓", AtomicFiles.OWNER_ONLY);
        assertThat(Files.readAllBytes(file)).isEqualTo("café ✓".getBytes(StandardCharsets.UTF_8));
    }
}
