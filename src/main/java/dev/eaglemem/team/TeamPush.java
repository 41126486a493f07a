package dev.eaglemem.team;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.PortableStore;
import dev.eaglemem.store.PortableType;
import dev.eaglemem.store.TeamDatabase;
import dev.eaglemem.store.TeamLink;
import dev.eaglemem.store.TeamRecord;
import dev.eaglemem.store.TeamStore;
import dev.eaglemem.store.Timestamps;
import dev.eaglemem.store.Tx;

/**
 * Sends what changed here in the shared projects: the records changed since the last push (read from a little before
 * it: a transaction that committed late is not missed) whose team form no longer hashes to what was exchanged, in
 * batches of one team transaction each. After each batch this store notes what the team now holds, so a push cut off
 * half-way sends only the rest next time, and a batch sent twice changes nothing there.
 */
@ApplicationScoped
public class TeamPush {

    static final int BATCH = 200;
    /** How far before the last push's start the next one reads again (clock steps, transactions committing late). */
    static final Duration OVERLAP = Duration.ofMinutes(5);

    private final Db db;
    private final TeamStore teams;
    private final PortableStore portable;
    private final Redactor redactor;
    private final Clock clock;

    public TeamPush(Db db, TeamStore teams, PortableStore portable, Redactor redactor, Clock clock) {
        this.db = db;
        this.teams = teams;
        this.portable = portable;
        this.redactor = redactor;
        this.clock = clock;
    }

    /** The records a push would send now, per shared project (for status: how much waits). */
    public int waiting(TeamLink link) {
        return db.read(tx -> {
            int n = 0;
            for (TeamStore.SharedProject p : teams.projects(tx)) {
                n += outgoing(tx, link, p, since(link)).size();
            }
            return n;
        });
    }

    TeamPushReport push(TeamDatabase team, TeamLink link) {
        Instant started = clock.instant();
        String since = since(link);
        TeamPushReport total = TeamPushReport.NONE;
        List<TeamStore.SharedProject> projects = db.read(teams::projects);
        for (TeamStore.SharedProject p : projects) {
            List<TeamRecord> out = db.read(tx -> outgoing(tx, link, p, since));
            for (int from = 0; from < out.size(); from += BATCH) {
                List<TeamRecord> batch = out.subList(from, Math.min(out.size(), from + BATCH));
                List<TeamDatabase.Pushed> done = team.push(link.team(), batch, TeamRule.INSTANCE);
                total = total.plus(db.write(tx -> settle(tx, link, p, done)));
            }
        }
        TeamPushReport report = new TeamPushReport(total.sent(), total.created(), total.updated(), total.won(),
                total.lost(), total.unchanged(), projects.size());
        db.write(tx -> {
            teams.pushed(tx, Timestamps.format(started), Timestamps.format(clock.instant()));
            return null;
        });
        team.seen(link.team(), link.machine(), link.person(), dev.eaglemem.config.BuildInfo.version(), report.sent(), false);
        return report;
    }

    private static String since(TeamLink link) {
        return link.pushedThrough() == null ? null
                : Timestamps.format(java.time.Instant.parse(link.pushedThrough()).minus(OVERLAP));
    }

