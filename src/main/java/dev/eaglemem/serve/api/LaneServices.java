package dev.eaglemem.serve.api;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.jobs.LaneSpawns;
import dev.eaglemem.orchestrate.LaneLog;
import dev.eaglemem.orchestrate.LaneSync;
import dev.eaglemem.orchestrate.OrchestrateService;

/**
 * The orchestration services the lane routes use, gathered into one bean so {@link ServeApi}'s constructor stays short.
 * Read through methods: the container hands out a proxy of this bean, whose own fields are never set.
 */
@ApplicationScoped
public class LaneServices {

    private final OrchestrateService service;
    private final LaneSpawns spawns;
    private final LaneSync sync;
    private final LaneLog logs;

    public LaneServices(OrchestrateService service, LaneSpawns spawns, LaneSync sync, LaneLog logs) {
        this.service = service;
        this.spawns = spawns;
        this.sync = sync;
        this.logs = logs;
    }

    public OrchestrateService service() {
        return service;
    }

    public LaneSpawns spawns() {
        return spawns;
    }

    public LaneSync sync() {
        return sync;
    }

    public LaneLog logs() {
        return logs;
    }
}
