package dev.eaglemem.status;

import java.io.IOException;
import java.nio.file.Files;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.Migrations;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.TableCounts;

/** {@code eagle-mem status}: where the data lives, its schema version and what it holds. */
@ApplicationScoped
public class StatusService {

    private final Db db;
    private final StatsStore stats;
    private final HealthStore health;
    private final DataDir dataDir;

    public StatusService(Db db, StatsStore stats, HealthStore health, DataDir dataDir) {
        this.db = db;
        this.stats = stats;
        this.health = health;
        this.dataDir = dataDir;
    }

    public StatusReport status(String project, String version) {
        record Read(int schema, TableCounts projectCounts, TableCounts totals) {
        }
        Read read = db.read(tx -> new Read(health.schemaVersion(tx),
                project == null ? null : stats.counts(tx, project), stats.counts(tx, null)));
        return new StatusReport(version, dataDir.root(), db.file(), size(), read.schema(), Migrations.LATEST,
                db.migrationsApplied(), project, read.projectCounts(), read.totals(), dataDir.configFile());
    }

    private long size() {
        try {
            return Files.size(db.file());
        } catch (IOException e) {
            return -1;
        }
    }
}
