package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A row of {@code user_prompts} (already redacted when written). */
@RegisterForReflection
public record PromptRow(long id, String sessionId, String project, String agent, String prompt, String createdAt) {
}
