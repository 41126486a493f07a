package dev.eaglemem.llm;

import java.time.Instant;

/**
 * No provider answered. {@code retryAfter} is when the provider asked to be called again (HTTP Retry-After on
 * a 429 or 503), or null.
 */
public final class LlmFailure extends RuntimeException {

    private final transient Instant retryAfter;
    private final boolean retryable;

    /** @param retryable false when trying again cannot help (no provider configured, no key, HTTP 4xx but 408/429) */
    public LlmFailure(String message, Instant retryAfter, boolean retryable) {
        super(message);
        this.retryAfter = retryAfter;
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }

    public Instant retryAfter() {
        return retryAfter;
    }
}
