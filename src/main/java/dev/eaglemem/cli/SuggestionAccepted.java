package dev.eaglemem.cli;

import dev.eaglemem.curate.Decision;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code feature suggest --accept ID --json} prints. */
@RegisterForReflection
public record SuggestionAccepted(Decision decision) {
}
