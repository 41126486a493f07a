package dev.eaglemem.curate;

import dev.eaglemem.store.ProposalRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** A proposal after accept, reject or undo, and what that did in words ("added guard rule #4"). */
@RegisterForReflection
public record Decision(ProposalRow proposal, String done) {
}
