package dev.eaglemem.curate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import dev.eaglemem.format.Hashes;

/**
 * A proposal a step read from a model answer, before it is stored. {@code key} is what makes it the same proposal on a
 * later run (the ids or the pattern it is about, not the model's wording), hashed into the stored fingerprint.
 */
record Draft(ProposalKind kind, List<String> key, Map<String, Object> payload, String summary, String evidence) {

    String fingerprint() {
        MessageDigest sha = Hashes.sha256();
        sha.update(kind.id().getBytes(StandardCharsets.UTF_8));
        for (String k : key) {
            sha.update((byte) 0);
            sha.update(k.getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
