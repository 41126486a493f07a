package dev.eaglemem.anchor;

import java.util.List;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A record's state against the code now, with the evidence: what recall, search, show, MCP and the viewer say next to it.
 *
 * @param commit the commit the record was anchored at (null: written before the repository's first commit)
 * @param findings the files and declarations that are not as they were, worst first
 * @param reason the model's one-line reason, for {@code CONTRADICTED}
 */
@RegisterForReflection
public record Freshness(AnchorState state, String commit, String anchoredAt, List<Finding> findings, String reason) {

    /** Findings a label names before it says "and N more". */
    static final int SHOWN = 2;

    public static Freshness fresh(String commit, String anchoredAt) {
        return new Freshness(AnchorState.FRESH, commit, anchoredAt, List.of(), null);
    }

    /**
     * The short clause recall adds: "written at 3f2a1c9; src/billing/retry.ts changed since in 4 commits, newest 9e1b0d2
     * 'retry with jitter'". Empty for a fresh record.
     */
    @JsonProperty("label")
    public String label() {
        if (!state.labelled()) {
            return "";
        }
        String at = commit == null ? "written before the first commit" : "written at " + shortId(commit);
        String what = findings.stream().limit(SHOWN).map(Finding::clause).collect(Collectors.joining("; "));
        String more = findings.size() > SHOWN ? "; and " + (findings.size() - SHOWN) + " more" : "";
        String verdict = state == AnchorState.CONTRADICTED ? "a model read the change: " + reason + "; " : "";
        return verdict + at + (what.isEmpty() ? "" : "; " + what) + more;
    }

    /** The label as one bracketed word and clause after a recalled line: " [changed: written at …]". */
    public String tag() {
        return state.labelled() ? " [" + state.id() + ": " + label() + "]" : "";
    }

    public static String shortId(String commit) {
        return commit.length() <= 7 ? commit : commit.substring(0, 7);
    }
}
