package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One revision of a shared record in the team database: the export format's record (its {@code body}, as JSON text,
 * in the team's project key), its revision and content hash, whether it is a tombstone, when its author changed it
 * (the record's own version field) and on which machine by whom. {@code seq} is the team's sequence number of the
 * change that made it current (0 for one not pushed yet).
 */
@RegisterForReflection
public record TeamRecord(String project, String type, String recordId, int revision, String hash, String body,
        boolean deleted, String changedAt, String machine, String person, long seq) {

    public TeamRecord withRevision(int r) {
        return new TeamRecord(project, type, recordId, r, hash, body, deleted, changedAt, machine, person, seq);
    }
}
