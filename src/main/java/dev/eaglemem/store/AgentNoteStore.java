package dev.eaglemem.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

/** Which memory mirrors which file of an agent's own notes (see memories sync). */
@Singleton
public final class AgentNoteStore {

    private static final String COLUMNS = "id, project, origin, path, memory_id, content_hash, synced_at, gone_at";
    private static final String BY_PROJECT = "SELECT " + COLUMNS + " FROM agent_notes WHERE project = ? ORDER BY path";
    private static final String BY_MEMORY = "SELECT " + COLUMNS + " FROM agent_notes WHERE memory_id = ?";
    private static final String INSERT = """
            INSERT INTO agent_notes(project, origin, path, memory_id, content_hash, synced_at) VALUES (?, ?, ?, ?, ?, ?)
            """;
    private static final String CHANGED = "UPDATE agent_notes SET content_hash = ?, synced_at = ?, gone_at = NULL WHERE id = ?";
    private static final String GONE = "UPDATE agent_notes SET gone_at = ?, synced_at = ? WHERE id = ? AND gone_at IS NULL";

    public List<AgentNoteRow> byProject(Tx tx, String project) {
        return tx.call(BY_PROJECT, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                List<AgentNoteRow> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(row(rs));
                }
                return out;
            }
        });
    }

    public Optional<AgentNoteRow> byMemory(Tx tx, long memoryId) {
        return tx.call(BY_MEMORY, ps -> {
            ps.setLong(1, memoryId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        });
    }

    public void insert(Tx tx, String project, String origin, String path, long memoryId, String hash, Instant now) {
        tx.run(INSERT, ps -> {
            ps.setString(1, project);
            ps.setString(2, origin);
            ps.setString(3, path);
            ps.setLong(4, memoryId);
            ps.setString(5, hash);
            ps.setString(6, Timestamps.format(now));
            ps.executeUpdate();
        });
    }

    /** The file was read again with other bytes, or came back after it was gone. */
    public void changed(Tx tx, long id, String hash, Instant now) {
        tx.run(CHANGED, ps -> {
            ps.setString(1, hash);
            ps.setString(2, Timestamps.format(now));
            ps.setLong(3, id);
            ps.executeUpdate();
        });
    }

    /** The file is deleted; false when it was already marked gone. */
    public boolean gone(Tx tx, long id, Instant now) {
        return tx.call(GONE, ps -> {
            String at = Timestamps.format(now);
            ps.setString(1, at);
            ps.setString(2, at);
            ps.setLong(3, id);
            return ps.executeUpdate() == 1;
        });
    }

    private static AgentNoteRow row(ResultSet rs) throws SQLException {
        return new AgentNoteRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getLong(5),
                rs.getString(6), rs.getString(7), rs.getString(8));
    }
}
