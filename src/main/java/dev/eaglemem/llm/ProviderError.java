package dev.eaglemem.llm;

import java.time.Instant;

/**
 * One provider did not answer: an HTTP error, a timeout, a CLI that failed, an empty answer.
 *
 * @param retryAfter when the provider asked to be called again (Retry-After), or null
 */
final class ProviderError extends RuntimeException {

    private final transient Instant retryAfter;
    private final boolean retryable;

    ProviderError(String message, Instant retryAfter, Throwable cause) {
        this(message, retryAfter, true, cause);
    }

    /** @param retryable false for answers that will not change on a retry (bad key, unknown model, bad request) */
    ProviderError(String message, Instant retryAfter, boolean retryable, Throwable cause) {
        super(message, cause);
        this.retryAfter = retryAfter;
        this.retryable = retryable;
    }

    boolean retryable() {
        return retryable;
    }

    Instant retryAfter() {
        return retryAfter;
    }
}
