package dev.eaglemem.doctor;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.StaleReport;
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
    private final AnchorService anchors;

    public HealthService(Db db, StatsStore stats, FeatureService features, DoctorService doctor, AnchorService anchors) {
        this.anchors = anchors;
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
        // the state of each anchored record against the working tree (stat and hash reads; git only for evidence)
        StaleReport stale = project == null ? null : anchors.report(project, null);
        return HealthScore.score(project, figures.counts(), figures.enriched(), features.list(project, false).size(),
                checks.checks(), stale);
    }
}
