package dev.eaglemem.store;

import java.time.Instant;
import java.util.Map;

/** The observability log in the database: what eagle-mem did, for inspection and measurement. */
public final class EventStore {

    private static final String INSERT = """
            INSERT INTO events(project, session_id, agent, event_type, status, detail, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
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
}
