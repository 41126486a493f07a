package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.curate.Decision;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code curate accept|reject|undo --json} prints: one decision per proposal named. */
@RegisterForReflection
public record CurateDecisions(List<Decision> decisions) {
}
