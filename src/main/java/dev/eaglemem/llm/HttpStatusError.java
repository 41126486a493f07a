package dev.eaglemem.llm;

import java.time.Instant;

import dev.langchain4j.exception.HttpException;

/** A provider's non-2xx answer, with the Retry-After it sent (langchain4j's own HttpException drops headers). */
final class HttpStatusError extends HttpException {

    private final transient Instant retryAfter;

    HttpStatusError(int status, String body, Instant retryAfter) {
        super(status, body);
        this.retryAfter = retryAfter;
    }

    Instant retryAfter() {
        return retryAfter;
    }
}
