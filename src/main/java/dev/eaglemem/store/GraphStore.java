package dev.eaglemem.store;

import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Singleton;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Reads of the code graph (V9) and of the project's own knowledge wired onto it: the sessions that read or
 * modified a file (observations), and the memories that name it. Calls are matched to declarations by name here,
 * when read, so an edit of either side never leaves a stale edge.
 */
@Singleton
public final class GraphStore {

    /** A declaration: a graph node. */
    @RegisterForReflection
    public record Symbol(String path, String name, String qualified, String kind, int startLine, int endLine) {
    }

    /** An edge seen from one end: the other end's file, the declaration there (if any: a call's caller), the kind and its line. */
    @RegisterForReflection
    public record Link(String kind, String path, String declaration, String target, int line) {
    }

    /** A session that touched a file, with how often it read and modified it. */
    @RegisterForReflection
    public record Touch(String sessionId, String agent, String startedAt, int reads, int edits) {
    }

    /** A memory that names a file or a declaration. */
    @RegisterForReflection
    public record Mention(long id, String kind, String title, String updatedAt) {
    }

    /** A node with how many edges point at it (most imported files, most called declarations). */
    @RegisterForReflection
    public record Ranked(String name, String path, long count) {
    }

    public List<Symbol> symbolsNamed(Tx tx, String project, String term, int limit) {
        return symbols(tx, """
                SELECT f.path, s.name, s.qualified, s.kind, s.start_line, s.end_line
                FROM code_symbols s JOIN code_files f ON f.id = s.file_id
                WHERE s.project = ?1 AND (s.name LIKE ?3 ESCAPE '\\' OR s.qualified LIKE ?3 ESCAPE '\\')
                ORDER BY (s.name = ?2 OR s.qualified = ?2) DESC, length(s.qualified), f.path LIMIT ?4
                """, project, term, "%" + like(term) + "%", limit);
    }

    /** Declarations whose name or qualified name is exactly {@code name}. */
    public List<Symbol> symbolsExactly(Tx tx, String project, String name, int limit) {
        return symbols(tx, """
                SELECT f.path, s.name, s.qualified, s.kind, s.start_line, s.end_line
                FROM code_symbols s JOIN code_files f ON f.id = s.file_id
                WHERE s.project = ?1 AND (s.qualified = ?2 OR s.name = ?2)
                ORDER BY f.path, s.start_line LIMIT ?3
                """, project, name, null, limit);
    }

    public List<Symbol> declaredIn(Tx tx, String project, String path, int limit) {
        return symbols(tx, """
                SELECT f.path, s.name, s.qualified, s.kind, s.start_line, s.end_line
                FROM code_symbols s JOIN code_files f ON f.id = s.file_id
                WHERE s.project = ?1 AND f.path = ?2 ORDER BY s.start_line LIMIT ?3
                """, project, path, null, limit);
    }

