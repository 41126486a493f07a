/**
 * The operating system as eagle-mem uses it: child processes, PATH lookup, atomic file writes, and the files of a
 * project (what git lists, or a directory walk).
 *
 * <p>A foundation layer: it imports nothing from the rest of eagle-mem (not even {@code config}, which
 * writes its file through {@link dev.eaglemem.platform.AtomicFiles}), so every package may use it.
 */
package dev.eaglemem.platform;
