package dev.eaglemem.orchestrate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.project.AgentSource;

/**
 * The headless command line of a worker agent, its prompt on stdin. Safe by default: {@code codex exec} in the
 * workspace-write sandbox (plus the repository's git directory, so that it can commit on its branch), {@code claude -p}
 * with acceptEdits. Full autonomy (explicit config only) bypasses approvals and sandbox.
 */
final class WorkerCommand {

    private WorkerCommand() {
    }

    /** The CLI's program name on PATH. */
    static String program(String agent) {
        return AgentSource.CODEX.id().equals(agent) ? "codex" : "claude";
    }

    static String installHint(String agent) {
        return AgentSource.CODEX.id().equals(agent) ? "npm install -g @openai/codex"
                : "npm install -g @anthropic-ai/claude-code";
    }

    /** The worker CLI found on the setup's PATH, or a failure naming it and its install command. */
    static Path locate(WorkerSetup setup, String agent) {
        String program = program(agent);
        return Executables.find(setup.env(), program).orElseThrow(() -> EagleException.failure("worker_cli_missing",
                program + " (the " + agent + " worker's CLI) is not on PATH", installHint(agent), null));
    }

    /**
     * @param gitDir the repository's common git directory when the worker works in a worktree, else null
     * @param inGit false when the worker works in a plain directory (Codex refuses one unless told)
     */
    static List<String> argv(String agent, String executable, Path workdir, Path runDir, boolean full, Path gitDir,
            boolean inGit) {
        List<String> argv = new ArrayList<>(List.of(executable));
        if (AgentSource.CODEX.id().equals(agent)) {
            argv.addAll(List.of("exec", "--cd", workdir.toString()));
            if (full) {
                argv.add("--dangerously-bypass-approvals-and-sandbox");
            } else {
                argv.addAll(List.of("--sandbox", "workspace-write"));
                if (gitDir != null) {
                    argv.addAll(List.of("--add-dir", gitDir.toString()));
                }
            }
            if (!inGit) {
                argv.add("--skip-git-repo-check");
            }
            argv.addAll(List.of("--output-last-message", runDir.resolve(RunDir.LAST_MESSAGE).toString(), "-"));
        } else {
            argv.add("-p");
            argv.addAll(full ? List.of("--dangerously-skip-permissions") : List.of("--permission-mode", "acceptEdits"));
            argv.addAll(List.of("--output-format", "text"));
        }
        return argv;
    }
}
