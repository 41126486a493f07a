package dev.eaglemem.store;

import java.sql.Connection;

/**
 * A unit of database work handed to services by {@link Db}. Services pass it to stores and never
 * see JDBC: only classes in this package can reach the connection.
 */
public final class Tx {

    private final Connection connection;

    Tx(Connection connection) {
        this.connection = connection;
    }

    Connection connection() {
        return connection;
    }
}
