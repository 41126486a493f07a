package dev.eaglemem.cli;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code memories cues ID --cue TEXT --json} prints: the cues as stored (tidied, redacted). */
@RegisterForReflection
public record CuesSet(long memoryId, List<String> cues) {
}
