package dev.eaglemem.orchestrate;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The handoff as the MCP tool and the HTTP route answer it: the Markdown {@code orchestrate handoff} prints. */
@RegisterForReflection
public record HandoffText(String project, long orchestration, String markdown) {
}
