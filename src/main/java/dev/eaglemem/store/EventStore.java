package dev.eaglemem.store;

import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jakarta.inject.Singleton;

/** The observability log in the database: what eagle-mem did, for inspection and measurement. */
@Singleton
public final class EventStore {

    private static final String INSERT = """
            INSERT INTO events(project, session_id, agent, event_type, status, detail, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """;
    private static final String LIST = """
            SELECT id, project, session_id, agent, event_type, status, detail, created_at FROM events
            WHERE (?1 IS NULL OR session_id = ?1) AND (?2 IS NULL OR project = ?2)
            ORDER BY created_at DESC, id DESC LIMIT ?3
            """;

    public void append(Tx tx, String project, String sessionId, String agent, String eventType, String status,
            Map<String, ?> detail, Instant now) {
        tx.run(INSERT, ps -> {
            ps.setString(1, project);
            ps.setString(2, sessionId);
            ps.setString(3, agent);
            ps.setString(4, eventType);
            ps.setString(5, status);
            ps.setString(6, StoreJson.encodeObject(detail));
            ps.setString(7, Timestamps.format(now));
            ps.executeUpdate();
        });
    }

    /** The newest events, of one session and/or project when given; newest first. */
    public List<EventRow> list(Tx tx, String sessionId, String project, int limit) {
        return tx.call(LIST, ps -> {
            ps.setString(1, sessionId);
            ps.setString(2, project);
            ps.setInt(3, limit);
            List<EventRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new EventRow(rs.getLong("id"), rs.getString("project"), rs.getString("session_id"),
                            rs.getString("agent"), rs.getString("event_type"), rs.getString("status"),
                            StoreJson.decodeObject(rs.getString("detail")), rs.getString("created_at")));
                }
            }
            return out;
        });
    }
}
