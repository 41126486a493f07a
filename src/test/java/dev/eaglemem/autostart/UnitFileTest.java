package dev.eaglemem.autostart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnitFileTest {

    private static final String UNIT = "# x (" + UnitFile.MARKER + ")\n[Service]\nExecStart=\"/a\" serve\nRestart=on-failure\n";

    @Test
    void onlyAFileCarryingTheMarkerIsOurs() {
        assertThat(UnitFile.isOurs(UNIT)).isTrue();
        assertThat(UnitFile.isOurs("[Service]\nExecStart=/usr/bin/eagle-mem serve\n")).isFalse();
    }

    @Test
    void identicalTextHasNoDrift() {
        assertThat(UnitFile.drift(UNIT, UNIT)).isEmpty();
    }

    @Test
    void driftNamesTheLinesInstallWouldAddAndRemove() {
        String edited = UNIT.replace("ExecStart=\"/a\" serve", "ExecStart=\"/b\" serve") + "Nice=10\n";
        assertThat(UnitFile.drift(UNIT, edited)).containsExactly("+ ExecStart=\"/a\" serve", "- ExecStart=\"/b\" serve",
                "- Nice=10");
    }

    @Test
    void aDuplicatedLineIsDrift() {
        assertThat(UnitFile.drift(UNIT, UNIT + "Restart=on-failure\n")).containsExactly("- Restart=on-failure");
    }

    @Test
    void reorderedLinesOrOtherLineEndingsAreDriftToo() {
        assertThat(UnitFile.drift(UNIT, UNIT.replace("\n", "\r\n"))).containsExactly("~ line order or line endings differ");
    }

    @Test
    void writeReplacesTheFileAndBackupKeepsTheOldText(@TempDir Path tmp) {
        UnitFile file = new UnitFile(tmp.resolve("config/systemd/user/eagle-mem.service"));
        assertThat(file.read()).isNull();
        file.write("old\n");
        Path backup = file.backup(tmp.resolve("backups"), Clock.fixed(ServiceRig.NOW, ZoneOffset.UTC));
        file.write("new\n");
        assertThat(file.read()).isEqualTo("new\n");
        assertThat(backup).hasFileName("eagle-mem.service.20261122T154803Z").content().isEqualTo("old\n");
        file.delete();
        assertThat(file.path()).doesNotExist();
        assertThat(tmp.resolve("config/systemd/user")).isEmptyDirectory();
        assertThat(Files.exists(backup)).isTrue();
    }
}
