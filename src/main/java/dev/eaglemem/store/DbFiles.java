package dev.eaglemem.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.sqlite.SQLiteConfig;

/**
 * Whole-file work on a database outside the pool: an online backup, an integrity check of a file that may be
 * damaged, and salvage — copying what can still be read from a damaged file into a fresh one, row by row,
 * stepping over what cannot. sqlite-jdbc has no {@code .recover}, and the sqlite3 shell's (3.40 here) fails on a
 * truncated file ("SQL logic error"); this needs no sqlite3 binary and works in the native image too.
 */
public final class DbFiles {

    /** What salvage got out of one table. {@code expected} is the damaged table's row count when it could be read. */
    @RegisterForReflection
    public record Salvaged(String table, Long expected, long recovered, long orphansDropped, long unreadableRanges,
            Long unreadRowids) {

        /** Rows known to be lost, or null when the damaged table could not be counted. */
        @JsonProperty("lost")
        public Long lost() {
            return expected == null ? null : Math.max(0, expected - recovered) + orphansDropped;
        }

        /**
         * When the table could not be counted: at most this many rows were lost — the rowids the unreadable
         * ranges span (rowids are dense here: AUTOINCREMENT, gaps only where rows were deleted) plus the orphans.
         * Null when a range runs to the table's end, or nothing is known.
         */
        @JsonProperty("lost_at_most")
        public Long lostAtMost() {
            if (expected != null) {
                return lost();
            }
            return unreadRowids == null ? null : unreadRowids + orphansDropped;
        }
    }

    /** The damaged file cannot be opened or its schema read: nothing can be salvaged from it. */
    public static final class Unreadable extends RuntimeException {

        private static final long serialVersionUID = 1L;

        Unreadable(SQLException cause) {
            super(cause.getMessage(), cause);
        }
    }

    private static final int BATCH = 500;

    private DbFiles() {
    }

    /**
     * Copies the live database to {@code target} with SQLite's online backup API (a consistent snapshot, also
     * while serve writes). The target must not exist or be empty.
     */
    public static void backup(Tx tx, Path target) {
        try (Statement st = tx.connection().createStatement()) {
            // sqlite-jdbc's "backup to" takes a quoted file name, so a path with spaces works
            String name = target.toString();
            st.executeUpdate("backup to " + (name.contains("\"") ? "'" + name + "'" : "\"" + name + "\""));
        } catch (SQLException e) {
            throw new StoreException(e);
        }
    }

    /**
     * Makes a copy a self-contained file: the backup API copies the WAL mode of its source, which would leave -wal
     * and -shm files next to the backup once it is opened; a rollback journal leaves none (eagle-mem turns WAL
     * back on when it opens a restored copy).
     */
    public static void selfContained(Path file) {
        try (Connection c = open(file, false); Statement st = c.createStatement()) {
            st.execute("PRAGMA journal_mode = DELETE");
        } catch (SQLException e) {
            throw new Unreadable(e);
        }
    }

    /**
     * {@code PRAGMA quick_check} of a file (or integrity_check when {@code full}): "ok", or SQLite's
     * complaints; a file SQLite cannot even open or read gives the error it raised.
     */
    public static List<String> check(Path file, boolean full) {
        List<String> out = new ArrayList<>();
        try (Connection c = open(file, true);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(full ? "PRAGMA integrity_check" : "PRAGMA quick_check")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        } catch (SQLException e) {
            return List.of(String.valueOf(e.getMessage()));
        }
        return out;
    }

    public static boolean healthy(List<String> check) {
        return check.equals(List.of("ok"));
    }

