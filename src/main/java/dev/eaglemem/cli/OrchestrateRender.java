package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.eaglemem.orchestrate.Handoff;
import dev.eaglemem.orchestrate.Lane;
import dev.eaglemem.orchestrate.Orchestration;
import dev.eaglemem.orchestrate.SpawnMode;
import dev.eaglemem.orchestrate.SpawnPlan;
import dev.eaglemem.orchestrate.SyncResult;

/** The human rendering of orchestrate's answers. */
final class OrchestrateRender {

    private OrchestrateRender() {
    }

    static void status(PrintWriter out, Orchestration o, List<Lane> lanes, Instant now) {
        out.println("Orchestration o" + o.id() + " (" + o.status() + "): " + o.goal());
        out.println(o.inGit() ? "  coordinator: " + o.repoRoot() + " on " + o.coordinatorBranch() + " (baseline "
                + o.baselineRef() + ")" : "  directory: " + o.repoRoot() + " (not in git)");
        if (lanes.isEmpty()) {
            out.println("No lanes. Add one: eagle-mem orchestrate lane add KEY --scope \"...\" --validate \"...\"");
        }
        for (Lane l : lanes) {
            out.println();
            out.println("  " + l.key() + "  " + l.status().id() + "  " + l.agent() + "  " + age(l.updatedAt(), now)
                    + "  " + l.title());
            if (l.lastAttempt() != null) {
                out.println("    log: " + l.lastAttempt().log());
            }
            out.println("    next: " + Handoff.next(l));
        }
        out.flush();
    }

    static void spawned(PrintWriter out, SpawnPlan p) {
        if (p.job() != null) {
            queued(out, p);
            return;
        }
        String verb = switch (p.mode()) {
            case DRY_RUN -> "Would run";
            case NO_LAUNCH -> "Prepared";
            case DETACHED -> "Started";
            case FOREGROUND -> "Ran";
            case QUEUED -> "Queued";
        };
        out.println(verb + " the " + p.agent() + " worker of lane " + p.key() + (p.pid() == null ? "" : " (pid "
                + p.pid() + ")"));
        out.println("  in: " + p.workdir() + (p.branch() == null ? "" : " (branch " + p.branch() + ")"));
        out.println("  command: " + p.command());
        out.println("  log: " + p.log());
        if (p.sync() != null) {
            synced(out, List.of(p.sync()));
        } else if (p.mode() == SpawnMode.DETACHED) {
            out.println("Check on it: eagle-mem orchestrate sync " + p.key());
        } else if (p.mode() == SpawnMode.NO_LAUNCH) {
            out.println("The lane stays pending; run the command yourself, or: eagle-mem orchestrate spawn " + p.key());
        }
        out.flush();
    }

    private static void queued(PrintWriter out, SpawnPlan p) {
        SpawnPlan.QueuedJob q = p.job();
        out.println((q.deduplicated() ? "Already queued: the " : "Queued the ") + p.agent() + " worker of lane " + p.key()
                + " as job " + q.id() + "; serve runs at most " + q.maxWorkers() + " workers at once"
                + " (orchestrate.max_workers)");
        out.println("  in: " + p.workdir() + (p.branch() == null ? "" : " (branch " + p.branch() + ")"));
        out.println("Follow it: eagle-mem jobs list; then eagle-mem orchestrate sync " + p.key());
        out.flush();
    }

    static void synced(PrintWriter out, List<SyncResult> results) {
        if (results.isEmpty()) {
            out.println("No worker to sync.");
        }
        for (SyncResult r : results) {
            out.println(r.key() + ": " + (r.changed() ? r.before().id() + " -> " + r.after().id() : r.after().id())
                    + "  " + r.message());
        }
        out.flush();
    }

    /** "42s", "5m", "3h", "2d". */
    static String age(Instant then, Instant now) {
        long s = Math.max(0, Duration.between(then, now).toSeconds());
        return s < 60 ? s + "s" : s < 3600 ? s / 60 + "m" : s < 86400 ? s / 3600 + "h" : s / 86400 + "d";
    }
}
