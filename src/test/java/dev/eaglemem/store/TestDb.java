package dev.eaglemem.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A real temp-file database with the real migrations, and the warnings it logged. */
public final class TestDb implements AutoCloseable {

    public final Db db;
    public final List<String> warnings = new CopyOnWriteArrayList<>();

    private TestDb(Path file, int busyTimeoutMs, int retries) {
        this.db = new Db(new Db.Options(file, busyTimeoutMs, retries, 4, warnings::add));
    }

    public static TestDb in(Path dir) {
        return new TestDb(dir.resolve("memory.db"), 5000, 4);
    }

    public static TestDb in(Path dir, int busyTimeoutMs, int retries) {
        return new TestDb(dir.resolve("memory.db"), busyTimeoutMs, retries);
    }

    /**
     * The first column of every row, read by a connection of the test's own (as another process would read the file),
     * not through the pool under test.
     */
    public List<String> rows(String sql) {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db.file());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw new AssertionError("cannot read " + db.file() + ": " + e.getMessage(), e);
        }
        return out;
    }

    @Override
    public void close() {
        db.close();
    }
}
