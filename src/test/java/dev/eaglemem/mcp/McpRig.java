package dev.eaglemem.mcp;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.NoModel;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.search.RecordService;
import dev.eaglemem.search.TimelineService;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.AnchorStore;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.FeatureStore;
import dev.eaglemem.store.GraphStore;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.TimelineStore;
import dev.eaglemem.store.VerificationStore;

/** The MCP tools over a real temp database with the real migrations; the project is code/app (EAGLE_MEM_PROJECT). */
final class McpRig implements AutoCloseable {

    static final String PROJECT = "code/app";

    final TestDb t;
    final LogFile log;
    final MemoryService memories;
    final McpTools tools;

    McpRig(Path dir) {
        this(dir, dir);
    }

    /** The server running in {@code cwd} (a git checkout, for the anchor tools). */
    McpRig(Path dir, Path cwd) {
        t = TestDb.in(dir);
        Clock clock = Clock.fixed(Instant.parse("2026-11-25T10:00:00Z"), ZoneOffset.UTC);
        log = new LogFile(dir.resolve("eagle-mem.log"), clock);
        Redactor redactor = Redactor.defaults();
        EagleEnv env = new EagleEnv(Map.of("HOME", dir.toString(), "GIT_CEILING_DIRECTORIES", dir.toString(),
                "EAGLE_MEM_PROJECT", PROJECT, "CLAUDECODE", "1"), dir, cwd);
        CurrentContext context = new CurrentContext(env);
        memories = new MemoryService(t.db, new MemoryStore(), new ProjectStore(), new SessionStore(),
                new EventStore(), redactor, new AnchorService(t.db, new AnchorStore(), new GraphStore(), new ProjectStore(),
                        new SummaryStore(), new MemoryStore(), context, clock), clock);
        SessionService sessions = new SessionService(t.db, new SessionStore(), new SummaryStore(),
                new EnrichmentStore(), new ProjectStore(),
                new EventStore(), redactor, clock);
        tools = new McpTools(NoModel.search(t.db), new TimelineService(t.db, new TimelineStore()),
                new RecordService(t.db, new MemoryStore(), new SummaryStore(), new SessionStore(), new PromptStore(),
                        new ObservationStore(), new CodeStore()),
                memories, sessions,
                new VerificationService(t.db, new FeatureStore(), new VerificationStore(), redactor, clock),
                context, new Settings(EagleConfig.defaults(dir.resolve("config.toml"))));
    }

    @Override
    public void close() {
        t.close();
    }
}
