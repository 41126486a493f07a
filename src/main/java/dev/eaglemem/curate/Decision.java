package dev.eaglemem.curate;

import dev.eaglemem.store.ProposalRow;

/** A proposal after accept, reject or undo, and what that did in words ("added guard rule #4"). */
public record Decision(ProposalRow proposal, String done) {
}
