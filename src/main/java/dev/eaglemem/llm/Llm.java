package dev.eaglemem.llm;

/**
 * The one way features ask a model. {@link LlmService} is the implementation; tests pass a lambda-backed fake.
 */
public interface Llm {

    /** True when a provider is configured ({@code llm.provider} is not {@code none}). */
    boolean configured();

    /**
     * Asks the configured provider chain; the request is redacted first and the usage recorded.
     *
     * @throws LlmDeferred when the day's budget would be exceeded: try again at {@link LlmDeferred#until()}
     * @throws LlmFailure when no provider in the chain answered (their errors, with a retry time when a provider
     *         sent one, and whether trying again can help)
     */
    LlmReply complete(LlmRequest request);
}
