package dev.eaglemem.store;

import java.util.Set;

/**
 * Filter for listing jobs, newest first.
 *
 * @param statuses only these; empty lists every status
 * @param kind only this kind, or null
 */
public record JobQuery(Set<JobStatus> statuses, String kind, int limit) {

    public JobQuery {
        statuses = Set.copyOf(statuses);
    }
}
