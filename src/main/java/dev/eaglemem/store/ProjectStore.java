package dev.eaglemem.store;

import java.time.Instant;

/** The projects every other row hangs off (keys from {@code dev.eaglemem.project}). */
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
}
