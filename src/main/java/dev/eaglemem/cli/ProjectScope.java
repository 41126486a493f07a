package dev.eaglemem.cli;

import java.nio.file.Path;

import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import dev.eaglemem.project.ProjectResolver;

/**
 * The project a feature or guard command acts on: its key, and its root directory when there is one
 * (file patterns, fingerprints and smoke tests are relative to it; see {@link Project#workingRoot}, which
 * the hooks use too). Null outside any repository.
 */
record ProjectScope(String key, Path root) {

    static ProjectScope of(CurrentContext context) {
        String key = context.requireProject(null);
        Path root = new ProjectResolver().resolveCwd(context.env()).map(Project::root).orElse(null);
        return new ProjectScope(key, Project.workingRoot(root, context.env().cwd()));
    }
}
