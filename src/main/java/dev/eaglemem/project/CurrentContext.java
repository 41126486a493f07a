package dev.eaglemem.project;

import java.nio.file.Path;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;

/**
 * The project and agent a command acts for: {@code --project} when given, else the working
 * directory's project (git top-level, or {@code EAGLE_MEM_PROJECT}); the agent from {@code --agent}
 * or the environment. The same resolution the hooks use, so CLI and hooks agree on keys.
 */
@ApplicationScoped
public class CurrentContext {

    private final EagleEnv env;
    private final ProjectResolver resolver = new ProjectResolver();

    public CurrentContext(EagleEnv env) {
        this.env = env;
    }

    public EagleEnv env() {
        return env;
    }

    /** The project key, or empty outside any project. */
    public Optional<String> project(String explicit) {
        if (explicit != null) {
            try {
                return Optional.of(ProjectResolver.validateOverride(explicit));
            } catch (IllegalArgumentException e) {
                throw EagleException.invalidInput("--project: " + e.getMessage().replace(ProjectResolver.PROJECT_VAR + "=", ""),
                        "--project code/my-repo   (see eagle-mem status for the current key)");
            }
        }
        try {
            return resolver.resolveCwd(env).map(Project::key);
        } catch (IllegalArgumentException e) {
            throw EagleException.invalidInput(e.getMessage(), "unset EAGLE_MEM_PROJECT, or set it to a key such as code/my-repo");
        }
    }

    /** The working directory's project with its root directory, or empty outside any project. */
    public Optional<Project> here() {
        try {
            return resolver.resolveCwd(env);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The project a directory belongs to (its git top level, or {@code EAGLE_MEM_PROJECT}), or empty. */
    public Optional<Project> at(Path dir) {
        try {
            return resolver.resolve(env, dir);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The project a command acts on, required: its key, and the directory its files are relative to
     * ({@link Project#workingRoot}, as the hooks use it), null outside any repository.
     */
    public Project working() {
        return new Project(requireProject(null), workingRoot());
    }

    /** The working directory's project root, or its git top level when the project was named; null outside one. */
    public Path workingRoot() {
        return Project.workingRoot(here().map(Project::root).orElse(null), env.cwd());
    }

    /** The project key, or a clear error naming the way out. */
    public String requireProject(String explicit) {
        return project(explicit).orElseThrow(() -> EagleException.invalidInput(
                "no project at " + env.cwd() + " (not a repository, or a temporary directory)",
                "run it inside a project, or pass --project KEY"));
    }

    /** The agent named by {@code --agent}, else the one whose marker is in the environment, else a person ({@code cli}). */
    public AgentSource agent(String explicit) {
        if (explicit == null) {
            return AgentDetector.fromEnv(env);
        }
        return AgentSource.parse(explicit).orElseThrow(() -> EagleException.invalidInput(
                "unknown agent '" + explicit + "'", "--agent claude-code|codex|opencode|antigravity|grok|cli"));
    }

    /** The agent making an MCP call: MCP servers are started by agents only (see AgentDetector#agentFromEnv). */
    public AgentSource callingAgent() {
        return AgentDetector.agentFromEnv(env);
    }
}
