package dev.eaglemem.store;

import java.time.Instant;

import jakarta.inject.Singleton;

/**
 * Which hook events the database already holds, by stable id: the exactly-once half of the spool. A
 * capture writes its event's row in its own transaction, so the event and the mark commit together.
 */
@Singleton
public final class AppliedEventStore {

    /** How an event reached the database. */
    public enum Via {
        HOOK("hook"), SPOOL("spool");

        private final String id;

        Via(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    private static final String MARK = """
            INSERT INTO applied_events(event_id, kind, session_id, via, event_at, applied_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(event_id) DO NOTHING
            """;

    /** Marks the event applied; false when it already was, and then the caller must apply nothing. */
    public boolean mark(Tx tx, String eventId, String kind, String sessionId, Via via, Instant eventAt, Instant now) {
        return tx.call(MARK, ps -> {
            ps.setString(1, eventId);
            ps.setString(2, kind);
            ps.setString(3, sessionId);
            ps.setString(4, via.id());
            ps.setString(5, Timestamps.format(eventAt));
            ps.setString(6, Timestamps.format(now));
            return ps.executeUpdate() == 1;
        });
    }

    /** Deletes at most {@code limit} ids applied before {@code before}; returns how many it deleted. */
    public int deleteBefore(Tx tx, Instant before, int limit) {
        return tx.call("DELETE FROM applied_events WHERE event_id IN (SELECT event_id FROM applied_events WHERE applied_at < ?1 "
                + "LIMIT ?2)", ps -> {
                    ps.setString(1, Timestamps.format(before));
                    ps.setInt(2, limit);
                    return ps.executeUpdate();
                });
    }
}
