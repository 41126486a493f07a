package dev.eaglemem.store;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The content of a session summary. Blank text and empty lists mean "not known"; merges never let
 * an unknown value erase a known one.
 */
@RegisterForReflection
public record SummaryFields(String request, String investigated, String learned, String completed, String decisions,
        String gotchas, String nextSteps, String notes, List<String> keyFiles, List<String> filesRead,
        List<String> filesModified) {

    /** No field known: what a session without a summary has. */
    public static final SummaryFields NONE = new SummaryFields(null, null, null, null, null, null, null, null, List.of(),
            List.of(), List.of());

    public SummaryFields {
        keyFiles = keyFiles == null ? List.of() : List.copyOf(keyFiles);
        filesRead = filesRead == null ? List.of() : List.copyOf(filesRead);
        filesModified = filesModified == null ? List.of() : List.copyOf(filesModified);
    }

    /** True when at least one field says something (not named isEmpty: JSON would print it as a field). */
    public boolean hasContent() {
        return !(blank(request) && blank(investigated) && blank(learned) && blank(completed) && blank(decisions)
                && blank(gotchas) && blank(nextSteps) && blank(notes) && keyFiles.isEmpty() && filesRead.isEmpty()
                && filesModified.isEmpty());
    }

    /**
     * The fields by column name ({@code request} … {@code files_modified}): a text or null, or a list of paths. What
     * an enrichment records and an undo restores, column by column.
     */
    public Map<String, Object> byColumn() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("request", request);
        out.put("investigated", investigated);
        out.put("learned", learned);
        out.put("completed", completed);
        out.put("decisions", decisions);
        out.put("gotchas", gotchas);
        out.put("next_steps", nextSteps);
        out.put("notes", notes);
        out.put("key_files", keyFiles);
        out.put("files_read", filesRead);
        out.put("files_modified", filesModified);
        return out;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
