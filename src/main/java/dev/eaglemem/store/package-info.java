/**
 * Every SQL statement lives here, one {@code *Store} per aggregate; nothing else touches JDBC.
 * {@link dev.eaglemem.store.Db} owns the pool, connection settings, lazy migrations and busy retries.
 * Store methods throw no checked exception: {@link dev.eaglemem.store.Tx} wraps a statement's SQLException
 * and Db unwraps it to retry or translate it into an {@link dev.eaglemem.error.EagleException}.
 * This package imports no feature package: services above it pass plain values and get row records back.
 * A {@code *Store} is stateless and a {@code @Singleton} bean: main code gets one injected and never constructs one.
 */
package dev.eaglemem.store;