    /** The project's shared records whose team form differs from what was last exchanged, with their next revision. */
    private List<TeamRecord> outgoing(Tx tx, TeamLink link, TeamStore.SharedProject p, String since) {
        TeamForm.Keys keys = new TeamForm.Keys(p.project(), p.teamKey());
        Set<TeamInclude> include = includes(link);
        Map<String, TeamStore.Synced> synced = teams.synced(tx, p.project());
        PortableStore.Scope scope = new PortableStore.Scope(List.of(p.project()), since, false);
        Set<String> sessions = new HashSet<>();
        portable.read(tx, PortableType.SUMMARY, scope, row -> {
            if (TeamForm.shared(PortableType.SUMMARY, row.record(), include, Set.of())) {
                sessions.add(row.record().path("session_id").asText());
            }
        });
        synced.keySet().stream().filter(k -> k.startsWith("session\n")).forEach(k -> sessions.add(k.substring(8)));
        List<TeamRecord> out = new ArrayList<>();
        for (PortableType type : PortableType.values()) {
            if (!travels(type, include)) {
                continue;
            }
            portable.read(tx, type, scope, row -> {
                if (!TeamForm.shared(type, row.record(), include, sessions)) {
                    return;
                }
                ObjectNode body = TeamForm.outgoing(type, row.record(), keys, include, redactor);
                String id = TeamForm.id(row.id(), keys.local(), keys.team());
                String hash = TeamForm.hash(body);
                TeamStore.Synced s = synced.get(type.id() + "\n" + id);
                if (s != null && s.hash().equals(hash)) {
                    return;
                }
                out.add(new TeamRecord(keys.team(), type.id(), id, s == null ? 1 : s.revision() + 1, hash, json(body),
                        TeamForm.deleted(type, body), TeamForm.changedAt(type, body), link.machine(), link.person(), 0));
            });
        }
        return out;
    }

    /** Notes what the team holds for each pushed record; a lost or displaced revision is noted as a conflict. */
    private TeamPushReport settle(Tx tx, TeamLink link, TeamStore.SharedProject p, List<TeamDatabase.Pushed> done) {
        String now = Timestamps.format(clock.instant());
        int[] n = new int[5];
        for (TeamDatabase.Pushed d : done) {
            TeamRecord r = d.record();
            TeamRecord current = d.current() == null ? r : d.current();
            n[d.outcome().ordinal()]++;
            boolean ours = d.outcome() != TeamDatabase.Outcome.LOST && d.outcome() != TeamDatabase.Outcome.UNCHANGED;
            // the hash is ours either way: a lost or replayed edit is then replaced by the team's current one on pull
            teams.remember(tx, r.type(), r.recordId(), p.project(), new TeamStore.Synced(ours ? r.revision()
                    : current.revision(), r.hash(), ours ? r.machine() : current.machine(),
                    ours ? r.person()
                            : current.person()),
                    createdAt(r), now);
            if (d.outcome() == TeamDatabase.Outcome.LOST) {
                teams.conflict(tx, r.type(), r.recordId(), TeamConflicts.describe(current), "this machine's edit, revision "
                        + r.revision() + " of " + r.changedAt() + " (kept in the team history)", TeamRule.TEXT, now);
            } else if (d.outcome() == TeamDatabase.Outcome.WON) {
                teams.conflict(tx, r.type(), r.recordId(), "this machine's edit, revision " + r.revision() + " of "
                        + r.changedAt(), TeamConflicts.describe(d.displaced()) + " (kept in the team history)",
                        TeamRule.TEXT, now);
            }
        }
        return new TeamPushReport(done.size(), n[0], n[1], n[2], n[3], n[4], 1);
    }

    static String createdAt(TeamRecord r) {
        try {
            JsonNode body = PlainJson.MAPPER.readTree(r.body());
            for (String f : List.of("created_at", "started_at", "verified_at")) {
                if (body.hasNonNull(f)) {
                    return body.get(f).asText();
                }
            }
            return null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** Types that can travel with these includes (others are not even read). */
    private static boolean travels(PortableType type, Set<TeamInclude> include) {
        return switch (type) {
            case PROJECT, OVERVIEW, TURN_MESSAGE -> false;
            case PROMPT -> include.contains(TeamInclude.PROMPTS);
            case OBSERVATION -> include.contains(TeamInclude.OBSERVATIONS);
            default -> true;
        };
    }

    static Set<TeamInclude> includes(TeamLink link) {
        Set<TeamInclude> out = new HashSet<>();
        link.include().forEach(i -> TeamInclude.parse(i).ifPresent(out::add));
        return out;
    }

    static String json(JsonNode body) {
        try {
            return PlainJson.MAPPER.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
