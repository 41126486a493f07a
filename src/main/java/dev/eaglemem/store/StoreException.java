package dev.eaglemem.store;

import java.sql.SQLException;

/**
 * A SQLException on its way from a store method up to {@link Db}, unchecked so that the services in
 * between never import JDBC. Db unwraps it and handles the SQLException as before (retrying SQLITE_BUSY,
 * translating it with {@link SqliteErrors}), so it is not meant to be caught anywhere else.
 */
final class StoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    StoreException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    SQLException sql() {
        return (SQLException) getCause();
    }
}
