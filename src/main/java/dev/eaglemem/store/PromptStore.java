package dev.eaglemem.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

/** What the user asked the agent, searchable. Callers pass redacted text. */
@Singleton
public final class PromptStore {

    private static final String INSERT = """
            INSERT INTO user_prompts(session_id, project, agent, prompt, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id
            """;
    private static final String COLUMNS = "SELECT id, session_id, project, agent, prompt, created_at FROM user_prompts";
    private static final String FIND = COLUMNS + " WHERE id = ?";
    private static final String FOR_SESSION = COLUMNS + " WHERE session_id = ? ORDER BY created_at, id LIMIT ?";

    public long insert(Tx tx, String sessionId, String project, String agent, String prompt, Instant now) {
        return tx.call(INSERT, ps -> {
            ps.setString(1, sessionId);
            ps.setString(2, project);
            ps.setString(3, agent);
            ps.setString(4, prompt);
            ps.setString(5, Timestamps.format(now));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    public Optional<PromptRow> find(Tx tx, long id) {
        return tx.call(FIND, ps -> {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        });
    }

    /** The session's prompts in order (at most {@code limit}). */
    public List<PromptRow> forSession(Tx tx, String sessionId, int limit) {
        return tx.call(FOR_SESSION, ps -> {
            ps.setString(1, sessionId);
            ps.setInt(2, limit);
            List<PromptRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(row(rs));
                }
            }
            return out;
        });
    }

    private static PromptRow row(ResultSet rs) throws SQLException {
        return new PromptRow(rs.getLong("id"), rs.getString("session_id"), rs.getString("project"), rs.getString("agent"),
                rs.getString("prompt"), rs.getString("created_at"));
    }
}
