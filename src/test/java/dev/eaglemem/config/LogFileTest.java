package dev.eaglemem.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log is written only where no other user can read or plant it (F5): else nothing, and the caller is told. */
class LogFileTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-06T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    @Test
    void linesAreAppendedToAnOwnerOnlyFile() throws Exception {
        LogFile log = new LogFile(dir.resolve("eagle-mem.log"), CLOCK);
        assertThat(log.warn("one")).isTrue();
        assertThat(log.info("two\nlines")).isTrue();
        assertThat(dir.resolve("eagle-mem.log"))
                .hasContent("[2026-12-06T10:00:00Z] [WARN] one\n[2026-12-06T10:00:00Z] [INFO] two lines");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("eagle-mem.log"))))
                .isEqualTo("rw-------");
    }

    @Test
    void aFolderOthersMayChangeGetsNoLog() throws Exception {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThat(new LogFile(open.resolve("eagle-mem.log"), CLOCK).warn("secret-ish")).isFalse();
        assertThat(open.resolve("eagle-mem.log")).doesNotExist();
    }

    @Test
    void aSymbolicLinkOrAFileOthersMayChangeIsNotWritten() throws Exception {
        Path victim = Files.writeString(Files.createDirectory(dir.resolve("else")).resolve("victim"), "keep\n");
        Path link = Files.createSymbolicLink(dir.resolve("eagle-mem.log"), victim);
        assertThat(new LogFile(link, CLOCK).warn("x")).isFalse();
        assertThat(victim).hasContent("keep");

        Path shared = Files.writeString(dir.resolve("shared.log"), "");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertThat(new LogFile(shared, CLOCK).warn("x")).isFalse();
        assertThat(shared).isEmptyFile();
    }
}
