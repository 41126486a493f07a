package dev.eaglemem.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import dev.eaglemem.error.EagleException;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Another tool's SQLite database (the original Eagle Mem, claude-mem, engram), opened read-only and never
 * migrated: importers read its tables as rows of column → value. Schemas changed across those tools'
 * versions, so a reader asks which tables and columns exist instead of assuming them.
 */
public final class SourceDb implements AutoCloseable {

    private final Path file;
    private final Connection connection;

    private SourceDb(Path file, Connection connection) {
        this.file = file;
        this.connection = connection;
    }

    public static SourceDb open(Path file) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        config.setBusyTimeout(5000);
        try {
            return new SourceDb(file, config.createConnection("jdbc:sqlite:file:" + file + "?mode=ro"));
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, file);
        }
    }

    /** The names of its tables (views included: old tools keep compatibility views). */
    public Set<String> tables() {
        Set<String> names = new LinkedHashSet<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw unreadable(e);
        }
        return names;
    }

    public Set<String> columns(String table) {
        Set<String> names = new LinkedHashSet<>();
        try (var ps = connection.prepareStatement("SELECT name FROM pragma_table_info(?)")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw unreadable(e);
        }
        return names;
    }

    /** Every row of a table in rowid order; nothing when the table does not exist. */
    public void rows(String table, Consumer<Map<String, Object>> sink) {
        if (!tables().contains(table)) {
            return;
        }
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM \"" + table.replace("\"", "\"\"") + "\" ORDER BY rowid")) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                Map<String, Object> row = new HashMap<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.put(meta.getColumnLabel(i), rs.getObject(i));
                }
                sink.accept(row);
            }
        } catch (SQLException e) {
            throw unreadable(e);
        }
    }

    public List<Map<String, Object>> rows(String table) {
        List<Map<String, Object>> rows = new ArrayList<>();
        rows(table, rows::add);
        return rows;
    }

    private EagleException unreadable(SQLException e) {
        return EagleException.failure("import_unreadable", "cannot read " + file + ": " + e.getMessage(),
                "check that it is a database of the tool named by --from (sqlite3 " + file + " .tables)", e);
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // read-only: nothing to lose
        }
    }
}
