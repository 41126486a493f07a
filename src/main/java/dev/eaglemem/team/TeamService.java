package dev.eaglemem.team;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TeamDatabase;
import dev.eaglemem.store.TeamDatabaseErrors;
import dev.eaglemem.store.TeamLink;
import dev.eaglemem.store.TeamLost;
import dev.eaglemem.store.TeamMember;
import dev.eaglemem.store.TeamStore;
import dev.eaglemem.store.Timestamps;

/**
 * Team mode's commands: connect (check the server, apply the team schema, link), disconnect, share and unshare a
 * project, push, pull and sync, status and members. Only serve's team-sync job and these commands open the team
 * database; hooks never do.
 */
@ApplicationScoped
public class TeamService {

    static final int CONFLICTS_SHOWN = 20;

    private final Db db;
    private final TeamStore teams;
    private final ProjectStore projectStore;
    private final TeamConnector connector;
    private final TeamPush pusher;
    private final TeamPull puller;
    private final Clock clock;

    public TeamService(Db db, TeamStore teams, ProjectStore projectStore, TeamConnector connector, TeamPush pusher,
            TeamPull puller, Clock clock) {
        this.db = db;
        this.teams = teams;
        this.projectStore = projectStore;
        this.connector = connector;
        this.pusher = pusher;
        this.puller = puller;
        this.clock = clock;
    }

    /**
     * @param password from {@code --password-stdin} (stored, mode 600, for serve), or null to use PGPASSWORD or a
     *     pgpass file
     */
    public TeamConnected connect(String urlText, String team, String machine, String person, List<TeamInclude> include,
            String password) {
        TeamUrl url = TeamUrl.parse(urlText);
        String teamId = team == null || team.isBlank() ? url.database() : team.strip();
        String server;
        int applied;
        try (TeamDatabase tdb = connector.open(url, password)) {
            applied = tdb.migrate();
            server = tdb.serverVersion();
            tdb.seen(teamId, machine, person, dev.eaglemem.config.BuildInfo.version(), 0, false);
        }
        if (password != null) {
            TeamPassword.store(connector.dataDir().root(), url, password);
        }
        List<String> ids = include.stream().map(TeamInclude::id).distinct().toList();
        db.write(tx -> {
            teams.connect(tx, url.display(), teamId, machine, person, ids, Timestamps.format(clock.instant()));
            return null;
        });
        return new TeamConnected(url.display(), teamId, machine, person, ids, server, applied, connector.passwordSource(url));
    }

    /** Unlinks this store (and forgets the stored password); the team database and the shared projects' choice stay. */
    public boolean disconnect() {
        boolean was = db.write(tx -> {
            boolean linked = teams.linked(tx);
            teams.disconnect(tx);
            return linked;
        });
        TeamPassword.forget(connector.dataDir().root());
        return was;
    }

    /** Shares a project under a team key (default: its repository's origin remote, else its directory name). */
    public TeamStatus.SharedProject share(String project, Path root, String teamKey) {
        String key = teamKey != null && !teamKey.isBlank() ? teamKey.strip() : TeamKeys.of(project, root);
        String now = Timestamps.format(clock.instant());
        boolean ok = db.write(tx -> {
            projectStore.touch(tx, project, root == null ? null : root.toString(), clock.instant());
            return teams.share(tx, project, key, now);
        });
        if (!ok) {
            throw EagleException.conflict("team_key_taken", "another project here is already shared as '" + key + "'",
                    "give this one another team key: eagle-mem team share --as KEY");
        }
        return new TeamStatus.SharedProject(project, key, now);
    }

    public boolean unshare(String project) {
        return db.write(tx -> teams.unshare(tx, project));
    }

    public TeamSyncReport sync() {
        TeamLink link = requireLink();
        try (TeamDatabase tdb = open(link)) {
            TeamPushReport push = pusher.push(tdb, link);
            TeamPullReport pull = puller.pull(tdb, db.read(tx -> teams.link(tx)).orElse(link));
            return new TeamSyncReport(push, pull);
        } catch (RuntimeException e) {
            noteFailure(e);
            throw e;
        }
    }

    public TeamPushReport push() {
        TeamLink link = requireLink();
        try (TeamDatabase tdb = open(link)) {
            return pusher.push(tdb, link);
        } catch (RuntimeException e) {
            noteFailure(e);
            throw e;
        }
    }

    public TeamPullReport pull() {
        TeamLink link = requireLink();
        try (TeamDatabase tdb = open(link)) {
            return puller.pull(tdb, link);
        } catch (RuntimeException e) {
            noteFailure(e);
            throw e;
        }
    }

    public List<TeamMember> members() {
        TeamLink link = requireLink();
        try (TeamDatabase tdb = open(link)) {
            return tdb.members(link.team());
        }
    }

    /** Status; {@code online}: also ask the team database (its sequence and lost revisions). */
    public TeamStatus status(boolean online) {
        List<TeamStatus.SharedProject> shared = db.read(teams::projects).stream()
                .map(p -> new TeamStatus.SharedProject(p.project(), p.teamKey(), p.sharedAt())).toList();
        Optional<TeamLink> maybe = db.read(teams::link);
        if (maybe.isEmpty()) {
            return TeamStatus.notConnected(shared);
        }
        TeamLink link = maybe.get();
        int waiting = pusher.waiting(link);
        List<TeamStore.Conflict> conflicts = db.read(tx -> teams.conflicts(tx, CONFLICTS_SHOWN));
        boolean answered = false;
        String error = null;
        String server = null;
        long teamCursor = 0;
        List<TeamLost> lost = List.of();
        if (online) {
            List<String> keys = shared.stream().map(TeamStatus.SharedProject::teamKey).toList();
            try (TeamDatabase tdb = open(link)) {
                server = tdb.serverVersion();
                teamCursor = keys.isEmpty() ? 0 : tdb.lastSeq(link.team(), keys);
                lost = keys.isEmpty() ? List.of() : tdb.lost(link.team(), keys, CONFLICTS_SHOWN);
                answered = true;
            } catch (EagleException e) {
                error = e.getMessage() + (TeamDatabaseErrors.offline(e) ? " (offline: local work goes on)" : "");
            }
        }
        TeamUrl url = TeamUrl.parse(link.url());
        return new TeamStatus(true, link.url(), link.team(), link.machine(), link.person(), link.include(),
                connector.passwordSource(url), shared, waiting, link.pullCursor(), teamCursor, link.lastPushAt(),
                link.lastPullAt(), link.lastError(), link.lastErrorAt(), answered, error, server, conflicts,
                new ArrayList<>(lost), TeamRule.TEXT);
    }

    /** Whether this store is linked to a team (serve's watcher asks). */
    public boolean linked() {
        return db.read(teams::linked);
    }

    private TeamDatabase open(TeamLink link) {
        return connector.open(TeamUrl.parse(link.url()));
    }

    private TeamLink requireLink() {
        return db.read(teams::link).orElseThrow(() -> new EagleException(ExitCode.FAILURE, "team_not_connected",
                "this store is not connected to a team", "eagle-mem team connect postgresql://USER@HOST:5432/DATABASE",
                null));
    }

    private void noteFailure(RuntimeException e) {
        try {
            db.write(tx -> {
                teams.failed(tx, e.getMessage(), Timestamps.format(clock.instant()));
                return null;
            });
        } catch (RuntimeException ignored) {
            // the original failure is what the caller needs to see
        }
    }
}
