package dev.eaglemem.feature;

import java.util.List;

/** What {@link VerificationService#recordChanges} did: the checks it opened and how many older ones it superseded. */
public record Recorded(List<PendingCheck> created, int superseded) {

    public static final Recorded NONE = new Recorded(List.of(), 0);
}
