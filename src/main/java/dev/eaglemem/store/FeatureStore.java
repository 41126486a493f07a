package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

/**
 * Features with their file patterns, dependency names and ordered smoke tests, and their verification
 * history. Features are archived, never deleted: pending rows and history keep pointing at them.
 */
@Singleton
public final class FeatureStore {

    private static final String COLUMNS = """
            id, project, name, description, status, last_verified_at, last_verified_notes, created_at, updated_at,
            archived_at
            """;
    private static final String INSERT = """
            INSERT INTO features(project, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            RETURNING id
            """;
    private static final String BY_ID = "SELECT " + COLUMNS + " FROM features WHERE id = ?";
    private static final String ACTIVE_BY_NAME = "SELECT " + COLUMNS
            + " FROM features WHERE project = ? AND name = ? AND status = 'active'";
    private static final String LIST = "SELECT " + COLUMNS + """
            FROM features WHERE project = ?1 AND (?2 = 1 OR status = 'active')
            ORDER BY CASE status WHEN 'active' THEN 0 ELSE 1 END, name, id
            """;
    private static final String UPDATE_DESCRIPTION = "UPDATE features SET description = ?, updated_at = ? WHERE id = ?";
    private static final String TOUCH = "UPDATE features SET updated_at = ? WHERE id = ?";
    private static final String ARCHIVE = """
            UPDATE features SET status = 'archived', archived_at = ?1, updated_at = ?1 WHERE id = ?2 AND status = 'active'
            """;
    private static final String MARK_VERIFIED = """
            UPDATE features SET last_verified_at = ?1, last_verified_notes = ?2, updated_at = ?1 WHERE id = ?3
            """;
    private static final String FILES = "SELECT pattern FROM feature_files WHERE feature_id = ? ORDER BY pattern";
    private static final String ADD_FILE = "INSERT OR IGNORE INTO feature_files(feature_id, pattern) VALUES (?, ?)";
    private static final String REMOVE_FILE = "DELETE FROM feature_files WHERE feature_id = ? AND pattern = ?";
    private static final String DEPS = "SELECT depends_on FROM feature_dependencies WHERE feature_id = ? ORDER BY depends_on";
    private static final String ADD_DEP = "INSERT OR IGNORE INTO feature_dependencies(feature_id, depends_on) VALUES (?, ?)";
    private static final String REMOVE_DEP = "DELETE FROM feature_dependencies WHERE feature_id = ? AND depends_on = ?";
    private static final String SMOKES = "SELECT command FROM feature_smoke_tests WHERE feature_id = ? ORDER BY ord";
    private static final String CLEAR_SMOKES = "DELETE FROM feature_smoke_tests WHERE feature_id = ?";
    private static final String ADD_SMOKE = "INSERT INTO feature_smoke_tests(feature_id, ord, command) VALUES (?, ?, ?)";
    private static final String ACTIVE_PATTERNS = """
            SELECT f.id, ff.pattern FROM features f JOIN feature_files ff ON ff.feature_id = f.id
            WHERE f.project = ? AND f.status = 'active' ORDER BY f.id, ff.pattern
            """;
    private static final String ADD_VERIFICATION = """
            INSERT INTO feature_verifications(feature_id, outcome, notes, commands, resolved, verified_at)
            VALUES (?, ?, ?, ?, ?, ?) RETURNING id
            """;
    private static final String VERIFICATIONS = """
            SELECT id, feature_id, outcome, notes, commands, resolved, verified_at FROM feature_verifications
            WHERE feature_id = ? ORDER BY verified_at DESC, id DESC LIMIT ?
            """;

    /** One (feature id, pattern) pair of an active feature. */
    public record PatternRow(long featureId, String pattern) {
    }

    public long insert(Tx tx, String project, String name, String description, Instant now) {
        String at = Timestamps.format(now);
        return tx.call(INSERT, ps -> {
            ps.setString(1, project);
            ps.setString(2, name);
            ps.setString(3, description == null ? "" : description);
            ps.setString(4, at);
            ps.setString(5, at);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    public Optional<FeatureRow> find(Tx tx, long id) {
        return tx.call(BY_ID, ps -> {
            ps.setLong(1, id);
            return first(ps);
        });
    }

    public Optional<FeatureRow> findActive(Tx tx, String project, String name) {
        return tx.call(ACTIVE_BY_NAME, ps -> {
            ps.setString(1, project);
            ps.setString(2, name);
            return first(ps);
        });
    }

    /** Active features by name, then (with {@code includeArchived}) archived ones. */
    public List<FeatureRow> list(Tx tx, String project, boolean includeArchived) {
        return tx.call(LIST, ps -> {
            ps.setString(1, project);
            ps.setInt(2, includeArchived ? 1 : 0);
            List<FeatureRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(row(rs));
                }
            }
            return out;
        });
    }

    public void updateDescription(Tx tx, long id, String description, Instant now) {
        tx.run(UPDATE_DESCRIPTION, ps -> {
            ps.setString(1, description);
            ps.setString(2, Timestamps.format(now));
            ps.setLong(3, id);
            ps.executeUpdate();
        });
    }

    public void touch(Tx tx, long id, Instant now) {
        tx.run(TOUCH, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setLong(2, id);
            ps.executeUpdate();
        });
    }

