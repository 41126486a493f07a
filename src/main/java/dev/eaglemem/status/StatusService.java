package dev.eaglemem.status;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.MiniLmEmbedder;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.Migrations;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.TableCounts;
import dev.eaglemem.store.VectorStore;

/** {@code eagle-mem status}: where the data lives, its schema version and what it holds. */
@ApplicationScoped
public class StatusService {

    private final Db db;
    private final StatsStore stats;
    private final HealthStore health;
    private final ProjectStore projects;
    private final DataDir dataDir;
    private final VectorStore vectors;
    private final Settings settings;

    public StatusService(Db db, StatsStore stats, HealthStore health, ProjectStore projects, DataDir dataDir,
            VectorStore vectors, Settings settings) {
        this.db = db;
        this.vectors = vectors;
        this.settings = settings;
        this.projects = projects;
        this.stats = stats;
        this.health = health;
        this.dataDir = dataDir;
    }

    /**
     * @param named true when the user named the project ({@code -p}): a key eagle-mem has never seen is then a
     *        mistake to report, not a project with zero of everything
     */
    public StatusReport status(String project, boolean named, String version) {
        record Read(int schema, TableCounts projectCounts, TableCounts totals, boolean known, List<String> keys,
                VectorStore.Counts vectors) {
        }
        Read read = db.read(tx -> {
            boolean known = project == null || !named || projects.exists(tx, project);
            return new Read(health.schemaVersion(tx), project == null ? null : stats.counts(tx, project),
                    stats.counts(tx, null), known, known ? List.of() : projects.recentKeys(tx, 5),
                    vectors.counts(tx, MiniLmEmbedder.MODEL_ID));
        });
        if (!read.known()) {
            throw EagleException.notFound("no project '" + project + "' in " + db.file() + (read.keys().isEmpty()
                    ? " (it holds no project yet)" : " (recent: " + String.join(", ", read.keys()) + ")"),
                    read.keys().isEmpty() ? "eagle-mem status   (inside a repository, without -p)"
                            : "eagle-mem status -p " + read.keys().getFirst());
        }
        return new StatusReport(version, dataDir.root(), db.file(), size(), read.schema(), Migrations.LATEST,
                db.migrationsApplied(), project, read.projectCounts(), read.totals(), dataDir.configFile(),
                new StatusReport.Semantic(settings.semanticRecall(), MiniLmEmbedder.MODEL_ID, read.vectors().memories(),
                        read.vectors().summaries(), read.vectors().chunks(), read.vectors().waiting()));
    }

    private long size() {
        try {
            return Files.size(db.file());
        } catch (IOException e) {
            return -1;
        }
    }
}
