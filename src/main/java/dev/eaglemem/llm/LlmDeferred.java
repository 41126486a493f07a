package dev.eaglemem.llm;

import java.time.Instant;

/** The day's model budget would be exceeded by this call; nothing was sent. Run it again at {@code until}. */
public final class LlmDeferred extends RuntimeException {

    private final transient Instant until;

    public LlmDeferred(String reason, Instant until) {
        super(reason);
        this.until = until;
    }

    public Instant until() {
        return until;
    }
}
