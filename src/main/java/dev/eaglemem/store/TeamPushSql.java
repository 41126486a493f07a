package dev.eaglemem.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The statements of one record's push and of the history reads (TeamDatabase's, split off by concept). */
final class TeamPushSql {

    static final String COLUMNS = "project, type, record_id, revision, hash, body::text, deleted, changed_at,"
            + " origin_machine, origin_person, seq";

    private static final String KEEP = """
            INSERT INTO team_revisions (team, project, type, record_id, revision, hash, body, changed_at, origin_machine,
                origin_person, outcome)
            VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, 'current') ON CONFLICT DO NOTHING
            """;
    private static final String CURRENT = "SELECT " + COLUMNS + " FROM team_records"
            + " WHERE team = ? AND project = ? AND type = ? AND record_id = ? FOR UPDATE";
    private static final String INSERT = """
            INSERT INTO team_records (team, project, type, record_id, revision, hash, body, deleted, changed_at,
                origin_machine, origin_person, seq)
            VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, nextval('team_seq')) RETURNING seq
            """;
    private static final String REPLACE = """
            UPDATE team_records SET revision = ?, hash = ?, body = ?::jsonb, deleted = ?, changed_at = ?, origin_machine = ?,
                origin_person = ?, seq = nextval('team_seq'), pushed_at = now()
            WHERE team = ? AND project = ? AND type = ? AND record_id = ? RETURNING seq
            """;
    private static final String DECIDE = """
            UPDATE team_revisions SET outcome = ?, lost_to_machine = ?, lost_to_person = ?, lost_to_revision = ?,
                decided_at = now()
            WHERE team = ? AND project = ? AND type = ? AND record_id = ? AND revision = ? AND hash = ?
            """;

    private TeamPushSql() {
    }

    static TeamDatabase.Pushed pushOne(Connection c, String team, TeamRecord r, TeamDatabase.Rule rule) throws SQLException {
        boolean fresh;
        try (PreparedStatement ps = c.prepareStatement(KEEP)) {
            bindRevision(ps, team, r);
            fresh = ps.executeUpdate() == 1;
        }
        TeamRecord current = current(c, team, r);
        if (!fresh) {
            return new TeamDatabase.Pushed(r, TeamDatabase.Outcome.UNCHANGED, current, null);
        }
        if (current == null) {
            long seq = write(c, INSERT, team, r, true);
            return new TeamDatabase.Pushed(r, TeamDatabase.Outcome.CREATED, withSeq(r, seq), null);
        }
        if (current.hash().equals(r.hash())) {
            decide(c, team, r, "superseded", current);
            return new TeamDatabase.Pushed(r, TeamDatabase.Outcome.UNCHANGED, current, null);
        }
        if (rule.incomingWins(r, current)) {
            long seq = write(c, REPLACE, team, r, false);
            boolean conflict = r.revision() <= current.revision();
            decide(c, team, current, conflict ? "lost" : "superseded", r);
            return new TeamDatabase.Pushed(r, conflict ? TeamDatabase.Outcome.WON : TeamDatabase.Outcome.UPDATED,
                    withSeq(r, seq), conflict ? current : null);
        }
        decide(c, team, r, "lost", current);
        return new TeamDatabase.Pushed(r, TeamDatabase.Outcome.LOST, current, null);
    }

    private static TeamRecord withSeq(TeamRecord r, long seq) {
        return new TeamRecord(r.project(), r.type(), r.recordId(), r.revision(), r.hash(), r.body(), r.deleted(),
                r.changedAt(), r.machine(), r.person(), seq);
    }

    private static void bindRevision(PreparedStatement ps, String team, TeamRecord r) throws SQLException {
        ps.setString(1, team);
        ps.setString(2, r.project());
        ps.setString(3, r.type());
        ps.setString(4, r.recordId());
        ps.setInt(5, r.revision());
        ps.setString(6, r.hash());
        ps.setString(7, r.body());
        ps.setString(8, r.changedAt());
        ps.setString(9, r.machine());
        ps.setString(10, r.person());
    }

    private static TeamRecord current(Connection c, String team, TeamRecord r) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(CURRENT)) {
            ps.setString(1, team);
            ps.setString(2, r.project());
            ps.setString(3, r.type());
            ps.setString(4, r.recordId());
            List<TeamRecord> rows = records(ps);
            return rows.isEmpty() ? null : rows.get(0);
        }
    }

    private static long write(Connection c, String sql, String team, TeamRecord r, boolean insert) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            if (insert) {
                ps.setString(i++, team);
                ps.setString(i++, r.project());
                ps.setString(i++, r.type());
                ps.setString(i++, r.recordId());
            }
            ps.setInt(i++, r.revision());
            ps.setString(i++, r.hash());
            ps.setString(i++, r.body());
            ps.setBoolean(i++, r.deleted());
            ps.setString(i++, r.changedAt());
            ps.setString(i++, r.machine());
            ps.setString(i++, r.person());
            if (!insert) {
                ps.setString(i++, team);
                ps.setString(i++, r.project());
                ps.setString(i++, r.type());
                ps.setString(i, r.recordId());
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static void decide(Connection c, String team, TeamRecord revision, String outcome, TeamRecord other)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(DECIDE)) {
            boolean lost = outcome.equals("lost");
            ps.setString(1, outcome);
            ps.setString(2, lost ? other.machine() : null);
            ps.setString(3, lost ? other.person() : null);
            if (lost) {
                ps.setInt(4, other.revision());
            } else {
                ps.setNull(4, java.sql.Types.INTEGER);
            }
            ps.setString(5, team);
            ps.setString(6, revision.project());
            ps.setString(7, revision.type());
            ps.setString(8, revision.recordId());
            ps.setInt(9, revision.revision());
            ps.setString(10, revision.hash());
            ps.executeUpdate();
        }
    }

    static List<TeamRecord> records(PreparedStatement ps) throws SQLException {
        List<TeamRecord> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new TeamRecord(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getString(5),
                        rs.getString(6), rs.getBoolean(7), rs.getString(8), rs.getString(9), rs.getString(10), rs.getLong(11)));
            }
        }
        return out;
    }

    static List<TeamLost> lost(Connection c, String team, Collection<String> projects, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT project, type, record_id, revision, origin_machine, origin_person, changed_at, lost_to_revision,
                    lost_to_machine, lost_to_person, decided_at
                FROM team_revisions WHERE team = ? AND outcome = 'lost' AND project = ANY (?)
                ORDER BY decided_at DESC LIMIT ?
                """)) {
            ps.setString(1, team);
            ps.setArray(2, c.createArrayOf("text", projects.toArray()));
            ps.setInt(3, limit);
            List<TeamLost> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new TeamLost(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getString(5),
                            rs.getString(6), rs.getString(7), rs.getInt(8), rs.getString(9), rs.getString(10), time(rs, 11)));
                }
            }
            return out;
        }
    }

    static String time(ResultSet rs, int column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : Timestamps.format(t.toInstant());
    }
}
