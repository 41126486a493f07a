package dev.eaglemem.status;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.checkpoint.CheckpointService;
import dev.eaglemem.checkpoint.OpenTask;
import dev.eaglemem.config.Settings;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.StatsStore;

/** {@code eagle-mem compaction}: one read of the project's durable records, judged by {@link CompactionReport}. */
@ApplicationScoped
public class CompactionService {

    private final Db db;
    private final StatsStore stats;
    private final Settings settings;
    private final CheckpointService checkpoints;

    public CompactionService(Db db, StatsStore stats, Settings settings, CheckpointService checkpoints) {
        this.db = db;
        this.stats = stats;
        this.settings = settings;
        this.checkpoints = checkpoints;
    }

    public CompactionReport readiness(String project) {
        List<OpenTask> open = checkpoints.openTasks(project);
        CompactionReport.Carried carried = new CompactionReport.Carried(count(open, "in_progress"), count(open, "blocked"),
                count(open, "pending"), open.stream().filter(OpenTask::stale).count(), checkpoints.count(project));
        return CompactionReport.of(project, db.read(tx -> stats.durable(tx, project)), carried, settings.agentCommand());
    }

    private static long count(List<OpenTask> open, String status) {
        return open.stream().filter(t -> t.status().equals(status)).count();
    }
}
