package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class SessionIdsTest {

    @ParameterizedTest
    @ValueSource(strings = { "7a29cce1-c97d-40c7-9d54-66c886e2aa2a", "01a20394-2643-7be2-98aa-060737763433",
            "manual-20261122T140610Z-0a1b2c3d", "a", "A_b-9", "agy-0123456789abcdef" })
    void acceptsSafeIds(String id) {
        assertThat(SessionIds.isValid(id)).isTrue();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = { "../etc/passwd", "a/b", "a b", "a.b", "id\n", "sess\u00e9", "x:y" })
    void rejectsIdsUnsafeForFileNames(String id) {
        assertThat(SessionIds.isValid(id)).isFalse();
    }

    @Test
    void lengthLimitIs128() {
        assertThat(SessionIds.isValid("x".repeat(128))).isTrue();
        assertThat(SessionIds.isValid("x".repeat(129))).isFalse();
    }

    @Test
    void manualIdHasUtcTimestampAndEightHexDigits() {
        Clock clock = Clock.fixed(Instant.parse("2026-11-22T14:06:10.987Z"), ZoneId.of("Asia/Tokyo"));
        RandomGenerator random = new FixedInt(0x0A1B2C3D);

        assertThat(SessionIds.newManualId(clock, random)).isEqualTo("manual-20261122T140610Z-0a1b2c3d");
        assertThat(SessionIds.newManualId(clock, new FixedInt(-1))).isEqualTo("manual-20261122T140610Z-ffffffff");
        assertThat(SessionIds.newManualId(clock, new FixedInt(0))).isEqualTo("manual-20261122T140610Z-00000000");
    }

    @Test
    void manualIdsAreAlwaysValid() {
        SplittableRandom random = new SplittableRandom(42);
        long max = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        for (int i = 0; i < 2_000; i++) {
            Clock clock = Clock.fixed(Instant.ofEpochSecond(random.nextLong(0, max)), ZoneOffset.UTC);
            String id = SessionIds.newManualId(clock, random);
            assertThat(id).matches("manual-\\d{8}T\\d{6}Z-[0-9a-f]{8}");
            assertThat(SessionIds.isValid(id)).isTrue();
        }
    }

    /** A generator whose {@code nextInt()} is fixed, to pin the hex suffix. */
    private record FixedInt(int value) implements RandomGenerator {
        @Override
        public long nextLong() {
            return value;
        }

        @Override
        public int nextInt() {
            return value;
        }
    }
}
