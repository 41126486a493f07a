package dev.eaglemem.curate;

import java.util.List;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One question a curate step would put to the model: what it is about ({@code what}, {@code inputs} records), the
 * prompt, and how its answer is read into proposals ({@code reader} validates every item against the inputs; an item
 * that names something outside them is dropped).
 */
record Ask(ProposalKind kind, String what, int inputs, String system, String prompt, int maxTokens,
        Function<JsonNode, List<Draft>> reader) {
}
