package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code jobs purge-dead --json} prints; the age is null without {@code --older-than-days}. */
@RegisterForReflection
public record JobsPurged(int purged, Integer olderThanDays) {
}
