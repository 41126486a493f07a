package dev.eaglemem.session;

import java.util.List;

import dev.eaglemem.store.SessionOverview;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A listing of sessions, as {@code session list --json} and {@code GET /sessions} return it.
 *
 * @param project the project listed; null with {@code allProjects}
 */
@RegisterForReflection
public record SessionList(String project, boolean allProjects, List<SessionOverview> sessions) {

    public SessionList {
        sessions = List.copyOf(sessions);
    }
}
