/**
 * Curation: what eagle-mem learns from a project's history. Pure SQL parts (co-edit pairs, hot files:
 * {@link dev.eaglemem.curate.FileHints}) run on every curate; the model steps (gotcha promotion, superseded decisions,
 * consolidation, command rules, feature suggestions: {@link dev.eaglemem.curate.CurateSteps}) only PROPOSE
 * ({@code curation_proposals}). A person accepts, rejects or undoes a proposal ({@link dev.eaglemem.curate.Proposals});
 * every accepted change names its proposal and job and is reversed by undo, and nothing is deleted.
 */
package dev.eaglemem.curate;
