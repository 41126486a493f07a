package dev.eaglemem.store;

import java.sql.SQLException;

/** Work run inside {@link Db#read} or {@link Db#write}. */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Tx tx) throws SQLException;
}
