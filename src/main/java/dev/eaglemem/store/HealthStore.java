package dev.eaglemem.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Singleton;

/** Database self-checks for {@code eagle-mem doctor} and {@code status}. */
@Singleton
public final class HealthStore {

    /** {@code PRAGMA integrity_check}: {@code ["ok"]} when healthy, else up to {@code max} problems. */
    public List<String> integrityCheck(Tx tx, int max) {
        return tx.call("PRAGMA integrity_check", ps -> {
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next() && out.size() < max) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }

    public int schemaVersion(Tx tx) {
        try {
            return Migrations.currentVersion(tx.connection());
        } catch (SQLException e) {
            throw new StoreException(e); // as Tx.call does for every other statement
        }
    }

    public String sqliteVersion(Tx tx) {
        return scalar(tx, "SELECT sqlite_version()");
    }

    public boolean fts5Available(Tx tx) {
        return "1".equals(scalar(tx, "SELECT sqlite_compileoption_used('ENABLE_FTS5')"));
    }

    /** The connection's effective settings, to prove what every pooled connection runs with. */
    public ConnectionSettings settings(Tx tx) {
        return new ConnectionSettings(scalar(tx, "PRAGMA journal_mode"),
                Integer.parseInt(scalar(tx, "PRAGMA busy_timeout")), "1".equals(scalar(tx, "PRAGMA foreign_keys")),
                Integer.parseInt(scalar(tx, "PRAGMA synchronous")));
    }

    private static String scalar(Tx tx, String sql) {
        return tx.call(sql, ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        });
    }
}
