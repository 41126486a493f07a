package dev.eaglemem.cli;

import dev.eaglemem.orchestrate.LaneView;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code orchestrate lane add|start|block|complete|cancel --json} print: the lane now. */
@RegisterForReflection
public record LaneShown(LaneView lane) {
}
