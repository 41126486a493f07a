package dev.eaglemem.store;

/** A row of {@code user_prompts} (already redacted when written). */
public record PromptRow(long id, String sessionId, String project, String agent, String prompt, String createdAt) {
}
