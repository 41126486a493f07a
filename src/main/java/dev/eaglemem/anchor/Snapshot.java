package dev.eaglemem.anchor;

import java.util.List;

import dev.eaglemem.store.AnchorStore.NewTarget;

/**
 * A record's anchor taken now, before the transaction that stores it: the working tree's HEAD ({@code commit}, null in
 * a repository with no commit yet) and the files and declarations the record names, with their content hashes.
 */
public record Snapshot(String commit, List<NewTarget> targets) {

    public Snapshot {
        targets = List.copyOf(targets);
    }
}
