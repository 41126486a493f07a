package dev.eaglemem.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Login codes are single-use and short-lived, sessions expire, and neither can pile up in serve's memory. */
class ViewerAuthTest {

    /** A clock the test moves by hand. */
    private static final class HandClock extends Clock {
        Instant now = Instant.parse("2026-11-25T10:00:00Z");

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    private final HandClock clock = new HandClock();
    private final ViewerAuth auth = new ViewerAuth(clock);

    @Test
    void aCodeWorksOnceAndMakesASessionUnlikeItself() {
        String code = auth.issueCode();
        assertThat(code).matches("[A-Za-z0-9_-]{43}");
        Optional<String> session = auth.redeem(code);
        assertThat(session).isPresent().get().isNotEqualTo(code);
        assertThat(auth.validSession(session.get())).isTrue();
        assertThat(auth.redeem(code)).as("used").isEmpty();
        assertThat(auth.validSession(code)).as("a code is not a session").isFalse();
        assertThat(auth.redeem(null)).isEmpty();
        assertThat(auth.validSession(null)).isFalse();
        assertThat(auth.validSession("")).isFalse();
    }

    @Test
    void codesExpireAfterTwoMinutesAndSessionsAfterTwelveHours() {
        String late = auth.issueCode();
        String inTime = auth.issueCode();
        clock.now = clock.now.plus(ViewerAuth.CODE_TTL).minusSeconds(1);
        String session = auth.redeem(inTime).orElseThrow();
        clock.now = clock.now.plusSeconds(1);
        assertThat(auth.redeem(late)).as("expired").isEmpty();

        clock.now = clock.now.plus(ViewerAuth.SESSION_TTL).minus(Duration.ofSeconds(2));
        assertThat(auth.validSession(session)).isTrue();
        clock.now = clock.now.plusSeconds(1);
        assertThat(auth.validSession(session)).isFalse();
    }

    @Test
    void loggingOutEndsOnlyThatSession() {
        String a = auth.redeem(auth.issueCode()).orElseThrow();
        String b = auth.redeem(auth.issueCode()).orElseThrow();
        auth.end(a);
        assertThat(auth.validSession(a)).isFalse();
        assertThat(auth.validSession(b)).isTrue();
    }

    @Test
    void unusedCodesAndSessionsAreCappedOldestFirst() {
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < ViewerAuth.MAX_CODES + 5; i++) {
            codes.add(auth.issueCode());
            clock.now = clock.now.plusMillis(10);
        }
        assertThat(new HashSet<>(codes)).hasSize(codes.size());
        assertThat(auth.redeem(codes.getFirst())).as("the oldest was dropped").isEmpty();
        assertThat(auth.redeem(codes.getLast())).isPresent();

        List<String> sessions = new ArrayList<>();
        for (int i = 0; i < ViewerAuth.MAX_SESSIONS + 3; i++) {
            sessions.add(auth.redeem(auth.issueCode()).orElseThrow());
            clock.now = clock.now.plusMillis(10);
        }
        assertThat(auth.validSession(sessions.getFirst())).isFalse();
        assertThat(auth.validSession(sessions.getLast())).isTrue();
    }
}
