package dev.eaglemem.store;

import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A row of {@code curation_proposals}: what the curator proposes ({@code kind}, its {@code payload}), a one-line
 * {@code summary} for people, the {@code evidence} it rests on, and after a decision what accepting created
 * ({@code applied}: ids, which undo reverses).
 */
@RegisterForReflection
public record ProposalRow(long id, String project, String kind, String fingerprint, Map<String, Object> payload,
        String summary, String evidence, String status, String source, Long jobId, Map<String, Object> applied,
        String createdAt, String decidedAt) {
}
