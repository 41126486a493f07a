package dev.eaglemem.orchestrate;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** One lane as the MCP tools and HTTP routes answer it, in the shape {@code orchestrate lane … --json} prints. */
@RegisterForReflection
public record LaneShown(LaneView lane) {
}
