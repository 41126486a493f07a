package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Reads and writes the rows of the export format ({@link PortableType}) as JSON objects. A row's stable id is
 * made of what never changes about it — its natural key, or its owner and creation time plus its position
 * among rows created in the same millisecond — so the same row has the same id in every store it is copied to.
 */
@Singleton
public final class PortableStore {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String FEATURE_ID = "f.project || '/' || f.name || '@' || f.created_at";

    /**
     * Which rows: {@code projects} null for all; {@code since} (a timestamp) null for any age; {@code personal}
     * adds personal memories that belong to no project to a project scope.
     */
    public record Scope(List<String> projects, String since, boolean personal) {

        public static final Scope ALL = new Scope(null, null, true);
    }

    /**
     * A record the database refused (a CHECK, NOT NULL or foreign key): the record's fault, so the import names
     * its line; the message is SQLite's ("CHECK constraint failed: kind IN (…)").
     */
    public static final class Rejected extends RuntimeException {

        private static final long serialVersionUID = 1L;

        Rejected(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** One row: its rowid in this store, its stable id and its record (fields only, no type or id). */
    public record Row(long rowid, String id, ObjectNode record) {
    }

    /**
     * Every row of a type in the scope, oldest first (memories: in rowid order). Sessions, projects and
     * features ignore {@code since}: the records that refer to them must find them.
     */
    public void read(Tx tx, PortableType type, Scope scope, Consumer<Row> sink) {
        List<Object> params = new ArrayList<>();
        String sql = select(type, scope, params);
        if (type == PortableType.MEMORY) {
            readMemories(tx, sql, params, sink);
            return;
        }
        tx.run(sql, ps -> {
            bind(ps, params);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ObjectNode record = record(type, rs);
                    Row row = new Row(rs.getLong("_rowid"), stableId(type, record, rs.getLong("_ord")), record);
                    if (type == PortableType.FEATURE) {
                        children(tx, row.rowid(), record);
                    }
                    sink.accept(row);
                }
            }
        });
    }

    /** The rows of a type in the scope by stable id (for matching an import against this store). */
    public Map<String, Row> index(Tx tx, PortableType type, Scope scope) {
        Map<String, Row> rows = new HashMap<>();
        read(tx, type, scope, row -> rows.put(row.id(), row));
        return rows;
    }

