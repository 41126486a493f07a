package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A machine of a team (and its person) as the team database saw it. */
@RegisterForReflection
public record TeamMember(String machine, String person, String eagleMem, String firstSeenAt, String lastSeenAt,
        String lastPushAt, String lastPullAt, long recordsPushed) {
}
