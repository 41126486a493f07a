package dev.eaglemem.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

class TimesTest {

    private static final String STORED = "2026-11-24T17:05:03.123Z";

    @Test
    void aTimeIsShownInTheUsersZoneLabelledWithItsOffset() {
        assertThat(new Times(ZoneId.of("Europe/Berlin")).dateTime(STORED)).isEqualTo("2026-11-24 18:05 UTC+01:00");
        assertThat(new Times(ZoneId.of("Europe/Berlin")).dateTime("2026-07-01T10:00:00Z"))
                .isEqualTo("2026-07-01 12:00 UTC+02:00");
        assertThat(new Times(ZoneId.of("America/New_York")).dateTime(Instant.parse(STORED)))
                .isEqualTo("2026-11-24 12:05 UTC-05:00");
        assertThat(new Times(ZoneId.of("Asia/Kolkata")).dateTime(STORED)).isEqualTo("2026-11-24 22:35 UTC+05:30");
    }

    @Test
    void utcSaysUtcAndAZoneThatIsOnlySometimesAtZeroKeepsItsOffsetForm() {
        assertThat(Times.UTC.dateTime(STORED)).isEqualTo("2026-11-24 17:05 UTC");
        assertThat(new Times(ZoneId.of("Etc/UTC")).dateTime(STORED)).isEqualTo("2026-11-24 17:05 UTC");
        assertThat(new Times(ZoneId.of("UTC")).dateTime(STORED)).isEqualTo("2026-11-24 17:05 UTC");
        assertThat(new Times(ZoneOffset.ofHours(0)).dateTime(STORED)).isEqualTo("2026-11-24 17:05 UTC");
        assertThat(new Times(ZoneId.of("Europe/London")).dateTime(STORED)).isEqualTo("2026-11-24 17:05 UTC+00:00");
    }

    @Test
    void theDayIsTheUsersCalendarDay() {
        assertThat(new Times(ZoneId.of("Asia/Tokyo")).date("2026-11-21T16:30:00Z")).isEqualTo("2026-11-22");
        assertThat(new Times(ZoneId.of("America/Los_Angeles")).date("2026-11-22T03:00:00Z")).isEqualTo("2026-11-21");
        assertThat(Times.UTC.date("2026-11-21T16:30:00Z")).isEqualTo("2026-11-21");
    }

    @Test
    void nothingIsEmptyAndTextThatIsNoTimestampIsLeftAsItIs() {
        assertThat(Times.UTC.dateTime((String) null)).isEmpty();
        assertThat(Times.UTC.date(null)).isEmpty();
        assertThat(Times.UTC.dateTime("yesterday")).isEqualTo("yesterday");
        assertThat(Times.UTC.date("2026-11")).isEqualTo("2026-11");
    }
}
