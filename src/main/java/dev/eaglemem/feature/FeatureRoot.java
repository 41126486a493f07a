package dev.eaglemem.feature;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;

import dev.eaglemem.project.Project;
import dev.eaglemem.project.ProjectPath;

/**
 * Where an agent's tool call is checked: the repository as the feature commands see it ({@link Project#workingRoot}),
 * and the call's paths relative to it. The guardrails around a call and the checks its edits open share it, so both
 * name a file the same way.
 *
 * @param root null without a project (or outside any repository): no feature, rule or check applies there
 * @param cwd the agent's working directory, which its relative paths are relative to
 */
public record FeatureRoot(String project, Path root, Path cwd) {

    public static FeatureRoot of(String project, Path projectRoot, Path cwd) {
        return new FeatureRoot(project, project == null ? null : Project.workingRoot(projectRoot, cwd), cwd);
    }

    /**
     * The agent's paths (absolute or cwd-relative) relative to the root, as observations store them, each once;
     * files outside the root are dropped.
     */
    public List<String> files(List<String> given) {
        if (root == null) {
            return List.of();
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String g : given) {
            ProjectPath.relative(root, cwd, g).ifPresent(out::add);
        }
        return List.copyOf(out);
    }
}
