package dev.eaglemem.jobs;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.curate.CurateReport;
import dev.eaglemem.curate.CurateService;
import dev.eaglemem.curate.StepReport;
import dev.eaglemem.store.JobRow;

/**
 * A curate run for one project ({@link CurateService}), queued after every {@code curate.every_sessions} ended sessions
 * or by {@code eagle-mem curate}. It stores co-edit and hot-file hints and proposals, never a change people did not
 * accept, so running it again only finds the same proposals (which are not stored twice). When every model step
 * failed because no provider answered, the attempt fails and the engine retries it later; a budget deferral
 * ({@code LlmDeferred}) propagates to the engine as it is.
 */
@ApplicationScoped
public class CurateJob implements JobKind {

    public static final String KIND = "curate";

    private final CurateService curate;

    public CurateJob(CurateService curate) {
        this.curate = curate;
    }

    public static String dedupeKey(String project) {
        return KIND + ":" + project;
    }

    @Override
    public String name() {
        return KIND;
    }

    @Override
    public String run(JobRow job) {
        String project = job.project();
        if (project == null || project.isBlank()) {
            throw new IllegalArgumentException("curate job " + job.id() + " names no project");
        }
        CurateReport r = curate.run(project, false, job.id());
        if (r.askingSteps() > 0 && r.failedSteps() == r.askingSteps()) {
            throw new IllegalStateException("no model provider answered any curate step: " + r.steps().stream()
                    .map(StepReport::detail).filter(d -> d.startsWith("no provider")).findFirst().orElse(""));
        }
        String model = r.modelConfigured() ? r.proposals().size() + " new proposal" + (r.proposals().size() == 1 ? "" : "s")
                + " (eagle-mem curate proposals)" : "model steps skipped: no provider configured";
        return r.coEdits().size() + " co-edit pairs, " + r.hotFiles().size() + " hot files; " + model;
    }
}