    /** ?1 project, ?2 {@code key}, then ?3 {@code pattern} when given; the limit is the last parameter. */
    private static List<Symbol> symbols(Tx tx, String sql, String project, String key, String pattern, int limit) {
        return tx.call(sql, ps -> {
            ps.setString(1, project);
            ps.setString(2, key);
            if (pattern != null) {
                ps.setString(3, pattern);
            }
            ps.setInt(pattern != null ? 4 : 3, limit);
            List<Symbol> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Symbol(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
                            rs.getInt(6)));
                }
            }
            return out;
        });
    }

    /** Indexed paths equal to {@code term} or containing it (a file name, a directory). */
    public List<String> pathsLike(Tx tx, String project, String term, int limit) {
        return tx.call("""
                SELECT path FROM code_files WHERE project = ?1 AND path LIKE ?2 ESCAPE '\\'
                ORDER BY (path = ?3) DESC, (path LIKE ?4 ESCAPE '\\') DESC, length(path), path LIMIT ?5
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, "%" + like(term) + "%");
            ps.setString(3, term);
            ps.setString(4, "%/" + like(term));
            ps.setInt(5, limit);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }

    /** The imports a file makes (kind imports; path = the project file it resolves to, or null). */
    public List<Link> importsOf(Tx tx, String project, String path, int limit) {
        return links(tx, """
                SELECT 'imports', e.to_path, NULL, e.target, e.line FROM code_edges e JOIN code_files f ON f.id = e.file_id
                WHERE e.project = ?1 AND f.path = ?2 AND e.kind = 'imports' ORDER BY e.line LIMIT ?3
                """, project, path, limit);
    }

    /** The files that import {@code path}. */
    public List<Link> importersOf(Tx tx, String project, String path, int limit) {
        return links(tx, """
                SELECT 'imported_by', f.path, NULL, e.target, e.line FROM code_edges e JOIN code_files f ON f.id = e.file_id
                WHERE e.project = ?1 AND e.to_path = ?2 AND e.kind = 'imports' ORDER BY f.path LIMIT ?3
                """, project, path, limit);
    }

    /**
     * Where the declaration {@code name} of {@code path} is called from. Calls are recorded by name, so a call counts
     * unless the calling file clearly means another declaration of that name: its own, or one in a file it imports
     * when it does not import {@code path}.
     */
    public List<Link> callersOf(Tx tx, String project, String name, String path, int limit) {
        return tx.call(
                """
                        SELECT 'called_by', f.path, e.from_symbol, e.target, e.line FROM code_edges e JOIN code_files f ON f.id = e.file_id
                        WHERE e.project = ?1 AND e.kind = 'calls' AND e.target = ?2
                          AND (f.path = ?3 OR NOT (
                              EXISTS (SELECT 1 FROM code_symbols own WHERE own.file_id = e.file_id AND own.name = ?2)
                              OR (EXISTS (SELECT 1 FROM code_edges ie JOIN code_files tf ON tf.path = ie.to_path AND tf.project = ?1
                                          JOIN code_symbols ts ON ts.file_id = tf.id AND ts.name = ?2
                                          WHERE ie.file_id = e.file_id AND ie.kind = 'imports' AND ie.to_path <> ?3)
                                  AND NOT EXISTS (SELECT 1 FROM code_edges ie WHERE ie.file_id = e.file_id AND ie.kind = 'imports'
                                                  AND ie.to_path = ?3))))
                        ORDER BY f.path, e.line LIMIT ?4
                        """,
                ps -> {
                    ps.setString(1, project);
                    ps.setString(2, name);
                    ps.setString(3, path);
                    ps.setInt(4, limit);
                    return readLinks(ps.executeQuery());
                });
    }

    /**
     * What the declaration {@code qualified} in {@code path} calls, resolved to project declarations where one exists:
     * one of the same file first, then one in a file {@code path} imports, then any (by path, so the answer is stable).
     */
    public List<Link> calleesOf(Tx tx, String project, String path, String qualified, int limit) {
        return tx.call("""
                SELECT 'calls', (SELECT tf.path FROM code_symbols ts JOIN code_files tf ON tf.id = ts.file_id
                                 WHERE ts.project = ?1 AND ts.name = e.target
                                 ORDER BY tf.path = ?2 DESC,
                                          EXISTS (SELECT 1 FROM code_edges ie WHERE ie.file_id = e.file_id
                                                  AND ie.kind = 'imports' AND ie.to_path = tf.path) DESC,
                                          tf.path
                                 LIMIT 1),
                       e.from_symbol, e.target, e.line
                FROM code_edges e JOIN code_files f ON f.id = e.file_id
                WHERE e.project = ?1 AND f.path = ?2 AND e.kind = 'calls' AND e.from_symbol = ?3
                  AND EXISTS (SELECT 1 FROM code_symbols ts WHERE ts.project = ?1 AND ts.name = e.target)
                ORDER BY e.line LIMIT ?4
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, path);
            ps.setString(3, qualified);
            ps.setInt(4, limit);
            return readLinks(ps.executeQuery());
        });
    }

    private static List<Link> links(Tx tx, String sql, String project, String key, int limit) {
        return tx.call(sql, ps -> {
            ps.setString(1, project);
            ps.setString(2, key);
            ps.setInt(3, limit);
            return readLinks(ps.executeQuery());
        });
    }

    private static List<Link> readLinks(ResultSet rs) throws java.sql.SQLException {
        List<Link> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                out.add(new Link(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5)));
            }
        }
        return out;
    }

    /** Sessions whose tool calls read or modified {@code path} (project-relative, as observations store it). */
    public List<Touch> sessionsTouching(Tx tx, String project, String path, int limit) {
        return tx.call("""
                SELECT o.session_id, s.agent, s.started_at,
                       sum(EXISTS (SELECT 1 FROM json_each(o.files_read) WHERE value = ?2)),
                       sum(EXISTS (SELECT 1 FROM json_each(o.files_modified) WHERE value = ?2))
                FROM observations o JOIN sessions s ON s.id = o.session_id
                WHERE o.project = ?1 AND (EXISTS (SELECT 1 FROM json_each(o.files_read) WHERE value = ?2)
                      OR EXISTS (SELECT 1 FROM json_each(o.files_modified) WHERE value = ?2))
                GROUP BY o.session_id ORDER BY s.started_at DESC LIMIT ?3
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, path);
            ps.setInt(3, limit);
            List<Touch> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Touch(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getInt(5)));
                }
            }
            return out;
        });
    }

    /** Live memories of the project whose text contains {@code needle} (a path or a declaration name). */
    public List<Mention> memoriesMentioning(Tx tx, String project, String needle, int limit) {
        return tx.call("""
                SELECT id, kind, title, updated_at FROM memories
                WHERE deleted_at IS NULL AND (project = ?1 OR scope = 'personal')
                  AND (instr(title, ?2) > 0 OR instr(content, ?2) > 0)
                ORDER BY updated_at DESC LIMIT ?3
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, needle);
            ps.setInt(3, limit);
            List<Mention> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Mention(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)));
                }
            }
            return out;
        });
    }

    /** The files most imported by other project files. */
    public List<Ranked> mostImported(Tx tx, String project, int limit) {
        return ranked(tx, """
                SELECT to_path, to_path, count(DISTINCT file_id) AS n FROM code_edges
                WHERE project = ?1 AND kind = 'imports' AND to_path IS NOT NULL
                GROUP BY to_path ORDER BY n DESC, to_path LIMIT ?2
                """, project, limit);
    }

    /** The project's declarations called from the most places (matched by name). */
    public List<Ranked> mostCalled(Tx tx, String project, int limit) {
        return ranked(tx, """
                SELECT e.target, (SELECT f.path FROM code_symbols s JOIN code_files f ON f.id = s.file_id
                                  WHERE s.project = ?1 AND s.name = e.target ORDER BY f.path LIMIT 1),
                       count(*) AS n
                FROM code_edges e WHERE e.project = ?1 AND e.kind = 'calls'
                  AND EXISTS (SELECT 1 FROM code_symbols s WHERE s.project = ?1 AND s.name = e.target)
                GROUP BY e.target ORDER BY n DESC, e.target LIMIT ?2
                """, project, limit);
    }

    private static List<Ranked> ranked(Tx tx, String sql, String project, int limit) {
        return tx.call(sql, ps -> {
            ps.setString(1, project);
            ps.setInt(2, limit);
            List<Ranked> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Ranked(rs.getString(1), rs.getString(2), rs.getLong(3)));
                }
            }
            return out;
        });
    }

    /** How many indexed files some session read or modified. */
    public long filesTouchedBySessions(Tx tx, String project) {
        return tx.call("""
                SELECT count(*) FROM code_files f WHERE f.project = ?1 AND f.path IN (
                    SELECT r.value FROM observations o, json_each(o.files_read) r WHERE o.project = ?1
                    UNION SELECT m.value FROM observations o, json_each(o.files_modified) m WHERE o.project = ?1)
                """, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }

    private static String like(String term) {
        return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
