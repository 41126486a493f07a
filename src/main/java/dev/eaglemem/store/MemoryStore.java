package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

/**
 * Typed memories. "Same place" below means same scope and, for project scope, same project:
 * personal memories are one pool shared by every project.
 */
@Singleton
public final class MemoryStore {

    private static final String COLUMNS = """
            id, project, scope, kind, title, content, situation, behavior, impact, action, subject, predicate, object,
            topic_key, files, normalized_hash, revision_count, duplicate_count, source_agent, session_id, superseded_by,
            created_at, updated_at, last_seen_at, deleted_at, delete_reason
            """;
    private static final String INSERT = """
            INSERT INTO memories(project, scope, kind, title, content, situation, behavior, impact, action, subject,
                predicate, object, topic_key, files, normalized_hash, source_agent, session_id, created_at, updated_at,
                last_seen_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """;
    private static final String SAME_PLACE = " scope = ? AND COALESCE(project, '') = COALESCE(?, '') AND deleted_at IS NULL ";
    private static final String BY_ID = "SELECT " + COLUMNS + " FROM memories WHERE id = ?";
    private static final String BY_HASH = "SELECT " + COLUMNS + " FROM memories WHERE" + SAME_PLACE
            + "AND kind = ? AND normalized_hash = ? ORDER BY id LIMIT 1";
    private static final String BY_TOPIC = "SELECT " + COLUMNS + " FROM memories WHERE" + SAME_PLACE
            + "AND topic_key = ? LIMIT 1";
    private static final String CONTRADICTIONS = "SELECT " + COLUMNS + " FROM memories WHERE" + SAME_PLACE + """
            AND normalized_hash <> ?
            AND ((kind = ? AND lower(title) = lower(?))
                 OR (kind = 'fact' AND ? IS NOT NULL AND lower(subject) = lower(?) AND lower(predicate) = lower(?)))
            ORDER BY updated_at DESC LIMIT 5
            """;
    private static final String TOUCH_DUPLICATE = """
            UPDATE memories SET duplicate_count = duplicate_count + 1, last_seen_at = ? WHERE id = ?
            """;
    private static final String REVISE = """
            UPDATE memories SET kind = ?, title = ?, content = ?, situation = ?, behavior = ?, impact = ?, action = ?,
                subject = ?, predicate = ?, object = ?, topic_key = ?, files = ?, normalized_hash = ?,
                source_agent = ?, revision_count = revision_count + 1, updated_at = ?, last_seen_at = ?
            WHERE id = ? AND deleted_at IS NULL
            """;
    private static final String SOFT_DELETE = """
            UPDATE memories SET deleted_at = ?, delete_reason = ?, superseded_by = ?, updated_at = ?
            WHERE id = ? AND deleted_at IS NULL
            """;
    private static final String MARK_SUPERSEDED = """
            UPDATE memories SET superseded_by = ?2, delete_reason = 'superseded by memory ' || ?2 WHERE id = ?1
            """;
    private static final String RESTORE = """
            UPDATE memories SET deleted_at = NULL, delete_reason = NULL, superseded_by = NULL, updated_at = ?
            WHERE id = ? AND deleted_at IS NOT NULL
            """;
    private static final String LIST = "SELECT " + COLUMNS + """
            FROM memories
            WHERE (?1 IS NULL OR project = ?1 OR scope = 'personal')
              AND (?2 IS NULL OR kind = ?2)
              AND ((?3 = 0 AND deleted_at IS NULL) OR (?3 = 1 AND deleted_at IS NOT NULL))
            ORDER BY CASE kind WHEN 'decision' THEN 0 WHEN 'gotcha' THEN 1 ELSE 2 END, updated_at DESC, id DESC
            LIMIT ?4
            """;

    // ?1 project, ?2 per kind, ?3… the kinds. The candidates are, per kind, the newest ?2 of the project and the
    // newest ?2 personal ones, each an index search (idx_memories_project, idx_memories_personal) that stops after
    // ?2 rows; the window then keeps the newest ?2 per kind among them: the same rows as ranking every live
    // memory of the project, which on a big database meant reading and sorting tens of thousands of rows.
    private static final String RECENT_OF_KIND = """
            SELECT id FROM (SELECT id FROM memories WHERE deleted_at IS NULL AND project = ?1 AND kind = ?%1$d
                            ORDER BY updated_at DESC, id DESC LIMIT ?2)
            UNION ALL
            SELECT id FROM (SELECT id FROM memories WHERE deleted_at IS NULL AND scope = 'personal' AND kind = ?%1$d
                            ORDER BY updated_at DESC, id DESC LIMIT ?2)
            """;
    private static final String RECENT_PER_KIND = "SELECT " + COLUMNS + """
            FROM (SELECT m.*, ROW_NUMBER() OVER (PARTITION BY kind ORDER BY updated_at DESC, id DESC) AS rank_in_kind
                  FROM memories m
                  WHERE m.id IN (%s))
            WHERE rank_in_kind <= ?2
            ORDER BY CASE kind WHEN 'decision' THEN 0 WHEN 'gotcha' THEN 1 ELSE 2 END, updated_at DESC, id DESC
            """;