    /** A session's observations or prompts by stable id: the big tables are matched one session at a time. */
    public Map<String, Row> ofSession(Tx tx, PortableType type, String sessionId) {
        Map<String, Row> rows = new HashMap<>();
        tx.run(select(type, "t.session_id = ?"), ps -> {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ObjectNode record = record(type, rs);
                    String id = stableId(type, record, rs.getLong("_ord"));
                    rows.put(id, new Row(rs.getLong("_rowid"), id, record));
                }
            }
        });
        return rows;
    }

    /**
     * Inserts a record; {@code features} resolves a feature's stable id to its rowid here. A memory's
     * superseded_by is written later ({@link #supersede}), once every memory of the file exists. Empty when a
     * row with the same unique key (another live memory on the topic, an active feature of that name) is
     * already here: nothing is written then.
     */
    public Optional<Long> insert(Tx tx, PortableType type, JsonNode record, Function<String, Long> features) {
        List<String> columns = writable(type, record);
        String sql = "INSERT INTO " + type.table() + " (" + String.join(", ", columns) + ") VALUES ("
                + String.join(", ", columns.stream().map(c -> "?").toList()) + ")";
        return unique(tx, () -> tx.call(sql, ps -> {
            bindRecord(ps, columns, record, features);
            ps.executeUpdate();
            return lastRowid(tx);
        })).map(rowid -> {
            if (type == PortableType.FEATURE) {
                writeChildren(tx, rowid, record);
            }
            return rowid;
        });
    }

    /** Replaces a row's fields with the record's; false when that would break a unique key (nothing written). */
    public boolean update(Tx tx, PortableType type, long rowid, JsonNode record, Function<String, Long> features) {
        List<String> columns = writable(type, record);
        String sql = "UPDATE " + type.table() + " SET " + String.join(", ", columns.stream().map(c -> c + " = ?").toList())
                + " WHERE rowid = ?";
        boolean done = unique(tx, () -> tx.call(sql, ps -> {
            bindRecord(ps, columns, record, features);
            ps.setLong(columns.size() + 1, rowid);
            return ps.executeUpdate();
        })).isPresent();
        if (done && type == PortableType.FEATURE) {
            for (String table : List.of("feature_files", "feature_dependencies", "feature_smoke_tests")) {
                tx.run("DELETE FROM " + table + " WHERE feature_id = ?", ps -> {
                    ps.setLong(1, rowid);
                    ps.executeUpdate();
                });
            }
            writeChildren(tx, rowid, record);
        }
        return done;
    }

    public void supersede(Tx tx, long memory, Long by) {
        tx.run("UPDATE memories SET superseded_by = ? WHERE id = ?", ps -> {
            if (by == null) {
                ps.setNull(1, java.sql.Types.INTEGER);
            } else {
                ps.setLong(1, by);
            }
            ps.setLong(2, memory);
            ps.executeUpdate();
        });
    }

    /** A session's last_activity_at (an observation's insert trigger moves it; an import puts it back). */
    public Optional<String> sessionActivity(Tx tx, String session) {
        return tx.call("SELECT last_activity_at FROM sessions WHERE id = ?", ps -> {
            ps.setString(1, session);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        });
    }

    public void setSessionActivity(Tx tx, String session, String at) {
        tx.run("UPDATE sessions SET last_activity_at = ? WHERE id = ?", ps -> {
            ps.setString(1, at);
            ps.setString(2, session);
            ps.executeUpdate();
        });
    }

    /** True when the project key exists here. */
    public boolean projectExists(Tx tx, String key) {
        return tx.call("SELECT 1 FROM projects WHERE key = ?", ps -> {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        });
    }

    public List<String> projectKeys(Tx tx) {
        return tx.call("SELECT key FROM projects ORDER BY key", ps -> {
            List<String> keys = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    keys.add(rs.getString(1));
                }
            }
            return keys;
        });
    }

    // --- reading

    private static String select(PortableType type, String where) {
        StringBuilder sql = new StringBuilder("SELECT t.rowid AS _rowid");
        for (String c : type.columns()) {
            sql.append(", ").append(c.equals("feature_id") ? FEATURE_ID + " AS feature" : "t." + c);
        }
        sql.append(", ").append(ordinal(type)).append(" AS _ord FROM ").append(type.table()).append(" t");
        if (type.columns().contains("feature_id")) {
            sql.append(" JOIN features f ON f.id = t.feature_id");
        }
        if (!where.isEmpty()) {
            sql.append(" WHERE ").append(where);
        }
        return sql.append(" ORDER BY t.rowid").toString();
    }

    /** Position among rows created in the same millisecond by the same owner (0 for types with a natural key). */
    private static String ordinal(PortableType type) {
        String partition = switch (type) {
            case MEMORY, GUARD_RULE, COMMAND_RULE -> "t.project, t.created_at";
            case OBSERVATION, PROMPT, TURN_MESSAGE -> "t.session_id, t.created_at";
            case CHECK -> "t.feature_id, t.file, t.created_at";
            case VERIFICATION -> "t.feature_id, t.verified_at";
            default -> null;
        };
        return partition == null ? "0" : "row_number() OVER (PARTITION BY " + partition + " ORDER BY t.rowid) - 1";
    }

    /**
     * The rows of a scope. A row's ordinal counts every row of its owner created in the same millisecond, not just
     * those changed since: the since condition filters the numbered rows, so a row has the same stable id in a full
     * export and in an incremental one (else it would be taken for its sibling there and overwrite it).
     */
    private static String select(PortableType type, Scope scope, List<Object> params) {
        String owners = owners(type, scope, params);
        String since = since(type, scope, params);
        String sql = select(type, owners);
        return since.isEmpty() ? sql : "SELECT * FROM (" + sql + ") WHERE " + since + " ORDER BY _rowid";
    }

    private static String owners(PortableType type, Scope scope, List<Object> params) {
        if (scope.projects() != null) {
            String in = String.join(", ", scope.projects().stream().map(p -> "?").toList());
            String column = switch (type) {
                case PROJECT -> "t.key";
                case VERIFICATION -> "f.project";
                default -> "t.project";
            };
            String personal = type == PortableType.MEMORY && scope.personal() ? " OR t.project IS NULL" : "";
            params.addAll(scope.projects());
            return "(" + column + " IN (" + in + ")" + personal + ")";
        }
        return "";
    }

    /** The since condition on the columns of {@link #select(PortableType, String)}'s rows (no table prefix). */
    private static String since(PortableType type, Scope scope, List<Object> params) {
        if (scope.since() != null && type.sinceColumn() != null
                && type != PortableType.PROJECT && type != PortableType.SESSION && type != PortableType.FEATURE) {
            // a record changed since (a rule removed, a check resolved) is news even when it was created before
            String version = type.version();
            params.add(scope.since());
            if (version != null && !version.equals(type.sinceColumn())) {
                params.add(scope.since());
                return "(" + type.sinceColumn() + " >= ? OR " + version + " >= ?)";
            }
            return type.sinceColumn() + " >= ?";
        }
        return "";
    }

    private void readMemories(Tx tx, String sql, List<Object> params, Consumer<Row> sink) {
        // superseded_by names a memory by its stable id, which is known once every memory has been read
        List<Row> rows = new ArrayList<>();
        Map<Long, String> ids = new HashMap<>();
        tx.run(sql, ps -> {
            bind(ps, params);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ObjectNode record = record(PortableType.MEMORY, rs);
                    Row row = new Row(rs.getLong("_rowid"), stableId(PortableType.MEMORY, record, rs.getLong("_ord")), record);
                    ids.put(row.rowid(), row.id());
                    rows.add(row);
                }
            }
        });
        for (Row row : rows) {
            JsonNode by = row.record().get("superseded_by");
            if (by != null && !by.isNull()) {
                String target = ids.get(by.asLong());
                row.record().put("superseded_by", target != null ? target : memoryIdOf(tx, by.asLong()));
            }
            sink.accept(row);
        }
    }

    /** The stable id of a memory outside the scope read (a project's memory superseded by a personal one). */
    private String memoryIdOf(Tx tx, long rowid) {
        Map<String, Row> found = new LinkedHashMap<>();
        tx.run(select(PortableType.MEMORY, "t.project IS (SELECT project FROM memories WHERE id = ?)"), ps -> {
            ps.setLong(1, rowid);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getLong("_rowid") == rowid) {
                        ObjectNode record = record(PortableType.MEMORY, rs);
                        found.put("", new Row(rowid, stableId(PortableType.MEMORY, record, rs.getLong("_ord")), record));
                    }
                }
            }
        });
        return found.isEmpty() ? null : found.get("").id();
    }

    private static ObjectNode record(PortableType type, ResultSet rs) throws SQLException {
        ObjectNode record = NODES.objectNode();
        ResultSetMetaData meta = rs.getMetaData();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            String name = meta.getColumnLabel(i);
            if (name.startsWith("_")) {
                continue;
            }
            Object value = rs.getObject(i);
            switch (value) {
                case null -> record.putNull(name);
                case Integer n -> record.put(name, n.longValue());
                case Long n -> record.put(name, n);
                case Double d -> record.put(name, d);
                default -> record.put(name, value.toString());
            }
        }
        return record;
    }

    /** The stable id (see the class comment and docs/export-format.md). */
    static String stableId(PortableType type, JsonNode r, long ord) {
        return switch (type) {
            case PROJECT -> r.path("key").asText();
            case SESSION -> r.path("id").asText();
            case SUMMARY -> r.path("session_id").asText();
            case OVERVIEW -> r.path("project").asText();
            case FEATURE -> r.path("project").asText() + "/" + r.path("name").asText() + "@" + r.path("created_at").asText();
            case MEMORY, GUARD_RULE, COMMAND_RULE -> (r.path("project").isNull() ? "~" : r.path("project").asText()) + "@"
                    + r.path("created_at").asText() + "#" + ord;
            case OBSERVATION, PROMPT,
                    TURN_MESSAGE -> r.path("session_id").asText() + "@" + r.path("created_at").asText() + "#" + ord;
            case CHECK -> r.path("feature").asText() + "/" + r.path("file").asText() + "@" + r.path("created_at").asText()
                    + "#" + ord;
            case VERIFICATION -> r.path("feature").asText() + "@" + r.path("verified_at").asText() + "#" + ord;
        };
    }

    private static void children(Tx tx, long feature, ObjectNode record) {
        record.set("files", strings(tx, "SELECT pattern FROM feature_files WHERE feature_id = ? ORDER BY pattern", feature));
        record.set("depends_on", strings(tx,
                "SELECT depends_on FROM feature_dependencies WHERE feature_id = ? ORDER BY depends_on", feature));
        record.set("smoke_tests", strings(tx, "SELECT command FROM feature_smoke_tests WHERE feature_id = ? ORDER BY ord",
                feature));
    }

    private static ArrayNode strings(Tx tx, String sql, long feature) {
        return tx.call(sql, ps -> {
            ps.setLong(1, feature);
            ArrayNode out = NODES.arrayNode();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }

    // --- writing

    private static List<String> writable(PortableType type, JsonNode record) {
        // superseded_by is written after all memories exist (it may name a later one); a field an older file does
        // not carry is left to the column's default (insert) or as it is (update)
        return type.columns().stream().filter(c -> !c.equals("superseded_by") && record.has(PortableType.field(c)))
                .toList();
    }

    private static void bindRecord(PreparedStatement ps, List<String> columns, JsonNode record,
            Function<String, Long> features) throws SQLException {
        for (int i = 0; i < columns.size(); i++) {
            String column = columns.get(i);
            JsonNode value = record.get(PortableType.field(column));
            if (column.equals("feature_id")) {
                Long rowid = value == null || value.isNull() ? null : features.apply(value.asText());
                if (rowid == null) {
                    throw new SQLiteException("FOREIGN KEY constraint failed (feature " + value + " is not here)",
                            SQLiteErrorCode.SQLITE_CONSTRAINT_FOREIGNKEY);
                }
                ps.setLong(i + 1, rowid);
            } else if (value == null || value.isNull()) {
                ps.setObject(i + 1, null);
            } else if (value.isIntegralNumber()) {
                ps.setLong(i + 1, value.asLong());
            } else if (value.isNumber()) {
                ps.setDouble(i + 1, value.asDouble());
            } else {
                ps.setString(i + 1, value.isTextual() ? value.asText() : value.toString());
            }
        }
    }

    private static void writeChildren(Tx tx, long feature, JsonNode record) {
        for (JsonNode pattern : record.path("files")) {
            tx.run("INSERT INTO feature_files (feature_id, pattern) VALUES (?, ?)", ps -> {
                ps.setLong(1, feature);
                ps.setString(2, pattern.asText());
                ps.executeUpdate();
            });
        }
        for (JsonNode name : record.path("depends_on")) {
            tx.run("INSERT INTO feature_dependencies (feature_id, depends_on) VALUES (?, ?)", ps -> {
                ps.setLong(1, feature);
                ps.setString(2, name.asText());
                ps.executeUpdate();
            });
        }
        int ord = 0;
        for (JsonNode command : record.path("smoke_tests")) {
            int o = ord++;
            tx.run("INSERT INTO feature_smoke_tests (feature_id, ord, command) VALUES (?, ?, ?)", ps -> {
                ps.setLong(1, feature);
                ps.setInt(2, o);
                ps.setString(3, command.asText());
                ps.executeUpdate();
            });
        }
    }

    private static long lastRowid(Tx tx) throws SQLException {
        try (var st = tx.connection().createStatement(); ResultSet rs = st.executeQuery("SELECT last_insert_rowid()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @FunctionalInterface
    private interface Write<T> {
        T run();
    }

    /**
     * Runs one write under a savepoint: a UNIQUE violation undoes just this write and yields empty; any other
     * failure (a CHECK, NOT NULL or foreign key) is the file's fault and ends the import.
     */
    private static <T> Optional<T> unique(Tx tx, Write<T> write) {
        Savepoint point;
        try {
            point = tx.connection().setSavepoint();
        } catch (SQLException e) {
            throw new StoreException(e);
        }
        try {
            T result = write.run();
            tx.connection().releaseSavepoint(point);
            return Optional.of(result);
        } catch (StoreException e) {
            try {
                tx.connection().rollback(point);
                tx.connection().releaseSavepoint(point);
            } catch (SQLException undo) {
                e.addSuppressed(undo);
            }
            String message = String.valueOf(e.sql().getMessage());
            if (message.contains("UNIQUE constraint failed") || message.contains("PRIMARYKEY")) {
                return Optional.empty();
            }
            if (message.contains("constraint failed")) {
                throw new Rejected(message.replaceFirst("^\\[SQLITE_CONSTRAINT[A-Z_]*\\]\\s*", ""), e);
            }
            throw e;
        } catch (SQLException e) {
            throw new StoreException(e);
        }
    }

    private static void bind(PreparedStatement ps, List<Object> params) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            ps.setObject(i + 1, params.get(i));
        }
    }
}
