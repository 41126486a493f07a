package dev.eaglemem.store;

import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The local side of team memory: the link, the shared projects, what was exchanged per record, and conflicts. */
@Singleton
public final class TeamStore {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What this store last exchanged for one record. */
    public record Synced(int revision, String hash, String machine, String person) {
    }

    /** A shared project: its local key and its key in the team. */
    public record SharedProject(String project, String teamKey, String sharedAt) {
    }

    /** A conflict sync noted here. */
    @io.quarkus.runtime.annotations.RegisterForReflection
    public record Conflict(long id, String type, String recordId, String kept, String lost, String rule, String createdAt) {
    }

    public Optional<TeamLink> link(Tx tx) {
        return tx.call("SELECT url, team, machine, person, include, pull_cursor, pushed_through, connected_at, last_push_at,"
                + " last_pull_at, last_error, last_error_at FROM team_link WHERE id = 1", ps -> {
                    try (ResultSet rs = ps.executeQuery()) {
                        if (!rs.next()) {
                            return Optional.empty();
                        }
                        return Optional.of(new TeamLink(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                list(rs.getString(5)), rs.getLong(6), rs.getString(7), rs.getString(8), rs.getString(9),
                                rs.getString(10), rs.getString(11), rs.getString(12)));
                    }
                });
    }

