package dev.eaglemem.jobs;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.TeamDatabaseErrors;
import dev.eaglemem.team.TeamService;
import dev.eaglemem.team.TeamSyncReport;

/**
 * Team memory's background exchange (see {@link TeamService#sync}): pushes what changed here, pulls what the team
 * changed. Queued by serve's team watcher, never by a hook. Offline is normal: an unreachable team database ends the run
 * as done ("offline: …", noted in team status) rather than failed, so a laptop on a train fills no dead letter; the
 * watcher tries again on its next round. Any other failure (a refused password, a missing database) fails the attempt
 * and is retried with back-off like every job.
 */
@ApplicationScoped
public class TeamSyncJob implements JobKind {

    public static final String KIND = "team-sync";
    public static final String DEDUPE_KEY = KIND;

    private final TeamService team;

    public TeamSyncJob(TeamService team) {
        this.team = team;
    }

    @Override
    public String name() {
        return KIND;
    }

    @Override
    public String run(JobRow job) {
        if (!team.linked()) {
            return "not connected to a team: nothing to do";
        }
        try {
            TeamSyncReport r = team.sync();
            return "team: pushed " + r.push().sent() + " (" + r.push().lost() + " lost a conflict), pulled "
                    + r.pull().received() + " (" + (r.pull().created() + r.pull().updated()) + " applied), through "
                    + r.pull().cursor();
        } catch (EagleException e) {
            if (TeamDatabaseErrors.offline(e)) {
                return "offline: " + e.getMessage();
            }
            throw e;
        }
    }
}
