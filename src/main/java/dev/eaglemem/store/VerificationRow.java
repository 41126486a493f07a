package dev.eaglemem.store;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A row of {@code feature_verifications}: outcome 'verified' or 'failed', and how many pending rows it resolved. */
@RegisterForReflection
public record VerificationRow(long id, long featureId, String outcome, String notes, List<SmokeResult> commands,
        int resolved, String verifiedAt) {

    public VerificationRow {
        commands = commands == null ? List.of() : List.copyOf(commands);
    }
}
