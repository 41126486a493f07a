package dev.eaglemem.llm;

import java.time.Instant;

/**
 * No provider answered. {@code retryAfter} is when the provider asked to be called again (HTTP Retry-After on
 * a 429 or 503), or null.
 */
public final class LlmFailure extends RuntimeException {

    private final transient Instant retryAfter;

    public LlmFailure(String message, Instant retryAfter, Throwable cause) {
        super(message, cause);
        this.retryAfter = retryAfter;
    }

    public Instant retryAfter() {
        return retryAfter;
    }
}
