package dev.eaglemem.store;

import java.sql.SQLException;

/**
 * Work run inside {@link Db#read} or {@link Db#write}. Services write it as calls to stores, which throw
 * no checked exception; the {@code throws} clause is for work inside this package (and its tests) that
 * uses the connection directly.
 */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Tx tx) throws SQLException;
}
