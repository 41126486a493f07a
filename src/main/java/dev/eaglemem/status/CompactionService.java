package dev.eaglemem.status;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.Settings;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.StatsStore;

/** {@code eagle-mem compaction}: one read of the project's durable records, judged by {@link CompactionReport}. */
@ApplicationScoped
public class CompactionService {

    private final Db db;
    private final StatsStore stats;
    private final Settings settings;

    public CompactionService(Db db, StatsStore stats, Settings settings) {
        this.db = db;
        this.stats = stats;
        this.settings = settings;
    }

    public CompactionReport readiness(String project) {
        return CompactionReport.of(project, db.read(tx -> stats.durable(tx, project)), settings.agentCommand());
    }
}
