package dev.eaglemem.store;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Singleton;

/** The projects every other row hangs off (keys from {@code dev.eaglemem.project}). */
@Singleton
public final class ProjectStore {

    private static final String TOUCH = """
            INSERT INTO projects(key, root_path, created_at, last_seen_at) VALUES (?, ?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET
                last_seen_at = excluded.last_seen_at,
                root_path = COALESCE(excluded.root_path, projects.root_path)
            """;

    /** Records that the project was seen now, creating it on first sight. */
    public void touch(Tx tx, String key, String rootPath, Instant now) {
        String at = Timestamps.format(now);
        tx.run(TOUCH, ps -> {
            ps.setString(1, key);
            ps.setString(2, rootPath);
            ps.setString(3, at);
            ps.setString(4, at);
            ps.executeUpdate();
        });
    }

    /** Project keys, most recently seen first, at most {@code limit}. */
    public List<String> recentKeys(Tx tx, int limit) {
        return tx.call("SELECT key FROM projects ORDER BY last_seen_at DESC, key LIMIT ?", ps -> {
            ps.setInt(1, limit);
            List<String> keys = new ArrayList<>();
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    keys.add(rs.getString(1));
                }
            }
            return keys;
        });
    }

    public boolean exists(Tx tx, String key) {
        return tx.call("SELECT 1 FROM projects WHERE key = ?", ps -> {
            ps.setString(1, key);
            try (var rs = ps.executeQuery()) {
                return rs.next();
            }
        });
    }

    /** Every directory a project was last seen in (the hooks record them), most recently seen first. */
    public List<String> roots(Tx tx) {
        return tx.call("SELECT root_path FROM projects WHERE root_path IS NOT NULL ORDER BY last_seen_at DESC", ps -> {
            List<String> roots = new ArrayList<>();
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    roots.add(rs.getString(1));
                }
            }
            return roots;
        });
    }

    /** The directory the project was last seen in (the hooks record it), if any. */
    public java.util.Optional<String> rootOf(Tx tx, String key) {
        return tx.call("SELECT root_path FROM projects WHERE key = ?", ps -> {
            ps.setString(1, key);
            try (var rs = ps.executeQuery()) {
                return rs.next() ? java.util.Optional.ofNullable(rs.getString(1)) : java.util.Optional.<String>empty();
            }
        });
    }
}
