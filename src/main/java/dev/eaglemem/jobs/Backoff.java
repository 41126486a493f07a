package dev.eaglemem.jobs;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Exponential back-off between attempts: {@code min(base · 2^(attempts−1), cap)}, shortened by a random
 * share of up to {@code jitter} so jobs that failed together do not all come back at the same moment.
 */
public record Backoff(Duration base, Duration cap, double jitter) {

    public static final Backoff DEFAULT = new Backoff(Duration.ofSeconds(10), Duration.ofHours(1), 0.2);

    public Backoff {
        if (base.isNegative() || base.isZero() || cap.compareTo(base) < 0 || jitter < 0 || jitter >= 1) {
            throw new IllegalArgumentException("bad back-off: base " + base + ", cap " + cap + ", jitter " + jitter);
        }
    }

    /** The full (un-jittered) wait after {@code attempts} failed attempts. */
    public Duration ceiling(int attempts) {
        long baseMs = base.toMillis();
        long capMs = cap.toMillis();
        int doublings = Math.clamp(attempts - 1L, 0, 62);
        // base << doublings would overflow long before the cap matters; compare against cap >> doublings instead
        long ms = baseMs > (capMs >> doublings) ? capMs : Math.min(capMs, baseMs << doublings);
        return Duration.ofMillis(ms);
    }

    /** The wait before the next attempt, with jitter: between {@code (1 − jitter) · ceiling} and {@code ceiling}. */
    public Duration delay(int attempts, RandomGenerator random) {
        long ms = ceiling(attempts).toMillis();
        return Duration.ofMillis(ms - (long) (ms * jitter * random.nextDouble()));
    }
}
