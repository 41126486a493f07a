package dev.eaglemem.cli;

import java.nio.file.Path;

import dev.eaglemem.app.CurrentContext;
import dev.eaglemem.project.Project;
import dev.eaglemem.project.ProjectResolver;

/**
 * The project a feature or guard command acts on: its key, and its root directory when there is one
 * (file patterns, fingerprints and smoke tests are relative to it). {@code EAGLE_MEM_PROJECT} names a key
 * without a directory, so {@code root} is then null.
 */
record ProjectScope(String key, Path root) {

    static ProjectScope of(CurrentContext context) {
        String key = context.requireProject(null);
        Path root = new ProjectResolver().resolveCwd(context.env()).map(Project::root).orElse(null);
        return new ProjectScope(key, root);
    }
}
