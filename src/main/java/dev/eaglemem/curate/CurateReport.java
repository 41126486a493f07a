package dev.eaglemem.curate;

import java.util.List;

import dev.eaglemem.store.FileHintStore.CoEditPair;
import dev.eaglemem.store.FileHintStore.HotFile;
import dev.eaglemem.store.ProposalRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What one curate run did (or, dry, would do).
 *
 * @param hintsStored whether the co-edit and hot-file hints were written (not in a dry run)
 * @param proposals the proposals this run added, as stored
 */
@RegisterForReflection
public record CurateReport(String project, boolean dryRun, boolean modelConfigured, Long jobId, List<CoEditPair> coEdits,
        List<HotFile> hotFiles, boolean hintsStored, List<StepReport> steps, List<ProposalRow> proposals) {

    /** Steps that asked the model and got no answer at all. */
    public long failedSteps() {
        return steps.stream().filter(s -> s.status() == StepStatus.FAILED).count();
    }

    /** Steps that asked (or tried to). */
    public long askingSteps() {
        return steps.stream().filter(s -> s.status() == StepStatus.ASKED || s.status() == StepStatus.MALFORMED
                || s.status() == StepStatus.FAILED).count();
    }
}
