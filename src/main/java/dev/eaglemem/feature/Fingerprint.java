package dev.eaglemem.feature;

/**
 * The state of one changed file: its blob at the diff base (where HEAD forked from its upstream or, without
 * one, from what the remotes have; else HEAD; {@code none} for a new file), its blob in the working tree ({@code deleted} once removed) and the
 * SHA-256 over both and the path. Outside git the base is
 * {@code no-git} and the final state is a content hash, so a later edit still changes the fingerprint.
 */
public record Fingerprint(String file, String baseBlob, String finalBlob, String hash) {

    public static final String NEW_FILE = "none";
    public static final String DELETED = "deleted";
    public static final String NO_GIT = "no-git";
    public static final int SHORT = 12;

    /** Whether the file differs from the base at all (a reverted file does not). */
    public boolean changed() {
        return !baseBlob.equals(finalBlob);
    }

    /** The first 12 hex digits, as shown to people. */
    public String shortHash() {
        return hash.substring(0, SHORT);
    }
}