    /**
     * Copies every readable row of {@code damaged}'s ordinary tables into {@code fresh} (already migrated, so its
     * schema is the current one; columns the damaged file lacks take their defaults), drops rows whose parent
     * was lost, and rebuilds the full-text indexes from the tables. Throws when the damaged file cannot be opened
     * or its schema cannot be read: there is nothing to salvage then.
     */
    public static List<Salvaged> salvage(Path damaged, Path fresh) {
        List<Salvaged> out = new ArrayList<>();
        try (Connection from = open(damaged, false); Connection to = open(fresh, false)) {
            try (Statement st = from.createStatement()) {
                // a truncated file (fewer pages than its header says) is refused as corrupt unless the schema is
                // writable; this is a scratch copy that is only read
                st.execute("PRAGMA writable_schema = ON");
            }
            Set<String> source;
            try {
                source = tables(from);
            } catch (SQLException e) {
                throw new Unreadable(e);
            }
            try (Statement st = to.createStatement()) {
                st.execute("PRAGMA foreign_keys = OFF");
            }
            to.setAutoCommit(false);
            for (String table : tables(to)) {
                if (table.equals("flyway_schema_history")) {
                    continue;
                }
                if (!source.contains(table)) {
                    out.add(new Salvaged(table, null, 0, 0, 1, null)); // its schema entry is gone: nothing of it can be placed
                    continue;
                }
                out.add(copy(from, to, table));
            }
            to.commit();
            List<Salvaged> withOrphans = dropOrphans(to, out);
            rebuildTextIndexes(to);
            to.commit();
            return withOrphans;
        } catch (SQLException e) {
            throw new Unreadable(e);
        }
    }

