package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code config set --json} prints: status {@code set} or {@code already_set}. */
@RegisterForReflection
public record ConfigSet(String key, Object value, Object previous, String status) {
}
