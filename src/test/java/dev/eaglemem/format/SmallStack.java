package dev.eaglemem.format;

import java.util.function.Supplier;

/**
 * Runs code on a thread with a small stack (256 KiB, half of serve's {@code -Xss512k}), so that a test sees an
 * algorithm or regular expression that recurses once per word or character fail at test sizes, not only in production.
 */
public final class SmallStack {

    private static final long STACK_BYTES = 256 * 1024;

    /** What the code returned, or what it threw (then value is null). */
    public record Outcome<T>(T value, Throwable error) {
    }

    private SmallStack() {
    }

    public static <T> Outcome<T> run(Supplier<T> body) {
        Object[] result = new Object[2];
        Thread thread = new Thread(null, () -> {
            try {
                result[0] = body.get();
            } catch (Throwable e) {
                result[1] = e;
            }
        }, "small-stack", STACK_BYTES);
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        @SuppressWarnings("unchecked")
        T value = (T) result[0];
        return new Outcome<>(value, (Throwable) result[1]);
    }

    /** What the code returned; an error it threw (a StackOverflowError above all) fails the test with that error. */
    public static <T> T value(Supplier<T> body) {
        Outcome<T> outcome = run(body);
        if (outcome.error() != null) {
            throw new AssertionError("failed on a " + STACK_BYTES / 1024 + " KiB stack: " + outcome.error(), outcome.error());
        }
        return outcome.value();
    }
}
