package dev.eaglemem.status;

import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.store.StatsStore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * {@code eagle-mem compaction}: how ready a project is for a context reset (a compaction, a new session), judged by
 * what the next SessionStart would bring back.
 *
 * @param readiness {@code strong}: enriched summaries (3 or more), decision or gotcha memories and next steps;
 *        {@code moderate}: some enriched summary or some memory; {@code weak}: nothing durable beyond raw activity
 * @param survives what carries over, one line each
 * @param next what to do before the reset to carry more, biggest gap first
 * @param carried the open tasks and the checkpoints the start after a reset gives back in its "where you were" block
 */
@RegisterForReflection
public record CompactionReport(String project, Readiness readiness, StatsStore.Durable durable, List<String> survives,
        List<String> next, Carried carried) {

    /**
     * What the start after a compaction or clear leads with: the project's open tasks by status (stale ones in progress
     * counted again in {@code stale}) and how many sessions have a compaction checkpoint.
     */
    @RegisterForReflection
    public record Carried(long inProgress, long blocked, long pending, long stale, long checkpoints) {

        public static final Carried NONE = new Carried(0, 0, 0, 0, 0);

        long open() {
            return inProgress + blocked + pending;
        }
    }

    /** How much of the work survives a context reset. */
    @RegisterForReflection
    public enum Readiness {
        STRONG, MODERATE, WEAK;

        @com.fasterxml.jackson.annotation.JsonValue
        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public static CompactionReport of(String project, StatsStore.Durable d, String command) {
        return of(project, d, Carried.NONE, command);
    }

    public static CompactionReport of(String project, StatsStore.Durable d, Carried carried, String command) {
        long notes = d.decisions() + d.gotchas();
        Readiness readiness = d.enrichedSummaries() >= 3 && notes > 0 && d.withNextSteps() > 0 ? Readiness.STRONG
                : d.enrichedSummaries() > 0 || d.memories() > 0 ? Readiness.MODERATE : Readiness.WEAK;
        List<String> survives = new ArrayList<>();
        survives.add(d.summaries() + " session summaries (" + d.enrichedSummaries() + " with decisions, gotchas or "
                + "lessons; " + d.withNextSteps() + " with next steps)");
        survives.add(d.memories() + " project memories (" + d.decisions() + " decisions, " + d.gotchas() + " gotchas)");
        survives.add(d.activeFeatures() + " active features, " + d.pendingChecks() + " pending checks (they block a "
                + "release until verified)");
        survives.add(carried.open() + " open tasks (" + carried.inProgress() + " in progress, " + carried.blocked()
                + " blocked, " + carried.pending() + " pending; " + carried.stale() + " stale), " + carried.checkpoints()
                + " session checkpoints (what a session was doing when its context was compacted)");
        List<String> next = new ArrayList<>();
        if (d.withNextSteps() == 0) {
            next.add("No summary says what is left to do: " + command + " session save --session-id <id> --completed '…' "
                    + "--next-steps '…'");
        }
        if (notes == 0) {
            next.add("No decision or gotcha is remembered: " + command + " memories add -k decision '…'");
        }
        if (d.enrichedSummaries() == 0) {
            next.add("No summary holds a decision, gotcha or lesson: end turns with 'Decision: …' lines, or let a model "
                    + "enrich them: " + command + " llm init");
        }
        if (d.pendingChecks() > 0) {
            next.add(d.pendingChecks() + " pending checks carry over: " + command + " feature pending");
        }
        return new CompactionReport(project, readiness, d, List.copyOf(survives), List.copyOf(next), carried);
    }
}
