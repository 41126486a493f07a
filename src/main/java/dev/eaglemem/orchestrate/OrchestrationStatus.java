package dev.eaglemem.orchestrate;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The status as the MCP tool and the HTTP route answer it, in the shape {@code orchestrate status --json} prints: the
 * project and its active (else newest) orchestration with its lanes; null when the project never had one.
 */
@RegisterForReflection
public record OrchestrationStatus(String project, OrchestrationView orchestration) {

    public static OrchestrationStatus of(OrchestrateService service, String project) {
        return new OrchestrationStatus(project, service.current(project)
                .map(o -> OrchestrationView.of(o, service.lanes(o))).orElse(null));
    }
}
