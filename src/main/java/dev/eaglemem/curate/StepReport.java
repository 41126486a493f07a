package dev.eaglemem.curate;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One model step of a curate run.
 *
 * @param detail what was (or would be) asked, why nothing was, or the error
 * @param promptChars the question's size in characters (what a dry run would send, before redaction)
 * @param proposed the new proposals' ids
 * @param alreadyKnown proposals the model made again that were proposed (or rejected) before
 * @param model the model that answered, or null
 * @param prompt in a dry run, the question that would be sent (before the provider's redaction); else null
 */
@RegisterForReflection
public record StepReport(ProposalKind kind, StepStatus status, String detail, int promptChars, List<Long> proposed,
        int alreadyKnown, String model, long inputTokens, long outputTokens, String prompt) {
}
