package dev.eaglemem.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A unit of database work handed to services by {@link Db}. Services pass it to stores and never
 * see JDBC: only classes in this package can reach the connection.
 */
public final class Tx {

    /** Work on one prepared statement that yields a value. */
    @FunctionalInterface
    interface Call<T> {
        T call(PreparedStatement ps) throws SQLException;
    }

    /** Work on one prepared statement that yields nothing. */
    @FunctionalInterface
    interface Run {
        void run(PreparedStatement ps) throws SQLException;
    }

    private final Connection connection;

    Tx(Connection connection) {
        this.connection = connection;
    }

    Connection connection() {
        return connection;
    }

    /**
     * Prepares {@code sql}, hands it to {@code work} and closes it. Every store statement goes through
     * here (or {@link #run}), so this is where a checked SQLException becomes an unchecked
     * {@link StoreException}: store methods then declare nothing, and services calling them name no JDBC type.
     */
    <T> T call(String sql, Call<T> work) {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            return work.call(ps);
        } catch (SQLException e) {
            throw new StoreException(e);
        }
    }

    /** {@link #call} for statements whose work returns nothing. */
    void run(String sql, Run work) {
        call(sql, ps -> {
            work.run(ps);
            return null;
        });
    }
}
