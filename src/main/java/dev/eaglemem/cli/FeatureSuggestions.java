package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.store.ProposalRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code feature suggest --json} prints: the curator's open feature proposals. */
@RegisterForReflection
public record FeatureSuggestions(String project, List<ProposalRow> suggestions) {
}
