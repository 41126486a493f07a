package dev.eaglemem.hook;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import dev.eaglemem.code.CodeUsage;
import dev.eaglemem.curate.FileHints;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.FileHintStore;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.GraphStore;
import dev.eaglemem.capture.CaptureService;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.feature.GuardRuleService;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.gate.AgentReleaseGate;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.FeatureStore;
import dev.eaglemem.store.GuardRuleStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.VerificationStore;
import dev.eaglemem.tokenguard.TokenPolicy;

/** The guardrail handlers wired by hand on a real database, for rigs that build the hook stack themselves. */
public final class TestGuards {

    private TestGuards() {
    }

    /** With default config and an empty PATH: no rtk, so the token guard never rewrites. */
    public static GuardHandlers wire(Db db, MemoryService memories, CaptureService capture, Path dataDir, Clock clock) {
        return wire(db, memories, capture, dataDir, clock, "");
    }

    /** {@code path} is the PATH the token guard looks for rtk on. */
    public static GuardHandlers wire(Db db, MemoryService memories, CaptureService capture, Path dataDir, Clock clock,
            String path) {
        EagleEnv env = new EagleEnv(Map.of("PATH", path), dataDir, dataDir);
        return new GuardHandlers(new AgentReleaseGate(verifications(db, clock), env),
                new TokenPolicy(EagleConfig.defaults(dataDir.resolve("config.toml")), env,
                        new DataDir(dataDir, dataDir.resolve("config.toml")), clock, db, new CurationStore()),
                new FeatureService(db, new FeatureStore(), new VerificationStore(), new ProjectStore(), Redactor.defaults(), clock),
                new GuardRuleService(db, new GuardRuleStore(), new ProjectStore(), Redactor.defaults(), clock), memories, capture,
                new CodeUsage(db, new CodeStore(), new GraphStore()), new FileHints(db, new FileHintStore(), clock));
    }

    /** The feature checks the guardrails read and an event's follow-ups open (EventIntake's). */
    public static VerificationService verifications(Db db, Clock clock) {
        return new VerificationService(db, new FeatureStore(), new VerificationStore(), Redactor.defaults(), clock);
    }
}
