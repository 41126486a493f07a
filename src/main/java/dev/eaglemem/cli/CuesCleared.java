package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code memories cues --clear --json} prints; the memory is null with {@code --all}. */
@RegisterForReflection
public record CuesCleared(Long memoryId, int cleared) {
}
