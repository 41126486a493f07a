package dev.eaglemem.store;

import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;

import jakarta.inject.Singleton;

/** The one-paragraph project overview shown at SessionStart. */
@Singleton
public final class OverviewStore {

    private static final String FIND = "SELECT content FROM overviews WHERE project = ?";
    private static final String FIND_ROW = "SELECT content, source, updated_at FROM overviews WHERE project = ?";
    private static final String SET = """
            INSERT INTO overviews(project, content, source, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT(project) DO UPDATE SET content = excluded.content, source = excluded.source,
                updated_at = excluded.updated_at
            """;
    private static final String DELETE = "DELETE FROM overviews WHERE project = ?";

    /** @param source manual (a person wrote it) or scan (generated) */
    public void set(Tx tx, String project, String content, String source, Instant now) {
        tx.run(SET, ps -> {
            ps.setString(1, project);
            ps.setString(2, content);
            ps.setString(3, source);
            ps.setString(4, Timestamps.format(now));
            ps.executeUpdate();
        });
    }

    public boolean delete(Tx tx, String project) {
        return tx.call(DELETE, ps -> {
            ps.setString(1, project);
            return ps.executeUpdate() == 1;
        });
    }

    public Optional<String> find(Tx tx, String project) {
        return tx.call(FIND, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        });
    }

    /** The overview with its source and time, to tell a person's from a generated one. */
    public Optional<OverviewRow> findRow(Tx tx, String project) {
        return tx.call(FIND_ROW, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new OverviewRow(project, rs.getString(1), rs.getString(2), rs.getString(3)))
                        : Optional.empty();
            }
        });
    }
}
