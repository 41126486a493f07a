package dev.eaglemem.doctor;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code eagle-mem health} shows: a score out of 100 in four parts and the fixes that would raise it.
 *
 * @param project the project scored
 * @param grade healthy (80 % and more), needs_attention (50 %) or unhealthy
 * @param parts capture, enrichment, features, config, in that order
 * @param next the fixes, the biggest gain first
 */
@RegisterForReflection
public record HealthReport(String project, int score, int max, Grade grade, List<Part> parts, List<String> next) {

    public HealthReport {
        parts = List.copyOf(parts);
        next = List.copyOf(next);
    }

    @RegisterForReflection
    public enum Grade {
        HEALTHY, NEEDS_ATTENTION, UNHEALTHY
    }

    /**
     * One part of the score.
     *
     * @param detail what was measured, in words
     * @param fix what would raise it, or null at full marks
     */
    @RegisterForReflection
    public record Part(String name, int score, int max, String detail, String fix) {
    }
}
