package dev.eaglemem.capture;

import java.util.List;

/**
 * What a turn's capture found.
 *
 * @param project null when the event belonged to no project
 * @param decisions explicit "Decision: …" notes from the agent's final message (redacted)
 * @param gotchas explicit "Gotcha: …" notes
 * @param filesModified the files the session modified so far (project-relative): what those notes are about, so the
 *        recall before an edit of one of them finds them
 */
public record TurnCapture(String project, List<String> decisions, List<String> gotchas, List<String> filesModified) {

    public static final TurnCapture NOTHING = new TurnCapture(null, List.of(), List.of(), List.of());

    public TurnCapture {
        decisions = List.copyOf(decisions);
        gotchas = List.copyOf(gotchas);
        filesModified = filesModified == null ? List.of() : List.copyOf(filesModified);
    }
}