    private static Connection open(Path file, boolean readOnly) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(readOnly);
        config.setBusyTimeout(5000);
        return config.createConnection("jdbc:sqlite:" + file);
    }

    /** Ordinary tables in creation order (parents before children), without FTS shadow tables. */
    private static Set<String> tables(Connection c) throws SQLException {
        Set<String> names = new LinkedHashSet<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT name, sql FROM sqlite_master"
                        + " WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")) {
            while (rs.next()) {
                String sql = rs.getString(2);
                if (sql != null && !sql.startsWith("CREATE VIRTUAL") && !isShadow(rs.getString(1))) {
                    names.add(rs.getString(1));
                }
            }
        }
        return names;
    }

    private static boolean isShadow(String table) {
        for (String suffix : List.of("_data", "_idx", "_content", "_docsize", "_config")) {
            if (table.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    private static Salvaged copy(Connection from, Connection to, String table) throws SQLException {
        Long expected = count(from, table);
        List<String> columns = columns(to, table);
        columns.retainAll(columns(from, table));
        String list = String.join(", ", columns.stream().map(c -> "\"" + c + "\"").toList());
        String insert = "INSERT OR IGNORE INTO \"" + table + "\" (" + list + ") VALUES ("
                + String.join(", ", columns.stream().map(c -> "?").toList()) + ")";
        boolean rowid = hasRowid(from, table);
        long recovered = 0;
        long ranges = 0;
        Long unread = 0L; // rowids inside unreadable ranges; null once a range runs to the table's end
        try (PreparedStatement write = to.prepareStatement(insert)) {
            if (!rowid) {
                // WITHOUT ROWID tables (bookkeeping) are read in one pass, up to the first unreadable page
                try (Statement st = from.createStatement();
                        ResultSet rs = st.executeQuery("SELECT " + list + " FROM \"" + table + "\"")) {
                    while (rs.next()) {
                        recovered += put(write, rs, columns.size());
                    }
                } catch (SQLException e) {
                    ranges++;
                }
                return new Salvaged(table, expected, recovered, 0, ranges, ranges == 0 ? 0L : null);
            }
            long after = Long.MIN_VALUE;
            String read = "SELECT rowid, " + list + " FROM \"" + table + "\" WHERE rowid > ? ORDER BY rowid LIMIT " + BATCH;
            while (true) {
                long last = after;
                int n = 0;
                try (PreparedStatement ps = from.prepareStatement(read)) {
                    ps.setLong(1, after);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            last = rs.getLong(1);
                            recovered += put(write, rs, columns.size(), 2);
                            n++;
                        }
                    }
                } catch (SQLException e) {
                    // an unreadable page: keep what came before it, then look for the first readable rowid past it
                    ranges++;
                    Long next = nextReadable(from, table, last);
                    if (next == null) {
                        unread = null;
                        break;
                    }
                    if (unread != null) {
                        unread += next - (last == Long.MIN_VALUE ? 0 : last) - 1;
                    }
                    after = next - 1;
                    continue;
                }
                if (n < BATCH) {
                    break;
                }
                after = last;
            }
        }
        return new Salvaged(table, expected, recovered, 0, ranges, unread);
    }

    /** The first rowid past {@code last} that can be read, probing further and further ahead; null when none. */
    private static Long nextReadable(Connection from, String table, long last) {
        long start = last == Long.MIN_VALUE ? 0 : last;
        for (long step = 1; step > 0 && step < (1L << 40); step *= 2) {
            try (PreparedStatement ps = from
                    .prepareStatement("SELECT rowid FROM \"" + table + "\" WHERE rowid > ? ORDER BY rowid LIMIT 1")) {
                ps.setLong(1, start + step);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return null;
                    }
                    return rs.getLong(1);
                }
            } catch (SQLException e) {
                // still inside the damage: look further
            }
        }
        return null;
    }

    private static int put(PreparedStatement write, ResultSet rs, int columns) throws SQLException {
        return put(write, rs, columns, 1);
    }

    private static int put(PreparedStatement write, ResultSet rs, int columns, int first) throws SQLException {
        for (int i = 0; i < columns; i++) {
            write.setObject(i + 1, rs.getObject(first + i));
        }
        return write.executeUpdate();
    }

    /**
     * The table's row count: by a scan of the table, else through any of its complete (non-partial) indexes,
     * which hold one entry per row and often survive damage to the table's own pages; null when none can say.
     */
    private static Long count(Connection c, String table) {
        List<String> ways = new ArrayList<>(List.of("SELECT count(*) FROM \"" + table + "\" NOT INDEXED"));
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM pragma_index_list(?) WHERE partial = 0")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ways.add("SELECT count(*) FROM \"" + table + "\" INDEXED BY \"" + rs.getString(1) + "\"");
                }
            }
        } catch (SQLException e) {
            // no index list: the table scan is all there is
        }
        for (String sql : ways) {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                if (rs.next()) {
                    return rs.getLong(1);
                }
            } catch (SQLException e) {
                // damaged or unusable: try the next way
            }
        }
        return null;
    }

    private static List<String> columns(Connection c, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM pragma_table_info(?)")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    private static boolean hasRowid(Connection c, String table) {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT rowid FROM \"" + table + "\" LIMIT 0")) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** Rows whose parent row was lost would break every later write that checks foreign keys: drop and count them. */
    private static List<Salvaged> dropOrphans(Connection to, List<Salvaged> copied) throws SQLException {
        java.util.Map<String, Long> dropped = new java.util.HashMap<>();
        for (int round = 0; round < 10; round++) {
            List<long[]> rows = new ArrayList<>();
            List<String> tables = new ArrayList<>();
            try (Statement st = to.createStatement(); ResultSet rs = st.executeQuery("PRAGMA foreign_key_check")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                    rows.add(new long[] { rs.getLong(2) });
                }
            }
            if (rows.isEmpty()) {
                break;
            }
            for (int i = 0; i < rows.size(); i++) {
                try (PreparedStatement ps = to.prepareStatement("DELETE FROM \"" + tables.get(i) + "\" WHERE rowid = ?")) {
                    ps.setLong(1, rows.get(i)[0]);
                    dropped.merge(tables.get(i), (long) ps.executeUpdate(), Long::sum);
                }
            }
            to.commit();
        }
        return copied.stream().map(s -> new Salvaged(s.table(), s.expected(), s.recovered() - dropped.getOrDefault(s.table(), 0L),
                dropped.getOrDefault(s.table(), 0L), s.unreadableRanges(), s.unreadRowids())).toList();
    }

    private static void rebuildTextIndexes(Connection to) throws SQLException {
        List<String> indexes = new ArrayList<>();
        try (Statement st = to.createStatement();
                ResultSet rs = st.executeQuery("SELECT name FROM sqlite_master"
                        + " WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5(%'")) {
            while (rs.next()) {
                indexes.add(rs.getString(1));
            }
        }
        for (String index : indexes) {
            try (Statement st = to.createStatement()) {
                st.executeUpdate("INSERT INTO \"" + index + "\"(\"" + index + "\") VALUES ('rebuild')");
            }
        }
    }

    /** Row counts of a healthy database's ordinary tables (for the repair report's "after"). */
    public static java.util.Map<String, Long> counts(Path file) {
        java.util.Map<String, Long> out = new java.util.LinkedHashMap<>();
        try (Connection c = open(file, true)) {
            for (String table : tables(c)) {
                out.put(table, count(c, table));
            }
        } catch (SQLException e) {
            throw new Unreadable(e);
        }
        return out;
    }
}
