package dev.eaglemem.feature;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What verify or waive resolved: the checks and the feature they belong to (null for a waiver by id across features). */
@RegisterForReflection
public record VerifyResult(String feature, Resolution status, String notes, List<PendingCheck> resolved) {
}
