package dev.eaglemem.store;

import java.sql.ResultSet;

/** Counts for {@code eagle-mem status}: one statement, one round trip. */
public final class StatsStore {

    // ?1 = project key, or NULL for every project.
    private static final String COUNTS = """
            SELECT
              (SELECT count(*) FROM projects WHERE ?1 IS NULL OR key = ?1),
              (SELECT count(*) FROM sessions WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM observations WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM summaries WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'project' AND (?1 IS NULL OR project = ?1)),
              (SELECT count(*) FROM memories WHERE deleted_at IS NOT NULL AND (?1 IS NULL OR project = ?1)),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'personal'),
              (SELECT count(*) FROM user_prompts WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM overviews WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM events WHERE ?1 IS NULL OR project = ?1)
            """;

    public TableCounts counts(Tx tx, String project) {
        return tx.call(COUNTS, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new TableCounts(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                        rs.getLong(6), rs.getLong(7), rs.getLong(8), rs.getLong(9), rs.getLong(10));
            }
        });
    }
}
