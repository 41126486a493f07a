package dev.eaglemem.serve.api;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.orchestrate.LaneLog;
import dev.eaglemem.orchestrate.LaneSync;
import dev.eaglemem.orchestrate.LaneWorkers;
import dev.eaglemem.orchestrate.OrchestrateService;

/** The orchestration services the lane routes use, gathered into one bean so {@link ServeApi}'s constructor stays short. */
@ApplicationScoped
public class LaneServices {

    final OrchestrateService service;
    final LaneWorkers workers;
    final LaneSync sync;
    final LaneLog logs;

    public LaneServices(OrchestrateService service, LaneWorkers workers, LaneSync sync, LaneLog logs) {
        this.service = service;
        this.workers = workers;
        this.sync = sync;
        this.logs = logs;
    }
}
