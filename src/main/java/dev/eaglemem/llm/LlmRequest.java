package dev.eaglemem.llm;

import java.util.Objects;

/**
 * One question for a model. The text is redacted by {@link LlmService} before it leaves the process, so
 * callers pass what they have; they should still cut it to what the task needs.
 *
 * @param purpose what asks (the job kind, {@code test}, {@code curate}); usage is recorded under it
 * @param jobId the job that asks, or null; recorded with the usage so a model's change can be traced
 * @param project the project key the text comes from, or null
 * @param maxTokens the most output tokens; the governor also caps it at {@code llm.max_tokens}
 * @param json the answer must be one JSON object (providers that can enforce it are told to)
 * @param jsonSchema the JSON Schema the object must match (OpenAI-compatible and Ollama enforce it), or null
 */
public record LlmRequest(String purpose, Long jobId, String project, String system, String prompt, int maxTokens,
        boolean json, String jsonSchema) {

    public LlmRequest {
        Objects.requireNonNull(purpose, "purpose");
        system = system == null ? "" : system;
        Objects.requireNonNull(prompt, "prompt");
        if (maxTokens < 1) {
            throw new IllegalArgumentException("max tokens must be at least 1");
        }
    }

    /** A request whose JSON answer has no schema. */
    public LlmRequest(String purpose, Long jobId, String project, String system, String prompt, int maxTokens,
            boolean json) {
        this(purpose, jobId, project, system, prompt, maxTokens, json, null);
    }
}
