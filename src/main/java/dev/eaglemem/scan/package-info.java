/**
 * {@code eagle-mem scan}: a heuristic overview of a project (languages, frameworks, structure, entry points, tests,
 * configuration, dependencies, monorepo layout) read from its files and manifests, stored as the project's
 * overview unless a person wrote one. {@link dev.eaglemem.scan.ScanService} is the entry point (for the command and the
 * {@code scan} job); the file list comes from {@code platform.ProjectFileList}, manifests are parsed with Jackson (JSON,
 * TOML) and the JDK's StAX (XML), the rest by small line readers.
 */
package dev.eaglemem.scan;