    /** Whether this store is linked to a team (one indexed read; serve's watcher asks it every few seconds). */
    public boolean linked(Tx tx) {
        return tx.call("SELECT 1 FROM team_link WHERE id = 1", ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        });
    }

    /** Links to a team; linking again to another team or database starts over (cursor, watermark, records). */
    public void connect(Tx tx, String url, String team, String machine, String person, List<String> include, String now) {
        Optional<TeamLink> before = link(tx);
        boolean same = before.isPresent() && before.get().url().equals(url) && before.get().team().equals(team);
        if (!same) {
            tx.run("DELETE FROM team_records", ps -> ps.executeUpdate());
            tx.run("DELETE FROM team_link", ps -> ps.executeUpdate());
            tx.run("INSERT INTO team_link (id, url, team, machine, person, include, connected_at) VALUES (1, ?, ?, ?, ?, ?, ?)",
                    ps -> {
                        ps.setString(1, url);
                        ps.setString(2, team);
                        ps.setString(3, machine);
                        ps.setString(4, person);
                        ps.setString(5, json(include));
                        ps.setString(6, now);
                        ps.executeUpdate();
                    });
            return;
        }
        tx.run("UPDATE team_link SET machine = ?, person = ?, include = ? WHERE id = 1", ps -> {
            ps.setString(1, machine);
            ps.setString(2, person);
            ps.setString(3, json(include));
            ps.executeUpdate();
        });
    }

    /** Unlinks: the link, cursor and per-record state go; shared-project choices stay for a later connect. */
    public void disconnect(Tx tx) {
        tx.run("DELETE FROM team_records", ps -> ps.executeUpdate());
        tx.run("DELETE FROM team_link", ps -> ps.executeUpdate());
    }

    public void pulled(Tx tx, long cursor, String now) {
        tx.run("UPDATE team_link SET pull_cursor = max(pull_cursor, ?), last_pull_at = ?, last_error = NULL,"
                + " last_error_at = NULL WHERE id = 1", ps -> {
                    ps.setLong(1, cursor);
                    ps.setString(2, now);
                    ps.executeUpdate();
                });
    }

    public void pushed(Tx tx, String through, String now) {
        tx.run("UPDATE team_link SET pushed_through = ?, last_push_at = ?, last_error = NULL, last_error_at = NULL"
                + " WHERE id = 1", ps -> {
                    ps.setString(1, through);
                    ps.setString(2, now);
                    ps.executeUpdate();
                });
    }

    public void failed(Tx tx, String error, String now) {
        tx.run("UPDATE team_link SET last_error = ?, last_error_at = ? WHERE id = 1", ps -> {
            ps.setString(1, error);
            ps.setString(2, now);
            ps.executeUpdate();
        });
    }

    public List<SharedProject> projects(Tx tx) {
        return tx.call("SELECT project, team_key, shared_at FROM team_projects ORDER BY project", ps -> {
            List<SharedProject> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new SharedProject(rs.getString(1), rs.getString(2), rs.getString(3)));
                }
            }
            return out;
        });
    }

    /** Shares a project under a team key; false when another local project already uses that key. */
    public boolean share(Tx tx, String project, String teamKey, String now) {
        Optional<String> holder = tx.call("SELECT project FROM team_projects WHERE team_key = ?", ps -> {
            ps.setString(1, teamKey);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty();
            }
        });
        if (holder.isPresent() && !holder.get().equals(project)) {
            return false;
        }
        tx.run("INSERT INTO team_projects (project, team_key, shared_at) VALUES (?, ?, ?)"
                + " ON CONFLICT (project) DO UPDATE SET team_key = excluded.team_key", ps -> {
                    ps.setString(1, project);
                    ps.setString(2, teamKey);
                    ps.setString(3, now);
                    ps.executeUpdate();
                });
        return true;
    }

    public boolean unshare(Tx tx, String project) {
        return tx.call("DELETE FROM team_projects WHERE project = ?", ps -> {
            ps.setString(1, project);
            return ps.executeUpdate() > 0;
        });
    }

    /** What was exchanged for the records of one local project, by type and team record id. */
    public Map<String, Synced> synced(Tx tx, String localProject) {
        return tx.call("SELECT type, record_id, revision, hash, origin_machine, origin_person FROM team_records"
                + " WHERE local_project = ?", ps -> {
                    ps.setString(1, localProject);
                    Map<String, Synced> out = new HashMap<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.put(rs.getString(1) + "\n" + rs.getString(2), new Synced(rs.getInt(3), rs.getString(4),
                                    rs.getString(5), rs.getString(6)));
                        }
                    }
                    return out;
                });
    }

    public void remember(Tx tx, String type, String recordId, String localProject, Synced s, String createdAt, String now) {
        tx.run("""
                INSERT INTO team_records (type, record_id, local_project, revision, hash, origin_machine, origin_person,
                    created_at, synced_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (type, record_id) DO UPDATE SET local_project = excluded.local_project,
                    revision = excluded.revision, hash = excluded.hash, origin_machine = excluded.origin_machine,
                    origin_person = excluded.origin_person, created_at = excluded.created_at, synced_at = excluded.synced_at
                """, ps -> {
            ps.setString(1, type);
            ps.setString(2, recordId);
            ps.setString(3, localProject);
            ps.setInt(4, s.revision());
            ps.setString(5, s.hash());
            ps.setString(6, s.machine());
            ps.setString(7, s.person());
            ps.setString(8, createdAt);
            ps.setString(9, now);
            ps.executeUpdate();
        });
    }

    public void conflict(Tx tx, String type, String recordId, String kept, String lost, String rule, String now) {
        tx.run("INSERT INTO team_conflicts (type, record_id, kept, lost, rule, created_at) VALUES (?, ?, ?, ?, ?, ?)", ps -> {
            ps.setString(1, type);
            ps.setString(2, recordId);
            ps.setString(3, kept);
            ps.setString(4, lost);
            ps.setString(5, rule);
            ps.setString(6, now);
            ps.executeUpdate();
        });
    }

    public List<Conflict> conflicts(Tx tx, int limit) {
        return tx.call("SELECT id, type, record_id, kept, lost, rule, created_at FROM team_conflicts ORDER BY id DESC LIMIT ?",
                ps -> {
                    ps.setInt(1, limit);
                    List<Conflict> out = new ArrayList<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.add(new Conflict(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                    rs.getString(5), rs.getString(6), rs.getString(7)));
                        }
                    }
                    return out;
                });
    }

    /**
     * Who wrote the team memories among {@code memoryIds} ("alice on laptop-a"), for those another machine wrote:
     * recall, search and MCP label them. One indexed join; empty (and cheap) for a store that never synced.
     */
    public Map<Long, String> memoryOrigins(Tx tx, Collection<Long> memoryIds) {
        if (memoryIds.isEmpty()) {
            return Map.of();
        }
        String marks = String.join(", ", java.util.Collections.nCopies(memoryIds.size(), "?"));
        return tx.call("SELECT m.id, t.origin_person, t.origin_machine FROM memories m JOIN team_records t"
                + " ON t.type = 'memory' AND t.local_project = m.project AND t.created_at = m.created_at"
                + " WHERE m.id IN (" + marks + ")"
                + " AND t.origin_machine <> COALESCE((SELECT machine FROM team_link WHERE id = 1), '')", ps -> {
                    int i = 1;
                    for (Long id : memoryIds) {
                        ps.setLong(i++, id);
                    }
                    Map<Long, String> out = new LinkedHashMap<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.put(rs.getLong(1), rs.getString(2) + " on " + rs.getString(3));
                        }
                    }
                    return out;
                });
    }

    /**
     * Resolves this project's open checks whose exact content (feature, file, final blob) another check already
     * resolved — one verified on another machine and just pulled: the same content is verified here too.
     */
    public int clearCovered(Tx tx, String project, String notes, String now) {
        return tx.call("""
                UPDATE feature_pending SET status = 'verified', resolved_at = ?, notes = ?
                WHERE status = 'pending' AND project = ? AND EXISTS (SELECT 1 FROM feature_pending q
                    WHERE q.feature_id = feature_pending.feature_id AND q.file = feature_pending.file
                      AND q.final_blob = feature_pending.final_blob AND q.status IN ('verified', 'waived'))
                """, ps -> {
            ps.setString(1, now);
            ps.setString(2, notes);
            ps.setString(3, project);
            return ps.executeUpdate();
        });
    }

    private static String json(List<String> values) {
        try {
            return JSON.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> list(String text) {
        try {
            return text == null ? List.of() : List.of(JSON.readValue(text, String[].class));
        } catch (JsonProcessingException e) {
            return List.of();
        }
    }
}
