package dev.eaglemem.wiring;

import java.time.Clock;

import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.eaglemem.config.ConfigFile;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.MiniLmEmbedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.project.ProjectSwitch;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.AnchorStore;
import dev.eaglemem.store.AppliedEventStore;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.FeatureStore;
import dev.eaglemem.store.FileHintStore;
import dev.eaglemem.store.GraphStore;
import dev.eaglemem.store.GuardRuleStore;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.LlmUsageStore;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.PortableStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TimelineStore;
import dev.eaglemem.store.VectorStore;
import dev.eaglemem.store.VerificationStore;

/**
 * Wiring. Everything here is created on first use, never at start-up: services are proxied
 * ({@code @ApplicationScoped}), so {@code eagle-mem --version} reads no config and opens no database,
 * and a broken config.toml only fails the commands that need it.
 */
@Singleton
public class Producers {

    @Produces
    @Singleton
    EagleEnv env() {
        return EagleEnv.system();
    }

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Produces
    @Singleton
    DataDir dataDir(EagleEnv env) {
        return DataDir.from(env);
    }

    @Produces
    @Singleton
    LogFile log(DataDir dataDir, Clock clock) {
        return new LogFile(dataDir.logFile(), clock);
    }

    @Produces
    @Singleton
    EagleConfig config(DataDir dataDir, LogFile log) {
        EagleConfig config = ConfigFile.loadOrDefaults(dataDir.configFile());
        if (config.isBroken()) {
            try {
                log.warn("config: " + config.problem().getMessage() + "; using the defaults until it is fixed (eagle-mem doctor)");
            } catch (RuntimeException e) {
                // the log is best effort; doctor and the next SessionStart still say it
            }
        }
        return config;
    }

    @Produces
    @Singleton
    Db db(DataDir dataDir, EagleConfig config, LogFile log) {
        dataDir.ensureExists();
        return new Db(new Db.Options(dataDir.dbFile(), config.intValue(ConfigKeys.STORE_BUSY_TIMEOUT_MS),
                config.intValue(ConfigKeys.STORE_WRITE_RETRIES), 4, log::warn));
    }

    void closeDb(@Disposes Db db) {
        db.close();
    }

    @Produces
    @Singleton
    Redactor redactor(EagleConfig config) {
        return Redactor.defaults()
                .withExtraPatterns(config.listValue(ConfigKeys.REDACTION_EXTRA_PATTERNS))
                .withHighEntropy(config.boolValue(ConfigKeys.REDACTION_HIGH_ENTROPY));
    }

    @Produces
    @Singleton
    ProjectStore projectStore() {
        return new ProjectStore();
    }

    @Produces
    @Singleton
    SessionStore sessionStore() {
        return new SessionStore();
    }

    @Produces
    @Singleton
    SummaryStore summaryStore() {
        return new SummaryStore();
    }

    @Produces
    @Singleton
    MemoryStore memoryStore() {
        return new MemoryStore();
    }

    @Produces
    @Singleton
    PromptStore promptStore() {
        return new PromptStore();
    }

    @Produces
    @Singleton
    EventStore eventStore() {
        return new EventStore();
    }

    @Produces
    @Singleton
    StatsStore statsStore() {
        return new StatsStore();
    }

    @Produces
    @Singleton
    VectorStore vectorStore() {
        return new VectorStore();
    }

    @Produces
    @Singleton
    CodeStore codeStore() {
        return new CodeStore();
    }

    @Produces
    @Singleton
    AnchorStore anchorStore() {
        return new AnchorStore();
    }

    @Produces
    @Singleton
    GraphStore graphStore() {
        return new GraphStore();
    }

    @Produces
    @Singleton
    LlmUsageStore llmUsageStore() {
        return new LlmUsageStore();
    }

    /** The model loads only when serve (or a search) calls load(); recall.semantic = false never loads it. */
    @Produces
    @Singleton
    SemanticIndex semanticIndex(Db db, VectorStore vectors, Settings settings) {
        return new SemanticIndex(db, vectors, () -> {
            if (!settings.semanticRecall()) {
                throw new IllegalStateException("recall.semantic is off");
            }
            return new MiniLmEmbedder();
        });
    }

    @Produces
    @Singleton
    SearchStore searchStore() {
        return new SearchStore();
    }

    @Produces
    @Singleton
    ObservationStore observationStore() {
        return new ObservationStore();
    }

    @Produces
    @Singleton
    RecallStore recallStore() {
        return new RecallStore();
    }

    @Produces
    @Singleton
    OverviewStore overviewStore() {
        return new OverviewStore();
    }

    @Produces
    @Singleton
    ProjectSwitch projectSwitch(DataDir dataDir) {
        return new ProjectSwitch(dataDir.root());
    }

    @Produces
    @Singleton
    PortableStore portableStore() {
        return new PortableStore();
    }

    @Produces
    @Singleton
    HealthStore healthStore() {
        return new HealthStore();
    }

    @Produces
    @Singleton
    JobStore jobStore() {
        return new JobStore();
    }

    @Produces
    @Singleton
    TimelineStore timelineStore() {
        return new TimelineStore();
    }

    @Produces
    @Singleton
    FeatureStore featureStore() {
        return new FeatureStore();
    }

    @Produces
    @Singleton
    VerificationStore verificationStore() {
        return new VerificationStore();
    }

    @Produces
    @Singleton
    GuardRuleStore guardRuleStore() {
        return new GuardRuleStore();
    }

    @Produces
    @Singleton
    AppliedEventStore appliedEventStore() {
        return new AppliedEventStore();
    }

    @Produces
    @Singleton
    CurationStore curationStore() {
        return new CurationStore();
    }

    @Produces
    @Singleton
    FileHintStore fileHintStore() {
        return new FileHintStore();
    }

    @Produces
    @Singleton
    EnrichmentStore enrichmentStore() {
        return new EnrichmentStore();
    }

    @Produces
    @Singleton
    CueStore cueStore() {
        return new CueStore();
    }
}
