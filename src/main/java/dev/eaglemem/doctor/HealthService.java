package dev.eaglemem.doctor;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.TableCounts;

/** {@code eagle-mem health}: the figures of status and doctor, and the feature list, scored by {@link HealthScore}. */
@ApplicationScoped
public class HealthService {

    private final Db db;
    private final StatsStore stats;
    private final FeatureService features;
    private final DoctorService doctor;

    public HealthService(Db db, StatsStore stats, FeatureService features, DoctorService doctor) {
        this.db = db;
        this.stats = stats;
        this.features = features;
        this.doctor = doctor;
    }

    public HealthReport health(String project) {
        DoctorReport checks = doctor.run();
        record Figures(TableCounts counts, long enriched) {
        }
        Figures figures = db.read(tx -> new Figures(stats.counts(tx, project), stats.enrichedSummaries(tx, project)));
        return HealthScore.score(project, figures.counts(), figures.enriched(), features.list(project, false).size(),
                checks.checks());
    }
}
