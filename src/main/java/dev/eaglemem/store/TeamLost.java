package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A revision that lost a conflict in the team database, kept there, and the revision it lost to. */
@RegisterForReflection
public record TeamLost(String project, String type, String recordId, int revision, String machine, String person,
        String changedAt, int wonRevision, String wonMachine, String wonPerson, String decidedAt) {
}
