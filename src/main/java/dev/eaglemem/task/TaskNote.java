package dev.eaglemem.task;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A note on a task: {@code kind} {@code note}, or {@code blocked}/{@code completed}/{@code cancelled} for the reason given
 * with that change. {@code createdAt}: UTC text as stored ({@code 2026-12-07T10:00:00.000Z}), as JSON prints it.
 */
@RegisterForReflection
public record TaskNote(long id, String kind, String text, String author, String createdAt) {
}
