package dev.eaglemem.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import jakarta.inject.Singleton;

/**
 * Anchors of memories and session summaries ({@code anchors}, {@code anchor_targets}, V18): the commit and the file and
 * declaration contents a record was written against. One anchor per record; saving again replaces it whole.
 */
@Singleton
public final class AnchorStore {

    /**
     * A file or declaration to anchor: the file's git blob id now, and the declaration's text hash if one is named.
     * {@code namedAs}: the record's own (older) name for a file a rename was followed to, else null.
     */
    public record NewTarget(String path, String blob, String decl, String declHash, String namedAs) {

        public NewTarget(String path, String blob, String decl, String declHash) {
            this(path, blob, decl, declHash, null);
        }

        public NewTarget namedAs(String name) {
            return new NewTarget(path, blob, decl, declHash, name);
        }
    }

    /** What git said about a target while HEAD was {@code head}: commits since the anchor, the newest, a deletion. */
    public record Seen(String head, Integer commits, String newest, String subject, boolean deleted) {
    }

    /** {@code namedAs}: as {@link NewTarget#namedAs()}; {@code movedFrom}: the name at the anchor, when renamed since. */
    public record Target(String path, String blob, String decl, String declHash, String movedFrom, String namedAs,
            Seen seen, String reviewedBlob) {
    }

    /**
     * @param commit HEAD when anchored, null in a repository with no commit yet
     * @param how {@code written}, {@code updated}, {@code confirmed} or {@code reverified}
     * @param verdict {@code contradicted} or null
     */
    public record Anchor(long id, String recordKind, long recordId, String project, String commit, String anchoredAt,
            String how, String verdict, String verdictReason, String verdictBy, String verdictAt, List<Target> targets) {
    }

    private static final String COLUMNS = "id, record_kind, record_id, project, commit_id, anchored_at, how, verdict, "
            + "verdict_reason, verdict_by, verdict_at";

