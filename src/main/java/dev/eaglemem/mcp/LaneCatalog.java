package dev.eaglemem.mcp;

import static dev.eaglemem.mcp.ToolCatalog.PROJECT;
import static dev.eaglemem.mcp.ToolCatalog.reading;
import static dev.eaglemem.mcp.ToolCatalog.schema;
import static dev.eaglemem.mcp.ToolCatalog.text;
import static dev.eaglemem.mcp.ToolCatalog.tool;

import java.util.List;
import java.util.Map;

import dev.eaglemem.orchestrate.OrchestrateService;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;

/**
 * The orchestration tools of {@link ToolCatalog}: lanes of broad work, each run by a worker agent in its own git
 * worktree (eagle-mem orchestrate). Init, merge and the hand moves stay on the CLI: they change the user's branch or
 * end the orchestration, which a person should decide.
 */
final class LaneCatalog {

    private static final String KEY = "The lane's key (" + ToolCatalog.ORCHESTRATE_STATUS + " lists them).";

    private LaneCatalog() {
    }

    static List<Tool> tools() {
        return List.of(
                tool(ToolCatalog.ORCHESTRATE_STATUS, "Orchestration status", "The project's active orchestration (else"
                        + " the last one) and its lanes: each lane's key, worker agent, status (pending, running,"
                        + " blocked, completed, cancelled), worktree and branch, its newest worker run (log path, exit"
                        + " code, validation result) and next: the command that moves it on. orchestration is null when"
                        + " the project never had one (start one with eagle-mem orchestrate init \"GOAL\").",
                        schema(List.of(), "project", text(PROJECT)),
                        reading()),
                tool(ToolCatalog.LANE_ADD, "Add a lane", "Add a pending lane to the active orchestration (and a task"
                        + " mirroring it): one worker agent, one worktree and branch named after the key, one validation"
                        + " command. The scope is the worker's whole prompt, so make it self-contained. A key already"
                        + " taken is refused.",
                        schema(List.of("key"), "key", text("A git branch name component: letters, digits, '.', '_', '-'."),
                                "title", text("One line (default: the key)."),
                                "scope", text("What the worker is to do, self-contained: it is the worker's prompt."),
                                "agent", Map.of("type", "string", "enum", OrchestrateService.WORKERS,
                                        "description", "The worker (default codex)."),
                                "validate", text("A shell command run in the lane's worktree when the worker exits 0;"
                                        + " the lane completes only if it passes."),
                                "project", text(PROJECT)),
                        new ToolAnnotations("Add a lane", false, false, false, false, null)),
                tool(ToolCatalog.LANE_SPAWN, "Run a lane's worker", "Start the lane's worker agent headless in the"
                        + " lane's worktree (codex exec in a workspace-write sandbox; claude -p, gemini, copilot, opencode"
                        + " run or grok with edits approved and nothing else)"
                        + " and return at once with its run directory and log; the worker runs on its own. Call"
                        + " " + ToolCatalog.LANE_SYNC + " later to turn its exit and the validation into the lane's status."
                        + " While eagle-mem serve runs, the worker is queued as its job instead (mode queued) and"
                        + " serve starts it, at most orchestrate.max_workers at once. dry_run says what would run"
                        + " without creating anything.",
                        schema(List.of("key"), "key", text(KEY),
                                "agent", Map.of("type", "string", "enum", OrchestrateService.WORKERS,
                                        "description", "Run this worker instead of the lane's."),
                                "dry_run", Map.of("type", "boolean", "description", "Only say what would run."),
                                "no_launch", Map.of("type", "boolean", "description", "Prepare the worktree and run"
                                        + " directory and answer the command; the lane stays pending."),
                                "no_worktree", Map.of("type", "boolean", "description", "Work in the coordinator's own"
                                        + " directory (the only way outside git)."),
                                "project", text(PROJECT)),
                        // open world: the worker is another agent talking to its model
                        new ToolAnnotations("Run a lane's worker", false, false, false, true, null)),
                tool(ToolCatalog.LANE_SYNC, "Settle lanes' workers", "Read how each lane's worker ended: exit 0 runs"
                        + " the lane's validation in its worktree (pass: completed, and what the worker left is"
                        + " committed on the lane's branch; fail: blocked); a non-zero exit, the time limit or a worker"
                        + " gone without an exit code blocks the lane, with the log's path. A worker still running is"
                        + " left as it is. Without key: every lane with a worker.",
                        schema(List.of(), "key", text(KEY + " Default: every lane."), "project", text(PROJECT)),
                        new ToolAnnotations("Settle lanes' workers", false, false, true, false, null)),
                tool(ToolCatalog.ORCHESTRATE_HANDOFF, "Orchestration handoff", "The orchestration as Markdown for"
                        + " whoever takes it over: the goal, each lane with its status, branch, log and the command"
                        + " that moves it on.",
                        schema(List.of(), "project", text(PROJECT)),
                        reading()));
    }
}
