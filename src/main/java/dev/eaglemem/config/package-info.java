/**
 * Where eagle-mem keeps its files ({@link dev.eaglemem.config.DataDir}), the process environment it reads
 * ({@link dev.eaglemem.config.EagleEnv}), {@code config.toml} with its typed keys and comment-preserving edits,
 * the log file, and the facts fixed at build time.
 */
package dev.eaglemem.config;