    /** Replaces the record's anchor (and clears any verdict): the record was written, updated or confirmed now. */
    public long save(Tx tx, String recordKind, long recordId, String project, String commit, String how,
            List<NewTarget> targets, Instant now) {
        long id = tx.call("""
                INSERT INTO anchors(record_kind, record_id, project, commit_id, anchored_at, how)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT(record_kind, record_id) DO UPDATE SET project = excluded.project,
                    commit_id = excluded.commit_id, anchored_at = excluded.anchored_at, how = excluded.how,
                    verdict = NULL, verdict_reason = NULL, verdict_by = NULL, verdict_at = NULL
                RETURNING id
                """, ps -> {
            ps.setString(1, recordKind);
            ps.setLong(2, recordId);
            ps.setString(3, project);
            ps.setString(4, commit);
            ps.setString(5, Timestamps.format(now));
            ps.setString(6, how);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
        tx.run("DELETE FROM anchor_targets WHERE anchor_id = ?1", ps -> {
            ps.setLong(1, id);
            ps.executeUpdate();
        });
        tx.run("INSERT INTO anchor_targets(anchor_id, path, blob, decl, decl_hash, named_as) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                ps -> {
                    for (NewTarget t : targets) {
                        ps.setLong(1, id);
                        ps.setString(2, t.path());
                        ps.setString(3, t.blob());
                        ps.setString(4, t.decl());
                        ps.setString(5, t.declHash());
                        ps.setString(6, t.namedAs());
                        ps.addBatch();
                    }
                    ps.executeBatch();
                });
        return id;
    }

    public Optional<Anchor> find(Tx tx, String recordKind, long recordId) {
        Map<Long, Anchor> found = anchors(tx, "SELECT " + COLUMNS + " FROM anchors WHERE record_kind = ?1 AND record_id = ?2",
                ps -> {
                    ps.setString(1, recordKind);
                    ps.setLong(2, recordId);
                });
        return found.values().stream().findFirst();
    }

    /** The anchors of these records of one kind (those that have one), with their targets: two indexed queries. */
    public List<Anchor> forRecords(Tx tx, String recordKind, Collection<Long> recordIds) {
        if (recordIds.isEmpty()) {
            return List.of();
        }
        String ids = recordIds.stream().map(String::valueOf).collect(Collectors.joining(","));
        // the ids are longs the caller holds, joined as numbers: nothing of a user's text reaches this SQL
        return List.copyOf(anchors(tx, "SELECT " + COLUMNS + " FROM anchors WHERE record_kind = ?1 AND record_id IN (" + ids
                + ")", ps -> ps.setString(1, recordKind)).values());
    }

    /** Every anchor of a project's live records (memories not forgotten, summaries) that names a target. */
    public List<Anchor> ofProject(Tx tx, String project) {
        return List.copyOf(anchors(tx, "SELECT " + COLUMNS.replaceAll("(\\w+)", "a.$1") + """
                 FROM anchors a
                WHERE a.project = ?1 AND EXISTS (SELECT 1 FROM anchor_targets t WHERE t.anchor_id = a.id)
                  AND (a.record_kind = 'summary'
                       OR EXISTS (SELECT 1 FROM memories m WHERE m.id = a.record_id AND m.deleted_at IS NULL))
                ORDER BY a.id
                """, ps -> ps.setString(1, project)).values());
    }

    /** Whether any record of the project holds an anchor that names a target: only then is there anything to check. */
    public boolean anyIn(Tx tx, String project) {
        return tx.call("SELECT 1 FROM anchors a WHERE a.project = ?1 AND EXISTS (SELECT 1 FROM anchor_targets t"
                + " WHERE t.anchor_id = a.id) LIMIT 1", ps -> {
                    ps.setString(1, project);
                    try (var rs = ps.executeQuery()) {
                        return rs.next();
                    }
                });
    }

    /** Stores what git said about one target at {@code seen.head()}. */
    public void saw(Tx tx, long anchorId, String path, String decl, Seen seen) {
        tx.run("""
                UPDATE anchor_targets SET seen_head = ?4, seen_commits = ?5, seen_newest = ?6, seen_subject = ?7,
                    seen_deleted = ?8
                WHERE anchor_id = ?1 AND path = ?2 AND decl IS ?3
                """, ps -> {
            ps.setLong(1, anchorId);
            ps.setString(2, path);
            ps.setString(3, decl);
            ps.setString(4, seen.head());
            if (seen.commits() == null) {
                ps.setNull(5, Types.INTEGER);
            } else {
                ps.setInt(5, seen.commits());
            }
            ps.setString(6, seen.newest());
            ps.setString(7, seen.subject());
            ps.setInt(8, seen.deleted() ? 1 : 0);
            ps.executeUpdate();
        });
    }

    /** A target's file was renamed: the anchor follows it (every target row of that file), keeping the old name once. */
    public void follow(Tx tx, long anchorId, String from, String to) {
        tx.run("""
                UPDATE anchor_targets SET moved_from = COALESCE(moved_from, path), path = ?3, seen_head = NULL
                WHERE anchor_id = ?1 AND path = ?2
                """, ps -> {
            ps.setLong(1, anchorId);
            ps.setString(2, from);
            ps.setString(3, to);
            ps.executeUpdate();
        });
    }

    /** The re-verification job looked at the file's content {@code blob} and could not decide: not again until it changes. */
    public void reviewed(Tx tx, long anchorId, String path, String blob) {
        tx.run("UPDATE anchor_targets SET reviewed_blob = ?3 WHERE anchor_id = ?1 AND path = ?2", ps -> {
            ps.setLong(1, anchorId);
            ps.setString(2, path);
            ps.setString(3, blob);
            ps.executeUpdate();
        });
    }

    /** A model's verdict that the change since the anchor contradicts the record. */
    public void contradicted(Tx tx, long anchorId, String reason, String by, Instant now) {
        tx.run("UPDATE anchors SET verdict = 'contradicted', verdict_reason = ?2, verdict_by = ?3, verdict_at = ?4 WHERE id = ?1",
                ps -> {
                    ps.setLong(1, anchorId);
                    ps.setString(2, reason);
                    ps.setString(3, by);
                    ps.setString(4, Timestamps.format(now));
                    ps.executeUpdate();
                });
    }

    @FunctionalInterface
    private interface Binder {
        void bind(java.sql.PreparedStatement ps) throws SQLException;
    }

    private static Map<Long, Anchor> anchors(Tx tx, String sql, Binder binder) {
        record Head(long id, String kind, long recordId, String project, String commit, String at, String how,
                String verdict, String reason, String by, String verdictAt) {
        }
        List<Head> heads = tx.call(sql, ps -> {
            binder.bind(ps);
            List<Head> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Head(rs.getLong(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5),
                            rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9), rs.getString(10),
                            rs.getString(11)));
                }
            }
            return out;
        });
        Map<Long, List<Target>> targets = targets(tx, heads.stream().map(Head::id).toList());
        Map<Long, Anchor> out = new LinkedHashMap<>();
        for (Head h : heads) {
            out.put(h.id(), new Anchor(h.id(), h.kind(), h.recordId(), h.project(), h.commit(), h.at(), h.how(), h.verdict(),
                    h.reason(), h.by(), h.verdictAt(), targets.getOrDefault(h.id(), List.of())));
        }
        return out;
    }

    private static Map<Long, List<Target>> targets(Tx tx, List<Long> anchorIds) {
        Map<Long, List<Target>> out = new LinkedHashMap<>();
        if (anchorIds.isEmpty()) {
            return out;
        }
        String ids = anchorIds.stream().map(String::valueOf).collect(Collectors.joining(","));
        return tx.call("""
                SELECT anchor_id, path, blob, decl, decl_hash, moved_from, seen_head, seen_commits, seen_newest, seen_subject,
                       seen_deleted, reviewed_blob, named_as
                FROM anchor_targets WHERE anchor_id IN (""" + ids + ") ORDER BY anchor_id, rowid", ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Integer commits = rs.getObject(8) == null ? null : rs.getInt(8);
                    Seen seen = rs.getString(7) == null ? null
                            : new Seen(rs.getString(7), commits, rs.getString(9), rs.getString(10), rs.getInt(11) == 1);
                    out.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(new Target(rs.getString(2), rs.getString(3),
                            rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(13), seen, rs.getString(12)));
                }
            }
            return out;
        });
    }
}
