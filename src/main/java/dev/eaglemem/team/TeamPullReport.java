package dev.eaglemem.team;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What one pull applied here: team records {@code received}, and of them {@code created}, {@code updated},
 * {@code unchanged} (already here, this machine's own among them), {@code conflicts} (kept this store's unpushed edit,
 * or a unique key held by another local record), {@code skipped} (refers to a record the team does not have);
 * {@code checksCleared}: open checks here resolved by a verification of the same content pulled from the team;
 * {@code cursor}: the team sequence number applied through.
 */
@RegisterForReflection
public record TeamPullReport(int received, int created, int updated, int unchanged, int conflicts, int skipped,
        int checksCleared, long cursor) {
}
