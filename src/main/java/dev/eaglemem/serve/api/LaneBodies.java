package dev.eaglemem.serve.api;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The JSON bodies of the lane routes: the options of {@code eagle-mem orchestrate …}, snake_case; unknown fields refused. */
final class LaneBodies {

    private LaneBodies() {
    }

    /**
     * {@code POST /lanes}: {@code orchestrate lane add}.
     *
     * @param project the project (or {@code ?project=})
     * @param key required: a git branch name component
     * @param scope the worker's prompt
     * @param agent codex (default), claude-code, gemini, copilot, opencode or grok
     * @param validate run in the lane's worktree when the worker exits 0
     */
    @RegisterForReflection
    record Add(String project, String key, String title, String scope, String agent, String validate) {
    }

    /** {@code POST /lanes/{key}/spawn} (the body is optional): {@code orchestrate spawn}'s options. */
    @RegisterForReflection
    record Spawn(String agent, Boolean dryRun, Boolean noLaunch, Boolean noWorktree) {

        static final Spawn NONE = new Spawn(null, null, null, null);
    }

    /** {@code PATCH /lanes/{key}}: a move by hand ({@code orchestrate lane start|block|complete|cancel}). */
    @RegisterForReflection
    record Move(String status, String note) {
    }
}
