package dev.eaglemem.team;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A push then a pull, as serve's team-sync job and {@code eagle-mem team sync} run them. */
@RegisterForReflection
public record TeamSyncReport(TeamPushReport push, TeamPullReport pull) {
}
