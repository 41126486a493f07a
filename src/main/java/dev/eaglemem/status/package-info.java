/**
 * Counts and health of the store for {@code eagle-mem status}, serve's health route and the status line.
 */
package dev.eaglemem.status;
