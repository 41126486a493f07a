package dev.eaglemem.store;

import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Singleton;

/** The trail of model changes to session summaries ({@code summary_enrichments}), which an undo reverses. */
@Singleton
public final class EnrichmentStore {

    private static final String COLUMNS = """
            id, session_id, project, job_id, source, provider, model, source_before, changes, created_at, undone_at, kept""";
    private static final String INSERT = """
            INSERT INTO summary_enrichments(session_id, project, job_id, provider, model, source_before, changes, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """;
    private static final String FOR_SESSION = "SELECT " + COLUMNS
            + " FROM summary_enrichments WHERE session_id = ? ORDER BY id";
    private static final String UNDO = """
            UPDATE summary_enrichments SET undone_at = ?, kept = ? WHERE id = ? AND undone_at IS NULL
            """;
    private static final String ANY_UNDONE = """
            SELECT 1 FROM summary_enrichments WHERE session_id = ? AND undone_at IS NOT NULL LIMIT 1
            """;

    /** Records one model's change; returns its id. */
    public long record(Tx tx, String sessionId, String project, Long jobId, String provider, String model,
            String sourceBefore, List<FieldChange> changes, Instant now) {
        List<Map<String, Object>> json = new ArrayList<>();
        for (FieldChange c : changes) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("field", c.field());
            one.put("before", c.before());
            one.put("after", c.after());
            json.add(one);
        }
        return tx.call(INSERT, ps -> {
            ps.setString(1, sessionId);
            ps.setString(2, project);
            Columns.setLong(ps, 3, jobId);
            ps.setString(4, provider);
            ps.setString(5, model);
            ps.setString(6, sourceBefore);
            ps.setString(7, StoreJson.encode(json));
            ps.setString(8, Timestamps.format(now));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** The session's model changes, oldest first, undone ones included. */
    public List<EnrichmentRow> forSession(Tx tx, String sessionId) {
        return tx.call(FOR_SESSION, ps -> {
            ps.setString(1, sessionId);
            List<EnrichmentRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new EnrichmentRow(rs.getLong("id"), rs.getString("session_id"), rs.getString("project"),
                            Columns.longOrNull(rs, "job_id"), rs.getString("source"), rs.getString("provider"),
                            rs.getString("model"), rs.getString("source_before"), changes(rs.getString("changes")),
                            rs.getString("created_at"), rs.getString("undone_at"), StoreJson.decode(rs.getString("kept"))));
                }
            }
            return out;
        });
    }

    /** Marks a change undone; {@code kept} names the fields left as they were. False when it was undone already. */
    public boolean undone(Tx tx, long id, List<String> kept, Instant now) {
        return tx.call(UNDO, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setString(2, StoreJson.encode(kept));
            ps.setLong(3, id);
            return ps.executeUpdate() == 1;
        });
    }

    /** True when a person undid a model's change to this session's summary (the model is not asked again). */
    public boolean anyUndone(Tx tx, String sessionId) {
        return tx.call(ANY_UNDONE, ps -> {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        });
    }

    private static List<FieldChange> changes(String json) {
        List<FieldChange> out = new ArrayList<>();
        for (Map<String, Object> c : StoreJson.decodeObjects(json)) {
            out.add(new FieldChange((String) c.get("field"), c.get("before"), c.get("after")));
        }
        return out;
    }
}
