package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.store.ProposalRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code curate proposals --json} prints. */
@RegisterForReflection
public record ProposalList(String project, List<ProposalRow> proposals) {
}
