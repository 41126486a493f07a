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
import dev.eaglemem.store.Db;
import dev.eaglemem.store.VectorStore;

/**
 * Wiring. Everything here is created on first use, never at start-up: services are proxied
 * ({@code @ApplicationScoped}), so {@code eagle-mem --version} reads no config and opens no database,
 * and a broken config.toml only fails the commands that need it. Only what is built from the environment or config is
 * produced here; the stores hold neither and are {@code @Singleton} beans themselves, injected wherever they are used.
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
                log.warn(
                        "config: " + config.problem().getMessage() + "; using the defaults until it is fixed (eagle-mem doctor)");
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
    ProjectSwitch projectSwitch(DataDir dataDir) {
        return new ProjectSwitch(dataDir.root());
    }
}
