package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

/** Per-file guard rules, a person's or the curator's (an accepted proposal); removal is a soft delete. */
@Singleton
public final class GuardRuleStore {

    private static final String COLUMNS = "id, project, pattern, rule, source, job_id, proposal_id, created_at, deleted_at";
    private static final String INSERT = """
            INSERT INTO guard_rules(project, pattern, rule, source, job_id, proposal_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(project, pattern, rule) WHERE deleted_at IS NULL DO NOTHING
            """;
    private static final String LIVE_SAME = "SELECT " + COLUMNS
            + " FROM guard_rules WHERE project = ? AND pattern = ? AND rule = ? AND deleted_at IS NULL";
    private static final String BY_ID = "SELECT " + COLUMNS + " FROM guard_rules WHERE id = ?";
    private static final String LIVE = "SELECT " + COLUMNS
            + " FROM guard_rules WHERE project = ? AND deleted_at IS NULL ORDER BY id";
    private static final String REMOVE = "UPDATE guard_rules SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL";

    /** Adds a person's rule, or returns the identical live one; the boolean says whether it was new. */
    public Added add(Tx tx, String project, String pattern, String rule, Instant now) {
        return add(tx, project, pattern, rule, "user", null, null, now);
    }

    /**
     * Adds a rule written by {@code source} ({@code user}, or {@code curator} with the job and the accepted proposal
     * it came from), or returns the identical live one (whoever wrote it); the boolean says whether it was new.
     */
    public Added add(Tx tx, String project, String pattern, String rule, String source, Long jobId, Long proposalId,
            Instant now) {
        int inserted = tx.call(INSERT, ps -> {
            ps.setString(1, project);
            ps.setString(2, pattern);
            ps.setString(3, rule);
            ps.setString(4, source);
            Columns.setLong(ps, 5, jobId);
            Columns.setLong(ps, 6, proposalId);
            ps.setString(7, Timestamps.format(now));
            return ps.executeUpdate();
        });
        return tx.call(LIVE_SAME, ps -> {
            ps.setString(1, project);
            ps.setString(2, pattern);
            ps.setString(3, rule);
            return new Added(all(ps).getFirst(), inserted == 1);
        });
    }

    /** The result of {@link #add}. */
    public record Added(GuardRuleRow rule, boolean created) {
    }

    public Optional<GuardRuleRow> find(Tx tx, long id) {
        return tx.call(BY_ID, ps -> {
            ps.setLong(1, id);
            List<GuardRuleRow> rows = all(ps);
            return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
        });
    }

    /** The project's live rules, oldest first. */
    public List<GuardRuleRow> live(Tx tx, String project) {
        return tx.call(LIVE, ps -> {
            ps.setString(1, project);
            return all(ps);
        });
    }

    /** False when the rule was already removed. */
    public boolean remove(Tx tx, long id, Instant now) {
        return tx.call(REMOVE, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setLong(2, id);
            return ps.executeUpdate() == 1;
        });
    }

    private static List<GuardRuleRow> all(PreparedStatement ps) throws SQLException {
        List<GuardRuleRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new GuardRuleRow(rs.getLong("id"), rs.getString("project"), rs.getString("pattern"),
                        rs.getString("rule"), rs.getString("source"), Columns.longOrNull(rs, "job_id"),
                        Columns.longOrNull(rs, "proposal_id"), rs.getString("created_at"), rs.getString("deleted_at")));
            }
        }
        return out;
    }
}
