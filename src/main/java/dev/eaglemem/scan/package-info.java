/**
 * {@code eagle-mem scan}: a heuristic overview of a project (languages, frameworks, structure, entry points, tests,
 * configuration, dependencies, monorepo layout) read from its files and manifests, stored as the project's
 * overview unless a person wrote one.
 */
package dev.eaglemem.scan;
