package dev.eaglemem.session;

import java.util.List;

import dev.eaglemem.store.SessionOverview;

/**
 * A listing of sessions, as {@code session list --json} and {@code GET /sessions} return it.
 *
 * @param project the project listed; null with {@code allProjects}
 */
public record SessionList(String project, boolean allProjects, List<SessionOverview> sessions) {

    public SessionList {
        sessions = List.copyOf(sessions);
    }
}
