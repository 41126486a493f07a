package dev.eaglemem.orchestrate;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A lane merged into the coordinator's branch: the merge commit (or the tip already there), and whether it was new. */
@RegisterForReflection
public record MergeResult(String key, String branch, String into, String commit, boolean alreadyMerged) {
}
