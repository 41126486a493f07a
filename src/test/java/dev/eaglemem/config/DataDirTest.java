package dev.eaglemem.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirTest {

    @TempDir
    Path dir;

    @Test
    void defaultsToDotEagleMemInHomeWithConfigInside() {
        DataDir d = DataDir.from(new EagleEnv(Map.of(), dir, dir));
        assertThat(d.root()).isEqualTo(dir.resolve(".eagle-mem"));
        assertThat(d.dbFile()).isEqualTo(dir.resolve(".eagle-mem/memory.db"));
        assertThat(d.configFile()).isEqualTo(dir.resolve(".eagle-mem/config.toml"));
    }

    @Test
    void honoursEnvironmentOverridesIncludingTildeAndRelativePaths() {
        DataDir d = DataDir.from(new EagleEnv(Map.of("EAGLE_MEM_DIR", "~/mem", "EAGLE_CONFIG_FILE", "conf/eagle.toml"),
                dir.resolve("home"), dir.resolve("work")));
        assertThat(d.root()).isEqualTo(dir.resolve("home/mem"));
        assertThat(d.configFile()).isEqualTo(dir.resolve("work/conf/eagle.toml"));
    }

    @Test
    void createsTheDirectoryOwnerOnly() throws Exception {
        DataDir d = DataDir.from(new EagleEnv(Map.of("EAGLE_MEM_DIR", dir.resolve("a/b/mem").toString()), dir, dir));
        d.ensureExists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(d.root()))).isEqualTo("rwx------");
    }

    @Test
    void anUnusablePathFailsWithTheFix() throws Exception {
        Path file = Files.writeString(dir.resolve("plain-file"), "x");
        DataDir under = DataDir.from(new EagleEnv(Map.of("EAGLE_MEM_DIR", file.resolve("mem").toString()), dir, dir));
        assertThatThrownBy(under::ensureExists).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("data_dir_unwritable");
            assertThat(e.getMessage()).contains(file.resolve("mem").toString());
            assertThat(e.fix()).contains("export EAGLE_MEM_DIR=");
        });
        DataDir itself = DataDir.from(new EagleEnv(Map.of("EAGLE_MEM_DIR", file.toString()), dir, dir));
        assertThatThrownBy(itself::ensureExists).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).contains("is not a directory"));
    }
}