    /** False when the feature was not active. */
    public boolean archive(Tx tx, long id, Instant now) {
        return tx.call(ARCHIVE, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setLong(2, id);
            return ps.executeUpdate() == 1;
        });
    }

    public void markVerified(Tx tx, long id, String notes, Instant now) {
        tx.run(MARK_VERIFIED, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setString(2, notes);
            ps.setLong(3, id);
            ps.executeUpdate();
        });
    }

    public List<String> files(Tx tx, long featureId) {
        return strings(tx, FILES, featureId);
    }

    public void addFile(Tx tx, long featureId, String pattern) {
        pair(tx, ADD_FILE, featureId, pattern);
    }

    public void removeFile(Tx tx, long featureId, String pattern) {
        pair(tx, REMOVE_FILE, featureId, pattern);
    }

    public List<String> dependencies(Tx tx, long featureId) {
        return strings(tx, DEPS, featureId);
    }

    public void addDependency(Tx tx, long featureId, String name) {
        pair(tx, ADD_DEP, featureId, name);
    }

    public void removeDependency(Tx tx, long featureId, String name) {
        pair(tx, REMOVE_DEP, featureId, name);
    }

    public List<String> smokeTests(Tx tx, long featureId) {
        return strings(tx, SMOKES, featureId);
    }

    /** Replaces the smoke tests: order is meaningful, so they are rewritten as a whole. */
    public void replaceSmokeTests(Tx tx, long featureId, List<String> commands) {
        tx.run(CLEAR_SMOKES, ps -> {
            ps.setLong(1, featureId);
            ps.executeUpdate();
        });
        tx.run(ADD_SMOKE, ps -> {
            for (int i = 0; i < commands.size(); i++) {
                ps.setLong(1, featureId);
                ps.setInt(2, i);
                ps.setString(3, commands.get(i));
                ps.addBatch();
            }
            ps.executeBatch();
        });
    }

    /** Every file pattern of the project's active features, for matching changed files in memory. */
    public List<PatternRow> activePatterns(Tx tx, String project) {
        return tx.call(ACTIVE_PATTERNS, ps -> {
            ps.setString(1, project);
            List<PatternRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new PatternRow(rs.getLong(1), rs.getString(2)));
                }
            }
            return out;
        });
    }

    public long addVerification(Tx tx, long featureId, String outcome, String notes, List<SmokeResult> commands,
            int resolved, Instant now) {
        return tx.call(ADD_VERIFICATION, ps -> {
            ps.setLong(1, featureId);
            ps.setString(2, outcome);
            ps.setString(3, notes == null ? "" : notes);
            ps.setString(4, encode(commands));
            ps.setInt(5, resolved);
            ps.setString(6, Timestamps.format(now));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** The newest verifications first (failed runs included). */
    public List<VerificationRow> verifications(Tx tx, long featureId, int limit) {
        return tx.call(VERIFICATIONS, ps -> {
            ps.setLong(1, featureId);
            ps.setInt(2, limit);
            List<VerificationRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new VerificationRow(rs.getLong("id"), rs.getLong("feature_id"), rs.getString("outcome"),
                            rs.getString("notes"), decode(rs.getString("commands")), rs.getInt("resolved"),
                            rs.getString("verified_at")));
                }
            }
            return out;
        });
    }

    // Commands are stored as snake_case objects built from maps, so no reflection is needed in a native image.
    private static String encode(List<SmokeResult> commands) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (SmokeResult c : commands) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("command", c.command());
            m.put("exit_code", c.exitCode());
            m.put("duration_ms", c.durationMs());
            if (c.noTests() != null) {
                m.put("no_tests", c.noTests());
            }
            out.add(m);
        }
        return StoreJson.encode(out);
    }

    private static List<SmokeResult> decode(String json) {
        List<SmokeResult> out = new ArrayList<>();
        for (Map<String, Object> m : StoreJson.decodeObjects(json)) {
            out.add(new SmokeResult(String.valueOf(m.get("command")), ((Number) m.get("exit_code")).intValue(),
                    ((Number) m.get("duration_ms")).longValue(), (String) m.get("no_tests")));
        }
        return out;
    }

    private static List<String> strings(Tx tx, String sql, long featureId) {
        return tx.call(sql, ps -> {
            ps.setLong(1, featureId);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }

    private static void pair(Tx tx, String sql, long featureId, String value) {
        tx.run(sql, ps -> {
            ps.setLong(1, featureId);
            ps.setString(2, value);
            ps.executeUpdate();
        });
    }

    private static Optional<FeatureRow> first(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(row(rs)) : Optional.empty();
        }
    }

    private static FeatureRow row(ResultSet rs) throws SQLException {
        return new FeatureRow(rs.getLong("id"), rs.getString("project"), rs.getString("name"),
                rs.getString("description"), rs.getString("status"), rs.getString("last_verified_at"),
                rs.getString("last_verified_notes"), rs.getString("created_at"), rs.getString("updated_at"),
                rs.getString("archived_at"));
    }
}
