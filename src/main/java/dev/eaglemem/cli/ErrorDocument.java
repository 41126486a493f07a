package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What a failed {@code --json} command prints: {@code {"error": {...}}}. */
@RegisterForReflection
public record ErrorDocument(ErrorBody error) {
}
