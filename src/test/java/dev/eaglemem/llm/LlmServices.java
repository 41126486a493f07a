package dev.eaglemem.llm;

import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.LlmUsageStore;
import dev.eaglemem.store.TestDb;

/**
 * The production {@link LlmService} for tests: real provider chain, cost governor (UTC days), redaction and log
 * file, on a temp database; only the configuration, environment and clock are the test's.
 */
public final class LlmServices {

    private LlmServices() {
    }

    public static LlmService real(TestDb t, Path dir, Map<String, Object> config, Map<String, String> env, Clock clock,
            Path log) {
        return new LlmService(new EagleConfig(dir.resolve("config.toml"), config, List.of()), new EagleEnv(env, dir, dir),
                Redactor.defaults(), new CostGovernor(t.db, new LlmUsageStore(), clock, ZoneOffset.UTC),
                new LogFile(log, clock), clock, new LangchainCaller(clock), new AgentCliCaller());
    }
}
