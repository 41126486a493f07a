package dev.eaglemem.orchestrate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.format.Snippets;

/**
 * The active lanes in a few lines, for the agent at SessionStart and after a compaction: key, worker, status, age, log,
 * and the command that moves each on, written with the agent's own way of calling eagle-mem. Read only: it never
 * syncs (a hook must not wait on validation), so it tells the agent to run sync itself.
 */
@ApplicationScoped
public class LaneDigest {

    /** Lanes listed; the rest are counted. */
    static final int MAX = 8;

    private final OrchestrateService service;

    public LaneDigest(OrchestrateService service) {
        this.service = service;
    }

    /** The block, or empty when the project has no active orchestration with an active or completed lane. */
    public Optional<String> text(String project, String command, Instant now) {
        Optional<Orchestration> active = service.active(project);
        if (active.isEmpty()) {
            return Optional.empty();
        }
        List<Lane> all = service.lanes(active.get());
        List<Lane> lanes = all.stream().filter(l -> l.status().isActive()).toList();
        List<String> completed = all.stream().filter(l -> l.status() == LaneStatus.COMPLETED).map(Lane::key).toList();
        if (lanes.isEmpty() && completed.isEmpty()) {
            return Optional.empty();
        }
        List<String> lines = new ArrayList<>();
        lines.add("Orchestration lanes (" + Snippets.oneLine(active.get().goal(), 120) + "):");
        for (Lane l : lanes.subList(0, Math.min(MAX, lanes.size()))) {
            Instant since = l.lastAttempt() != null && l.status() == LaneStatus.RUNNING ? l.lastAttempt().startedAt()
                    : l.updatedAt();
            lines.add("- " + l.key() + " " + l.agent() + " " + l.status().id() + " " + age(since, now)
                    + (l.lastAttempt() == null ? "" : ", log " + l.lastAttempt().log()) + "; next: "
                    + own(Handoff.next(l), command));
        }
        if (lanes.size() > MAX) {
            lines.add("- … " + (lanes.size() - MAX) + " more");
        }
        if (!completed.isEmpty()) {
            // completed lanes wait for their merge (already merged ones answer "already in"): cheap to say, and a
            // hook must not run git to tell them apart
            lines.add("- completed: " + String.join(", ", completed) + " (merge each: " + command
                    + " orchestrate merge KEY; when all are done: " + command + " orchestrate complete)");
        }
        boolean running = lanes.stream().anyMatch(l -> l.status() == LaneStatus.RUNNING);
        lines.add("Run " + command + " orchestrate " + (running ? "sync" : "status")
                + " yourself to see where they stand.");
        return Optional.of(String.join("\n", lines));
    }

    private static String own(String next, String command) {
        return next.replace("eagle-mem ", command + " ");
    }

    static String age(Instant since, Instant now) {
        long s = Math.max(0, Duration.between(since, now).toSeconds());
        return s < 3600 ? s / 60 + "m" : s < 86400 ? s / 3600 + "h" : s / 86400 + "d";
    }
}
