package dev.eaglemem.curate;

import dev.eaglemem.format.StateId;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What a curation proposal would change when accepted. */
@RegisterForReflection
public enum ProposalKind implements StateId {
    /** A repeated gotcha becomes a guard rule shown before edits of matching files. */
    PROMOTE_GOTCHA,
    /** An older decision is marked superseded by a newer one (restorable). */
    SUPERSEDE,
    /** Near-duplicate memories become one; the sources are marked superseded by it (restorable). */
    CONSOLIDATE,
    /** A noisy shell command gets a rule the token guard reads. */
    COMMAND_RULE,
    /** Files edited together become a feature (with its files). */
    FEATURE
}
