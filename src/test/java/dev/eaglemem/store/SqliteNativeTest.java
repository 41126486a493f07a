package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteNativeTest {

    @TempDir
    Path dir;

    @Test
    void unpacksThisPlatformsLibraryOnceAndLeavesAnIdenticalCopyAlone() throws Exception {
        Path native_ = dir.resolve("native");
        Path lib = SqliteNative.unpack(native_).orElseThrow();
        assertThat(lib).isEqualTo(native_.resolve(System.mapLibraryName("sqlitejdbc")));
        assertThat(Files.size(lib)).isGreaterThan(100_000);
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(lib, old);
        SqliteNative.unpack(native_);
        assertThat(Files.getLastModifiedTime(lib)).as("a reinstall compares the runtime by size and time").isEqualTo(old);

        Files.write(lib, new byte[] { 1, 2, 3 });
        SqliteNative.unpack(native_);
        assertThat(Files.size(lib)).as("a damaged copy is replaced").isGreaterThan(100_000);
        try (var files = Files.list(native_)) {
            assertThat(files).as("no temp file left").containsExactly(lib);
        }
    }
}
