package dev.eaglemem.cli;

import dev.eaglemem.orchestrate.OrchestrationView;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code orchestrate status|init|complete|cancel --json} print: the project and its orchestration (null: none). */
@RegisterForReflection
public record OrchestrateShown(String project, OrchestrationView orchestration) {
}
