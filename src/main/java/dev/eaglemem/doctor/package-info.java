/**
 * {@code eagle-mem doctor}: read-only checks across everything eagle-mem set up (database integrity and schema,
 * WAL, permissions, config, the `eagle-mem` command on PATH, installed hooks and their drift, Codex hook trust, serve
 * and jobs). It changes nothing.
 */
package dev.eaglemem.doctor;