    // A memory is about a file when it lists the file, or its text names the file (the basename is specific
    // enough: "cart.py", not "cart"). Decisions and gotchas first, newest first.
    private static final String ABOUT_FILE = "SELECT " + COLUMNS + """
            FROM memories m
            WHERE deleted_at IS NULL AND superseded_by IS NULL AND project = ?1
              AND (?4 = '' OR instr(',' || ?4 || ',', ',' || kind || ',') > 0)
              AND (EXISTS (SELECT 1 FROM json_each(m.files) WHERE value = ?2)
                   OR instr(lower(title || ' ' || content), lower(?3)) > 0)
            ORDER BY CASE kind WHEN 'decision' THEN 0 WHEN 'gotcha' THEN 1 ELSE 2 END, updated_at DESC, id DESC
            LIMIT ?5
            """;

    /**
     * Active project memories about {@code file} (project-relative path; matched by listed files or by its
     * {@code basename} in the text), of the given kinds (empty = any).
     */
    public List<MemoryRow> aboutFile(Tx tx, String project, String file, String basename, List<String> kinds,
            int limit) {
        return tx.call(ABOUT_FILE, ps -> {
            ps.setString(1, project);
            ps.setString(2, file);
            ps.setString(3, basename);
            ps.setString(4, String.join(",", kinds));
            ps.setInt(5, limit);
            return all(ps);
        });
    }

