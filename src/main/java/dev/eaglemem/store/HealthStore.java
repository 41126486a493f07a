package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Database self-checks for {@code eagle-mem doctor} and {@code status}. */
public final class HealthStore {

    /** {@code PRAGMA integrity_check}: {@code ["ok"]} when healthy, else up to {@code max} problems. */
    public List<String> integrityCheck(Tx tx, int max) throws SQLException {
        try (PreparedStatement ps = tx.connection().prepareStatement("PRAGMA integrity_check")) {
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next() && out.size() < max) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }

    public int schemaVersion(Tx tx) throws SQLException {
        return Migrations.currentVersion(tx.connection());
    }

    public String sqliteVersion(Tx tx) throws SQLException {
        return scalar(tx, "SELECT sqlite_version()");
    }

    public boolean fts5Available(Tx tx) throws SQLException {
        return "1".equals(scalar(tx, "SELECT sqlite_compileoption_used('ENABLE_FTS5')"));
    }

    /** The connection's effective settings, to prove what every pooled connection runs with. */
    public ConnectionSettings settings(Tx tx) throws SQLException {
        return new ConnectionSettings(scalar(tx, "PRAGMA journal_mode"),
                Integer.parseInt(scalar(tx, "PRAGMA busy_timeout")), "1".equals(scalar(tx, "PRAGMA foreign_keys")),
                Integer.parseInt(scalar(tx, "PRAGMA synchronous")));
    }

    private static String scalar(Tx tx, String sql) throws SQLException {
        try (Statement st = tx.connection().createStatement(); ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
