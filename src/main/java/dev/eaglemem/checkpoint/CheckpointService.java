package dev.eaglemem.checkpoint;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.Settings;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.orchestrate.LaneDigest;
import dev.eaglemem.orchestrate.OrchestrateService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CheckpointRow;
import dev.eaglemem.store.CheckpointStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.Timestamps;
import dev.eaglemem.store.Tx;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.task.TaskStatus;

/**
 * Takes a session's checkpoint when its context is about to be compacted, and says where it was after the compaction
 * (or a clear). A session that never used a task tool survives too: the checkpoint is built from what eagle-mem
 * recorded of the session itself (its prompts, tool calls, turn messages and memories).
 */
@ApplicationScoped
public class CheckpointService {

    /** Files of each list a checkpoint keeps, most recent first. */
    static final int FILES = 20;
    static final int NOTES = 6;
    /** The head of the last message kept as "what was being done". */
    static final int DOING = 600;
    static final int REQUEST = 500;
    /**
     * How recently the session a clear left must have been active: a clear follows it at once, and a session of
     * yesterday is the recall's to tell, not "where you were".
     */
    static final Duration CLEARED_WITHIN = Duration.ofHours(1);

    private final Db db;
    private final CheckpointStore checkpoints;
    private final ObservationStore observations;
    private final SummaryStore summaries;
    private final TaskService tasks;
    private final LaneDigest lanes;
    private final Redactor redactor;
    private final Settings settings;
    private final Clock clock;

    public CheckpointService(Db db, CheckpointStore checkpoints, ObservationStore observations, SummaryStore summaries,
            TaskService tasks, LaneDigest lanes, Redactor redactor, Settings settings, Clock clock) {
        this.db = db;
        this.checkpoints = checkpoints;
        this.observations = observations;
        this.summaries = summaries;
        this.tasks = tasks;
        this.lanes = lanes;
        this.redactor = redactor;
        this.settings = settings;
        this.clock = clock;
    }

    /** Stores the session's checkpoint (replacing an earlier one of the same session) and returns it. */
    public CheckpointRow take(String sessionId, String project, String agent, String trigger, Instant at) {
        List<Long> open = openTasks(project).stream().map(OpenTask::id).toList();
        return db.write(tx -> {
            CheckpointRow row = gather(tx, sessionId, project, agent, trigger, at, open);
            checkpoints.save(tx, row);
            return row;
        });
    }

    /**
     * The "where you were" block for a SessionStart after a compaction or a clear; empty when there is nothing to say.
     * After a compaction it is the session's own checkpoint (gathered now when PreCompact left none: an agent without
     * the event, or an event still in the spool); a clear starts a new session, so it is the checkpoint of the session
     * the agent left within the last hour: stored, or gathered now from what was recorded of it.
     */
    public Optional<String> whereYouWere(String project, String sessionId, String agent, String source) {
        List<OpenTask> open = openTasks(project);
        Instant now = clock.instant();
        CheckpointRow checkpoint = db.read(tx -> {
            String of = "clear".equals(source)
                    ? checkpoints.find(tx, sessionId).map(CheckpointRow::sessionId)
                            .or(() -> checkpoints.previousSession(tx, project, agent, sessionId, now.minus(CLEARED_WITHIN)))
                            .orElse(null)
                    : sessionId;
            if (of == null) {
                return null;
            }
            return checkpoints.find(tx, of).orElseGet(() -> {
                CheckpointRow live = gather(tx, of, project, agent, "live", now, List.of());
                return live.isEmpty() ? null : live;
            });
        });
        String text = WhereYouWere.render(open, checkpoint, source, settings.agentCommand(), settings.times(), now,
                settings.compactionChars());
        Optional<String> active = lanes(project);
        if (active.isPresent()) {
            text = text.isEmpty() ? active.get() : text + "\n\n" + active.get();
        }
        return text.isEmpty() ? Optional.empty() : Optional.of(text);
    }

    /** The project's active orchestration lanes (key, worker, status, age, log, next command); empty when none. */
    public Optional<String> lanes(String project) {
        return lanes.text(project, settings.agentCommand(), clock.instant());
    }

    /**
     * The open tasks of the project, in progress first, then blocked, then pending (each newest first). Tasks that
     * mirror orchestration lanes are left out: {@link #lanes} shows those, with their worker and log.
     */
    public List<OpenTask> openTasks(String project) {
        return tasks.open(project).stream().filter(t -> !OrchestrateService.ORIGIN.equals(t.origin()))
                .map(CheckpointService::open).toList();
    }

    /** A task's age counts from its start while it is in progress, else from its last change. */
    private static OpenTask open(Task t) {
        Instant since = t.status() == TaskStatus.IN_PROGRESS && t.startedAt() != null ? t.startedAt() : t.updatedAt();
        return new OpenTask(t.id(), t.title(), t.status().id(), since, t.stale());
    }

    /** How many sessions of the project have a checkpoint. */
    public long count(String project) {
        return db.read(tx -> checkpoints.count(tx, project));
    }

    private CheckpointRow gather(Tx tx, String sessionId, String project, String agent, String trigger, Instant at,
            List<Long> taskIds) {
        String request = checkpoints.lastPrompt(tx, sessionId).orElse(null);
        List<String> last = observations.lastTurnMessages(tx, sessionId, 1);
        String doing = last.isEmpty() ? summaries.findBySession(tx, sessionId).map(SummaryRow::fields)
                .map(f -> f.completed() != null && !f.completed().isBlank() ? f.completed() : f.nextSteps()).orElse(null)
                : last.getFirst();
        Map<String, Integer> edited = new LinkedHashMap<>();
        Set<String> read = new LinkedHashSet<>();
        List<ObservationRow> rows = observations.forSession(tx, sessionId);
        for (int i = rows.size() - 1; i >= 0; i--) {
            rows.get(i).filesModified().forEach(f -> edited.merge(f, 1, Integer::sum));
            read.addAll(rows.get(i).filesRead());
        }
        read.removeAll(edited.keySet());
        List<CheckpointRow.Note> notes = checkpoints.sessionNotes(tx, sessionId, NOTES).stream()
                .map(n -> new CheckpointRow.Note(n.memoryId(), n.kind(), clean(n.title(), 300))).toList();
        return new CheckpointRow(sessionId, project, agent, trigger, clean(request, REQUEST), clean(doing, DOING),
                paths(edited.keySet()), paths(read), notes, taskIds, Timestamps.format(at));
    }

    /** Everything stored is redacted; what it is read from already was, and the pass costs little against a leak. */
    private String clean(String text, int max) {
        if (text == null || text.isBlank()) {
            return null;
        }
        return Snippets.oneLine(redactor.redact(Redactor.stripPrivate(text)), max);
    }

    private List<String> paths(Iterable<String> files) {
        List<String> out = new ArrayList<>();
        for (String f : files) {
            if (out.size() == FILES) {
                break;
            }
            out.add(redactor.redact(f));
        }
        return out;
    }
}
