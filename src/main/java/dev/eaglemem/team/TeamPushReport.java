package dev.eaglemem.team;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What one push sent: records {@code sent}, and of them {@code created} (new to the team), {@code updated} (a later
 * edit), {@code won} and {@code lost} (conflicts: see {@link TeamRule}), {@code unchanged} (already there).
 */
@RegisterForReflection
public record TeamPushReport(int sent, int created, int updated, int won, int lost, int unchanged, int projects) {

    static final TeamPushReport NONE = new TeamPushReport(0, 0, 0, 0, 0, 0, 0);

    TeamPushReport plus(TeamPushReport o) {
        return new TeamPushReport(sent + o.sent, created + o.created, updated + o.updated, won + o.won, lost + o.lost,
                unchanged + o.unchanged, Math.max(projects, o.projects));
    }
}
