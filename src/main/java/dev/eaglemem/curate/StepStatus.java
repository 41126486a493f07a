package dev.eaglemem.curate;

import dev.eaglemem.format.StateId;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What became of one model step in a curate run. */
@RegisterForReflection
public enum StepStatus implements StateId {
    /** The model answered and its answer was read (proposals may be none). */
    ASKED,
    /** Dry run: the question that would be asked; nothing was sent. */
    WOULD_ASK,
    /** The history holds too little for this step. */
    NOTHING_TO_ASK,
    /** No model provider is configured. */
    NO_PROVIDER,
    /** The answer held no readable JSON; nothing was applied. */
    MALFORMED,
    /** No provider answered. */
    FAILED
}
