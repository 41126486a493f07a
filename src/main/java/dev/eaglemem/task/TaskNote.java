package dev.eaglemem.task;

import java.time.Instant;

/** A note on a task: {@code kind} {@code note}, or {@code blocked}/{@code completed}/{@code cancelled} for the reason given with that change. */
public record TaskNote(long id, String kind, String text, String author, Instant createdAt) {
}
