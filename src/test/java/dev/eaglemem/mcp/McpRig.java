package dev.eaglemem.mcp;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.jobs.LaneSpawns;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.orchestrate.LaneSync;
import dev.eaglemem.orchestrate.LaneWorkers;
import dev.eaglemem.orchestrate.OrchestrateService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.TestDb;

/** The MCP tools over a real temp database with the real migrations; the project is code/app (EAGLE_MEM_PROJECT). */
final class McpRig implements AutoCloseable {

    static final String PROJECT = "code/app";

    final TestDb t;
    final LogFile log;
    final MemoryService memories;
    final OrchestrateService orchestrate;
    final McpTools tools;

    McpRig(Path dir) {
        this(dir, dir);
    }

    /** The server running in {@code cwd} (a git checkout, for the anchor tools). */
    McpRig(Path dir, Path cwd) {
        t = TestDb.in(dir);
        Clock clock = Clock.fixed(Instant.parse("2026-11-25T10:00:00Z"), ZoneOffset.UTC);
        log = new LogFile(dir.resolve("eagle-mem.log"), clock);
        EagleEnv env = new EagleEnv(Map.of("HOME", dir.toString(), "GIT_CEILING_DIRECTORIES", dir.toString(),
                "EAGLE_MEM_PROJECT", PROJECT, "CLAUDECODE", "1"), dir, cwd);
        CurrentContext context = new CurrentContext(env);
        TestServices services = TestServices.on(t.db, clock).withContext(context);
        memories = services.memories();
        orchestrate = services.orchestrate();
        LaneSync sync = new LaneSync(orchestrate, services.settings());
        DataDir data = new DataDir(dir.resolve("data"), dir.resolve("data/config.toml"));
        LaneWorkers workers = new LaneWorkers(orchestrate, sync, data, env, services.settings());
        // no serve runs here: a spawn starts its worker itself (LaneApiTest has serve's queued spawn)
        tools = new McpTools(services.search(), services.timeline(), services.records(), memories, services.sessions(),
                services.verifications(), services.tasks(), orchestrate,
                new LaneSpawns(workers, services.jobs(), services.settings()), new ServeControl(data), sync, context,
                services.settings());
    }

    @Override
    public void close() {
        t.close();
    }
}
