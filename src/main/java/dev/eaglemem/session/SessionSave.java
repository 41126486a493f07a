package dev.eaglemem.session;

import dev.eaglemem.store.SummaryFields;

/**
 * An authoritative summary from {@code eagle-mem session save}.
 *
 * @param sessionId the live session's id, or null for a manual save (a new ended session is made)
 * @param project the project asked for explicitly (--project), or null
 * @param cwdProject the working directory's project, used for a new session when none was asked for
 * @param agent the agent id asked for explicitly ({@code claude-code}, {@code codex}…), or null
 * @param detectedAgent the agent detected from the environment, used when neither --agent nor an
 *     existing session says otherwise
 */
public record SessionSave(String sessionId, String project, String cwdProject, String cwd, String agent,
        String detectedAgent, SummaryFields fields) {
}
