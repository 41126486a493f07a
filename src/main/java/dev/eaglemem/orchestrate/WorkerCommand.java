package dev.eaglemem.orchestrate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.project.AgentSource;

/**
 * The headless command line of a worker agent, its prompt on stdin (Grok: read from prompt.md by its own
 * {@code --prompt-file}). Safe by default, the equivalent of Claude's acceptEdits everywhere: edits in the workspace
 * are approved, anything else (shell commands, the web) is not, and a headless run refuses what it would have asked
 * about. Codex alone runs commands too, inside its workspace-write sandbox (plus the repository's git directory, so
 * that it can commit on its branch). Full autonomy (orchestrate.worker_autonomy = full, explicit config only) uses
 * each CLI's own bypass flag. See docs/orchestrate.md for the table.
 */
final class WorkerCommand {

    /**
     * OpenCode's permissions for a safe worker, over the user's own config (OPENCODE_PERMISSION is merged last): edits
     * allowed, the shell, the web and paths outside the worktree asked for, which {@code opencode run} rejects.
     */
    static final String OPENCODE_SAFE_PERMISSION = "{\"edit\":\"allow\",\"bash\":\"ask\",\"webfetch\":\"ask\","
            + "\"websearch\":\"ask\",\"external_directory\":\"ask\"}";

    private WorkerCommand() {
    }

    /** The CLI's program name on PATH. */
    static String program(String agent) {
        return switch (source(agent)) {
            case CLAUDE_CODE -> "claude";
            case GEMINI -> "gemini";
            case COPILOT -> "copilot";
            case OPENCODE -> "opencode";
            case GROK -> "grok";
            default -> "codex";
        };
    }

    static String installHint(String agent) {
        return switch (source(agent)) {
            case CLAUDE_CODE -> "npm install -g @anthropic-ai/claude-code";
            case GEMINI -> "npm install -g @google/gemini-cli";
            case COPILOT -> "npm install -g @github/copilot";
            case OPENCODE -> "npm install -g opencode-ai";
            case GROK -> "npm install -g @xai-official/grok";
            default -> "npm install -g @openai/codex";
        };
    }

    /** The worker CLI found on the setup's PATH, or a failure naming it and its install command. */
    static Path locate(WorkerSetup setup, String agent) {
        String program = program(agent);
        return Executables.find(setup.env(), program).orElseThrow(() -> EagleException.failure("worker_cli_missing",
                program + " (the " + agent + " worker's CLI) is not on PATH", installHint(agent), null));
    }

    /**
     * Variables the worker needs besides eagle-mem's own: OpenCode takes its safe permissions from the environment
     * (it has no flag for them); {@code --auto} replaces them in full autonomy.
     */
    static Map<String, String> env(String agent, boolean full) {
        return source(agent) == AgentSource.OPENCODE && !full ? Map.of("OPENCODE_PERMISSION", OPENCODE_SAFE_PERMISSION)
                : Map.of();
    }

    /**
     * @param gitDir the repository's common git directory when the worker works in a worktree, else null
     * @param inGit false when the worker works in a plain directory (Codex refuses one unless told)
     */
    static List<String> argv(String agent, String executable, Path workdir, Path runDir, boolean full, Path gitDir,
            boolean inGit) {
        List<String> argv = new ArrayList<>(List.of(executable));
        switch (source(agent)) {
            case CLAUDE_CODE -> {
                argv.add("-p");
                argv.addAll(full ? List.of("--dangerously-skip-permissions") : List.of("--permission-mode", "acceptEdits"));
                argv.addAll(List.of("--output-format", "text"));
            }
            // no TTY on stdin makes Gemini headless, with stdin as the prompt; --skip-trust: a new worktree is an
            // untrusted folder, where 0.61.0 exits 55 before reading anything (the coordinator chose this repository)
            case GEMINI -> argv.addAll(List.of("--skip-trust", "--approval-mode", full ? "yolo" : "auto_edit",
                    "--output-format", "text"));
            // piped stdin is Copilot's prompt; "write" approves its file tools only (its path check keeps them in the
            // worktree), so shell commands are refused; --silent leaves the answer alone at the log's end
            case COPILOT -> {
                argv.addAll(List.of("--no-auto-update", "--no-ask-user", "--silent"));
                argv.addAll(full ? List.of("--yolo") : List.of("--allow-tool", "write"));
            }
            // stdin is appended to run's (empty) message; the default format prints the answer last
            case OPENCODE -> {
                argv.add("run");
                if (full) {
                    argv.add("--auto");
                }
            }
            // 1.0.41 headless cancels even a write under --permission-mode acceptEdits (seen: "permission_cancelled"),
            // so edits are allowed by rule and dontAsk refuses everything else; a refused call ends the run
            case GROK -> {
                argv.addAll(List.of("--no-auto-update", "--output-format", "plain"));
                argv.addAll(full ? List.of("--always-approve")
                        : List.of("--permission-mode", "dontAsk", "--allow", "Edit", "--allow", "Write"));
                argv.addAll(List.of("--prompt-file", runDir.resolve(RunDir.PROMPT).toString()));
            }
            default -> codex(argv, workdir, runDir, full, gitDir, inGit);
        }
        return argv;
    }

    private static void codex(List<String> argv, Path workdir, Path runDir, boolean full, Path gitDir, boolean inGit) {
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
    }

    private static AgentSource source(String agent) {
        return AgentSource.parse(agent).orElse(AgentSource.CODEX);
    }
}
