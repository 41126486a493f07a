package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

/**
 * Pending feature verifications. A row is pending until it is verified, waived (one fingerprint only)
 * or superseded by a newer fingerprint of the same feature and file. Rows are never deleted.
 */
@Singleton
public final class VerificationStore {

    private static final String COLUMNS = """
            p.id, p.project, p.feature_id, f.name AS feature_name, p.file, p.base_blob, p.final_blob, p.fingerprint,
            p.status, p.reason, p.notes, p.source, p.session_id, p.created_at, p.resolved_at
            """;
    private static final String FROM = " FROM feature_pending p JOIN features f ON f.id = p.feature_id ";
    private static final String INSERT = """
            INSERT INTO feature_pending(project, feature_id, file, base_blob, final_blob, fingerprint, reason, source,
                session_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """;
    private static final String COVERED = """
            SELECT count(*) FROM feature_pending
            WHERE feature_id = ? AND file = ? AND final_blob = ? AND status IN ('pending', 'verified', 'waived')
            """;
    private static final String SUPERSEDE = """
            UPDATE feature_pending SET status = 'superseded', resolved_at = ?, notes = 'superseded by a newer diff'
            WHERE feature_id = ? AND file = ? AND status = 'pending' AND final_blob <> ?
            """;
    private static final String BY_ID = "SELECT " + COLUMNS + FROM + "WHERE p.id = ?";
    // ?2 is a JSON array of files, or NULL for every file of the project.
    private static final String OPEN = "SELECT " + COLUMNS + FROM + """
            WHERE p.project = ?1 AND p.status = 'pending' AND f.status = 'active'
              AND (?2 IS NULL OR p.file IN (SELECT value FROM json_each(?2)))
            ORDER BY p.id
            """;
    private static final String OPEN_FOR_FEATURE = "SELECT " + COLUMNS + FROM
            + "WHERE p.feature_id = ? AND p.status = 'pending' ORDER BY p.id";
    private static final String RESOLVE_ONE = """
            UPDATE feature_pending SET status = ?, notes = ?, resolved_at = ? WHERE id = ? AND status = 'pending'
            """;

    public long insert(Tx tx, NewPending p, Instant now) {
        return tx.call(INSERT, ps -> {
            ps.setString(1, p.project());
            ps.setLong(2, p.featureId());
            ps.setString(3, p.file());
            ps.setString(4, p.baseBlob());
            ps.setString(5, p.finalBlob());
            ps.setString(6, p.fingerprint());
            ps.setString(7, p.reason() == null ? "" : p.reason());
            ps.setString(8, p.source());
            ps.setString(9, p.sessionId());
            ps.setString(10, Timestamps.format(now));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** True when this content of the file (its final blob) is already pending, verified or waived for the feature. */
    public boolean covered(Tx tx, long featureId, String file, String finalBlob) {
        return tx.call(COVERED, ps -> {
            ps.setLong(1, featureId);
            ps.setString(2, file);
            ps.setString(3, finalBlob);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getInt(1) > 0;
            }
        });
    }

    /** Marks the feature's open rows for the file with any other content superseded; returns how many. */
    public int supersedeOthers(Tx tx, long featureId, String file, String finalBlob, Instant now) {
        return tx.call(SUPERSEDE, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setLong(2, featureId);
            ps.setString(3, file);
            ps.setString(4, finalBlob);
            return ps.executeUpdate();
        });
    }

    public Optional<PendingRow> find(Tx tx, long id) {
        return tx.call(BY_ID, ps -> {
            ps.setLong(1, id);
            List<PendingRow> rows = all(ps);
            return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
        });
    }

    /** Open rows of the project's active features, oldest first; {@code files} null means every file. */
    public List<PendingRow> open(Tx tx, String project, List<String> files) {
        return tx.call(OPEN, ps -> {
            ps.setString(1, project);
            ps.setString(2, files == null ? null : StoreJson.encode(files));
            return all(ps);
        });
    }

    public List<PendingRow> openForFeature(Tx tx, long featureId) {
        return tx.call(OPEN_FOR_FEATURE, ps -> {
            ps.setLong(1, featureId);
            return all(ps);
        });
    }

    /** Resolves one open row; false when it was not open. */
    public boolean resolveOne(Tx tx, long id, String status, String notes, Instant now) {
        return tx.call(RESOLVE_ONE, ps -> {
            ps.setString(1, status);
            ps.setString(2, notes);
            ps.setString(3, Timestamps.format(now));
            ps.setLong(4, id);
            return ps.executeUpdate() == 1;
        });
    }

    private static List<PendingRow> all(PreparedStatement ps) throws SQLException {
        List<PendingRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new PendingRow(rs.getLong("id"), rs.getString("project"), rs.getLong("feature_id"),
                        rs.getString("feature_name"), rs.getString("file"), rs.getString("base_blob"),
                        rs.getString("final_blob"), rs.getString("fingerprint"), rs.getString("status"),
                        rs.getString("reason"), rs.getString("notes"), rs.getString("source"),
                        rs.getString("session_id"), rs.getString("created_at"), rs.getString("resolved_at")));
            }
        }
        return out;
    }
}
