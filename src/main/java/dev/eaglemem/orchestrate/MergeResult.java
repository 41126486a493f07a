package dev.eaglemem.orchestrate;

/** A lane merged into the coordinator's branch: the merge commit (or the tip already there), and whether it was new. */
public record MergeResult(String key, String branch, String into, String commit, boolean alreadyMerged) {
}
