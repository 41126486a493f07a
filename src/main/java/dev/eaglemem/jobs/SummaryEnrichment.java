package dev.eaglemem.jobs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.eaglemem.capture.SummaryMerge;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;

/**
 * Where an activity digest goes in a session summary, with the same precedence as turn capture
 * (capture.SummaryMerge). The digest is one delimited paragraph of {@code notes}; other paragraphs
 * are never touched. In a summary the agent or user saved, notes and key files are only filled when
 * empty (or when the notes are nothing but an earlier digest); in one that capture wrote, the digest
 * paragraph is replaced and key files are ranked by edit count.
 */
final class SummaryEnrichment {

    private SummaryEnrichment() {
    }

    /**
     * The fields to save (only notes and key files set; the store keeps the rest), or empty when the
     * summary already says exactly this: running the job twice changes nothing.
     */
    static Optional<SummaryFields> apply(SummaryRow existing, ActivityDigest digest) {
        String oldNotes = existing == null ? null : existing.fields().notes();
        List<String> oldKeys = existing == null ? List.of() : existing.fields().keyFiles();
        List<String> ranked = digest.keyFiles();
        String notes;
        List<String> keys;
        if (existing != null && SummaryMerge.isAuthoritative(existing.captureSource())) {
            notes = ownParagraphs(oldNotes).isEmpty() ? digest.text() : oldNotes;
            keys = oldKeys.isEmpty() ? ranked : oldKeys;
        } else {
            List<String> paragraphs = new ArrayList<>(ownParagraphs(oldNotes));
            paragraphs.add(digest.text());
            notes = String.join("\n\n", paragraphs);
            keys = ranked.isEmpty() ? oldKeys : ranked;
        }
        if (Objects.equals(notes, oldNotes) && keys.equals(oldKeys)) {
            return Optional.empty();
        }
        return Optional.of(new SummaryFields(null, null, null, null, null, null, null, notes, keys, List.of(), List.of()));
    }

    /** The paragraphs of the notes that are not an activity digest. */
    static List<String> ownParagraphs(String notes) {
        if (notes == null || notes.isBlank()) {
            return List.of();
        }
        return Arrays.stream(notes.split("\\R\\s*\\R")).map(String::strip)
                .filter(p -> !p.isEmpty() && !p.startsWith(ActivityDigest.MARKER)).toList();
    }
}
