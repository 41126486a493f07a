package dev.eaglemem.orchestrate;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** An orchestration and its lanes as JSON prints them ({@code orchestrate status --json}, init, complete, cancel). */
@RegisterForReflection
public record OrchestrationView(long id, String project, String goal, String status, String repoRoot,
        String coordinatorBranch, String baselineRef, String createdAt, List<LaneView> lanes) {

    public static OrchestrationView of(Orchestration o, List<Lane> lanes) {
        return new OrchestrationView(o.id(), o.project(), o.goal(), o.status(), o.repoRoot().toString(),
                o.coordinatorBranch(), o.baselineRef(), LaneView.text(o.createdAt()),
                lanes.stream().map(LaneView::of).toList());
    }
}
