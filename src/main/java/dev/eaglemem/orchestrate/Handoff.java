package dev.eaglemem.orchestrate;

import java.util.List;

/**
 * The orchestration as Markdown, for a person or the next agent taking over: the goal and where it stands, then each
 * lane with its worker, status, worktree, branch, validation, last run and the command that moves it on.
 */
public final class Handoff {

    private Handoff() {
    }

    public static String markdown(Orchestration o, List<Lane> lanes) {
        StringBuilder s = new StringBuilder("# eagle-mem orchestration\n\n");
        s.append("- Project: ").append(o.project()).append('\n');
        s.append("- Goal: ").append(o.goal()).append('\n');
        s.append("- Status: ").append(o.status()).append('\n');
        if (o.inGit()) {
            s.append("- Coordinator: ").append(o.repoRoot()).append(" on ").append(o.coordinatorBranch())
                    .append(" (baseline ").append(o.baselineRef()).append(")\n");
        } else {
            s.append("- Directory: ").append(o.repoRoot()).append(" (not a git repository)\n");
        }
        s.append("- Started: ").append(o.createdAt()).append("\n\n## Lanes\n");
        if (lanes.isEmpty()) {
            s.append("\nNo lanes yet: eagle-mem orchestrate lane add KEY --scope \"…\" --validate \"…\"\n");
        }
        for (Lane l : lanes) {
            s.append("\n### ").append(l.key()).append(" — ").append(l.title()).append("\n\n");
            s.append("- Status: ").append(l.status().id()).append('\n');
            s.append("- Worker: ").append(l.agent()).append('\n');
            s.append("- Worktree: ").append(l.worktree() == null ? "(not spawned yet)" : l.worktree()).append('\n');
            s.append("- Branch: ").append(l.branch() == null ? "(none yet)" : l.branch()).append('\n');
            s.append("- Validation: ").append(l.validation() == null ? "(none)" : "`" + l.validation() + "`").append('\n');
            if (!l.scope().isBlank()) {
                s.append("- Scope: ").append(l.scope().replace("\n", " ")).append('\n');
            }
            Attempt a = l.lastAttempt();
            if (a != null) {
                s.append("- Last run: started ").append(a.startedAt()).append(", exit ")
                        .append(a.exitCode() == null ? (a.ended() ? "none (the worker vanished)" : "not yet")
                                : a.exitCode())
                        .append(a.validationExit() == null ? "" : ", validation exit " + a.validationExit()).append('\n');
                s.append("- Log: ").append(a.log()).append('\n');
            }
            s.append("- Next: ").append(next(l)).append('\n');
        }
        return s.toString();
    }

    /** The command that moves a lane on. */
    public static String next(Lane l) {
        return switch (l.status()) {
            case PENDING -> "eagle-mem orchestrate spawn " + l.key();
            case RUNNING -> "eagle-mem orchestrate sync " + l.key();
            case BLOCKED -> "read the log, then eagle-mem orchestrate spawn " + l.key();
            case COMPLETED -> l.branch() == null ? "nothing (done)" : "eagle-mem orchestrate merge " + l.key();
            case CANCELLED -> "nothing (cancelled)";
        };
    }
}
