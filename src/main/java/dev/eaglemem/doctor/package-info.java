/**
 * {@code eagle-mem doctor}: read-only checks across everything eagle-mem set up (database integrity and schema,
 * WAL, permissions, config, the `eagle-mem` command on PATH, installed hooks and their drift, Codex hook trust, the MCP
 * server entries, serve and jobs), and {@code eagle-mem health}, which scores those checks with status's counts and
 * the feature list ({@link dev.eaglemem.doctor.HealthScore}). Both change nothing.
 */
package dev.eaglemem.doctor;
