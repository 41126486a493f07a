package dev.eaglemem.portable;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Test helpers: plain JDBC on a store file, to seed it and to compare whole tables between stores. */
final class Stores {

    /** Tables an export leaves out on purpose: derived (indexes, vectors, code index) or bookkeeping. */
    static final Set<String> NOT_EXPORTED = Set.of("flyway_schema_history", "sqlite_sequence", "events", "recall_events",
            "jobs", "applied_events", "embeddings", "code_files", "code_chunks", "code_symbols", "code_edges",
            "llm_usage", "file_hints",
            // they name this store's row and job ids (docs/export-format.md)
            "curation_proposals", "summary_enrichments",
            // model-written search cues: derived, rewritten by the cue-memories job (and they name job ids)
            "memory_cues",
            // the commit and blobs a record was written against name this store's record ids; not carried (yet)
            "anchors", "anchor_targets",
            // tasks and their notes name this store's task ids (parents) and sessions; not carried (yet)
            "tasks", "task_notes",
            // a session's compaction checkpoint: a snapshot of records the export carries (prompts, turn messages,
            // observations, memories), only worth anything to the session that took it
            "checkpoints",
            // which note memory mirrors which file of an agent's folder: paths of this machine, rebuilt by memories sync
            "agent_notes",
            // orchestration lanes name this machine's worktrees, run directories and process ids; not carried
            "orchestrations", "lanes", "lane_attempts",
            // this store's link to a team database and what it exchanged there (the records themselves are exported)
            "team_link", "team_projects", "team_records", "team_conflicts");

    /** Columns an export leaves out on purpose: this store's job and curation bookkeeping. */
    static final Set<String> NOT_EXPORTED_COLUMNS = Set.of("job_id", "proposal_id");

    private Stores() {
    }

    static Connection open(Path file) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        try (Statement st = c.createStatement()) {
            st.execute("PRAGMA foreign_keys = ON");
        }
        return c;
    }

    static void exec(Path file, String sql) throws SQLException {
        try (Connection c = open(file); Statement st = c.createStatement()) {
            st.executeUpdate(sql);
        }
    }

    /** The ordinary tables of a store (not FTS shadow tables or views). */
    static List<String> tables(Path file) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = open(file);
                Statement st = c.createStatement();
                ResultSet rs = st
                        .executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'"
                                + " AND name NOT LIKE '%\\_fts%' ESCAPE '\\' AND name NOT LIKE '%\\_tri%' ESCAPE '\\' ORDER BY name")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /**
     * Every row of every exported table as text, sorted, without the store's own integer ids: a reference to a
     * feature or a memory is replaced by what identifies it in any store.
     */
    static Map<String, List<String>> snapshot(Path file) throws SQLException {
        Map<String, List<String>> out = new TreeMap<>();
        try (Connection c = open(file)) {
            for (String table : tables(file)) {
                if (NOT_EXPORTED.contains(table)) {
                    continue;
                }
                List<String> rows = new ArrayList<>();
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM " + table)) {
                    var meta = rs.getMetaData();
                    while (rs.next()) {
                        StringBuilder row = new StringBuilder();
                        for (int i = 1; i <= meta.getColumnCount(); i++) {
                            String col = meta.getColumnName(i);
                            Object v = rs.getObject(i);
                            if (col.equals("id") && v instanceof Number || NOT_EXPORTED_COLUMNS.contains(col)) {
                                continue;
                            }
                            if ((col.equals("feature_id")) && v != null) {
                                v = lookup(c, "SELECT project || '/' || name || '@' || created_at FROM features WHERE id = " + v);
                            }
                            if (col.equals("superseded_by") && v != null) {
                                v = lookup(c,
                                        "SELECT project || '@' || created_at || ':' || title FROM memories WHERE id = " + v);
                            }
                            row.append(col).append('=').append(v).append('|');
                        }
                        rows.add(row.toString());
                    }
                }
                rows.sort(null);
                out.put(table, rows);
            }
        }
        return out;
    }

    private static String lookup(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : "?";
        }
    }
}
