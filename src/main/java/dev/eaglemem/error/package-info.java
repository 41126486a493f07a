/**
 * The single user-facing error model: {@link dev.eaglemem.error.EagleException} carries an exit code,
 * a stable error code for --json, a message naming what and where, and a runnable fix.
 */
package dev.eaglemem.error;
