package dev.eaglemem.tokenguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.hook.MutableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnlockFileTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00.250Z"));

    @Test
    void anUnlockLastsItsMinutesAndThenLapses() throws Exception {
        UnlockFile unlock = new UnlockFile(dir.resolve(UnlockFile.NAME), clock);
        assertThat(unlock.activeUntil()).isEmpty();

        Instant until = unlock.unlock(15);
        assertThat(until).isEqualTo(Instant.parse("2026-11-22T10:15:00Z"));
        assertThat(Files.readString(unlock.file())).isEqualTo("2026-11-22T10:15:00Z\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(unlock.file()))).isEqualTo("rw-------");
        assertThat(unlock.activeUntil()).contains(until);

        clock.advance(Duration.ofMinutes(14));
        assertThat(unlock.activeUntil()).contains(until);
        clock.advance(Duration.ofMinutes(1));
        assertThat(unlock.activeUntil()).as("expired at the instant written").isEmpty();
        assertThat(unlock.readExpiry()).contains(until);
    }

    @Test
    void aGarbledFileIsLockedAndClearRemovesIt() throws Exception {
        UnlockFile unlock = new UnlockFile(dir.resolve(UnlockFile.NAME), clock);
        Files.writeString(unlock.file(), "forever\n");
        assertThat(unlock.activeUntil()).isEmpty();
        assertThat(unlock.clear()).isTrue();
        assertThat(unlock.clear()).isFalse();
        assertThat(unlock.file()).doesNotExist();
    }

    @Test
    void minutesMustBeBetweenOneAndFourHours() {
        UnlockFile unlock = new UnlockFile(dir.resolve(UnlockFile.NAME), clock);
        assertThat(unlock.unlock(240)).isEqualTo(Instant.parse("2026-11-22T14:00:00Z"));
        for (int bad : new int[] { 0, -5, 241 }) {
            assertThatThrownBy(() -> unlock.unlock(bad)).isInstanceOf(EagleException.class)
                    .hasMessageContaining("between 1 and 240");
        }
    }
}
