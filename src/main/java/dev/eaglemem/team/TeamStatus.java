package dev.eaglemem.team;

import java.util.List;

import dev.eaglemem.store.TeamLost;
import dev.eaglemem.store.TeamStore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Team mode as this store sees it: the link (no password: where one would come from), the shared projects with their
 * team keys, how many records wait to be pushed, the last push and pull and the last error, and conflicts — those
 * noted here, and (when the team database answers) the revisions of the shared projects that lost one there.
 *
 * @param online whether the team database answered this status; {@code error} says why not
 */
@RegisterForReflection
public record TeamStatus(boolean connected, String url, String team, String machine, String person, List<String> include,
        String password, List<SharedProject> projects, int waiting, long pullCursor, long teamCursor, String lastPushAt,
        String lastPullAt, String lastError, String lastErrorAt, boolean online, String error, String server,
        List<TeamStore.Conflict> conflicts, List<TeamLost> lost, String rule) {

    /** A shared project: this machine's key and the team's. */
    @RegisterForReflection
    public record SharedProject(String project, String teamKey, String sharedAt) {
    }

    static TeamStatus notConnected(List<SharedProject> projects) {
        return new TeamStatus(false, null, null, null, null, List.of(), null, projects, 0, 0, 0, null, null, null, null,
                false, null, null, List.of(), List.of(), TeamRule.TEXT);
    }
}