    /** The files each of the memories {@code ids} lists (memories that list none are left out). */
    public Map<Long, List<String>> filesOf(Tx tx, List<Long> ids) {
        return tx.call("SELECT id, files FROM memories WHERE id IN (SELECT value FROM json_each(?1)) AND files <> '[]'",
                ps -> {
                    ps.setString(1, StoreJson.encode(ids));
                    Map<Long, List<String>> out = new HashMap<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.put(rs.getLong(1), StoreJson.decode(rs.getString(2)));
                        }
                    }
                    return out;
                });
    }

    public long insert(Tx tx, NewMemoryRow m, Instant now) {
        String at = Timestamps.format(now);
        return tx.call(INSERT, ps -> {
            ps.setString(1, m.project());
            ps.setString(2, m.scope());
            int i = bindContent(ps, 3, m);
            ps.setString(i++, m.sourceAgent());
            ps.setString(i++, m.sessionId());
            ps.setString(i++, at);
            ps.setString(i++, at);
            ps.setString(i, at);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** Binds kind..normalized_hash (13 values, the same order in INSERT and REVISE); returns the next index. */
    private static int bindContent(PreparedStatement ps, int start, NewMemoryRow m) throws SQLException {
        int i = start;
        ps.setString(i++, m.kind());
        ps.setString(i++, m.title());
        ps.setString(i++, m.content());
        i = bindDetails(ps, i, m.details());
        ps.setString(i++, m.topicKey());
        ps.setString(i++, StoreJson.encode(m.files()));
        ps.setString(i++, m.normalizedHash());
        return i;
    }

    private static int bindDetails(PreparedStatement ps, int start, MemoryDetails d) throws SQLException {
        int i = start;
        for (String part : new String[] { d.situation(), d.behavior(), d.impact(), d.action(), d.subject(),
                d.predicate(), d.object() }) {
            ps.setString(i++, part);
        }
        return i;
    }

    public Optional<MemoryRow> find(Tx tx, long id) {
        return tx.call(BY_ID, ps -> {
            ps.setLong(1, id);
            return first(ps);
        });
    }

    /** An active memory in the same place with the same kind and normalized content. */
    public Optional<MemoryRow> findByHash(Tx tx, String scope, String project, String kind, String hash) {
        return tx.call(BY_HASH, ps -> {
            ps.setString(1, scope);
            ps.setString(2, project);
            ps.setString(3, kind);
            ps.setString(4, hash);
            return first(ps);
        });
    }

    public Optional<MemoryRow> findByTopic(Tx tx, String scope, String project, String topicKey) {
        return tx.call(BY_TOPIC, ps -> {
            ps.setString(1, scope);
            ps.setString(2, project);
            ps.setString(3, topicKey);
            return first(ps);
        });
    }

    /**
     * Active memories in the same place that say something different about the same thing: the same
     * kind and title, or (facts) the same subject and predicate.
     */
    public List<MemoryRow> findContradictions(Tx tx, NewMemoryRow m) {
        return tx.call(CONTRADICTIONS, ps -> {
            ps.setString(1, m.scope());
            ps.setString(2, m.project());
            ps.setString(3, m.normalizedHash());
            ps.setString(4, m.kind());
            ps.setString(5, m.title());
            ps.setString(6, m.details().subject());
            ps.setString(7, m.details().subject());
            ps.setString(8, m.details().predicate());
            return all(ps);
        });
    }

    public void touchDuplicate(Tx tx, long id, Instant now) {
        tx.run(TOUCH_DUPLICATE, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setLong(2, id);
            ps.executeUpdate();
        });
    }

    /** Replaces the content of an active memory and counts a revision; false when it is not active. */
    public boolean revise(Tx tx, long id, NewMemoryRow m, Instant now) {
        String at = Timestamps.format(now);
        return tx.call(REVISE, ps -> {
            int i = bindContent(ps, 1, m);
            ps.setString(i++, m.sourceAgent());
            ps.setString(i++, at);
            ps.setString(i++, at);
            ps.setLong(i, id);
            return ps.executeUpdate() == 1;
        });
    }

    /** Forgets an active memory (the row stays, restorable); false when it was not active. */
    public boolean softDelete(Tx tx, long id, String reason, Long supersededBy, Instant now) {
        String at = Timestamps.format(now);
        return tx.call(SOFT_DELETE, ps -> {
            ps.setString(1, at);
            ps.setString(2, reason);
            if (supersededBy == null) {
                ps.setNull(3, Types.INTEGER);
            } else {
                ps.setLong(3, supersededBy);
            }
            ps.setString(4, at);
            ps.setLong(5, id);
            return ps.executeUpdate() == 1;
        });
    }

    public void markSuperseded(Tx tx, long oldId, long newId) {
        tx.run(MARK_SUPERSEDED, ps -> {
            ps.setLong(1, oldId);
            ps.setLong(2, newId);
            ps.executeUpdate();
        });
    }

    public boolean restore(Tx tx, long id, Instant now) {
        return tx.call(RESTORE, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setLong(2, id);
            return ps.executeUpdate() == 1;
        });
    }

    /** Decisions first, then gotchas, then the rest; newest first within each. */
    public List<MemoryRow> list(Tx tx, MemoryQuery q) {
        return tx.call(LIST, ps -> {
            ps.setString(1, q.project());
            ps.setString(2, q.kind());
            ps.setInt(3, q.deleted() ? 1 : 0);
            ps.setInt(4, q.limit());
            return all(ps);
        });
    }

    /**
     * The newest {@code perKind} active memories of each of {@code kinds} for the project (personal ones
     * included), so a project with hundreds of decisions still shows its gotchas and patterns.
     */
    public List<MemoryRow> recentPerKind(Tx tx, String project, List<String> kinds, int perKind) {
        if (kinds.isEmpty()) {
            return List.of();
        }
        List<String> candidates = new ArrayList<>();
        for (int i = 0; i < kinds.size(); i++) {
            candidates.add(RECENT_OF_KIND.formatted(i + 3));
        }
        return tx.call(RECENT_PER_KIND.formatted(String.join("UNION ALL\n", candidates)), ps -> {
            ps.setString(1, project);
            ps.setInt(2, perKind);
            for (int i = 0; i < kinds.size(); i++) {
                ps.setString(i + 3, kinds.get(i));
            }
            return all(ps);
        });
    }

    private static Optional<MemoryRow> first(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(row(rs)) : Optional.empty();
        }
    }

    private static List<MemoryRow> all(PreparedStatement ps) throws SQLException {
        List<MemoryRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(row(rs));
            }
        }
        return out;
    }

    private static MemoryRow row(ResultSet rs) throws SQLException {
        MemoryDetails details = new MemoryDetails(rs.getString("situation"), rs.getString("behavior"),
                rs.getString("impact"), rs.getString("action"), rs.getString("subject"), rs.getString("predicate"),
                rs.getString("object"));
        long supersededBy = rs.getLong("superseded_by");
        Long superseded = rs.wasNull() ? null : supersededBy;
        return new MemoryRow(rs.getLong("id"), rs.getString("project"), rs.getString("scope"), rs.getString("kind"),
                rs.getString("title"), rs.getString("content"), details, rs.getString("topic_key"),
                StoreJson.decode(rs.getString("files")), rs.getString("normalized_hash"), rs.getInt("revision_count"),
                rs.getInt("duplicate_count"), rs.getString("source_agent"), rs.getString("session_id"), superseded,
                rs.getString("created_at"), rs.getString("updated_at"), rs.getString("last_seen_at"),
                rs.getString("deleted_at"), rs.getString("delete_reason"));
    }
}
