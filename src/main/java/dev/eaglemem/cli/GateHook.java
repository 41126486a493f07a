package dev.eaglemem.cli;

import dev.eaglemem.gate.PrePushHook;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code gate install|uninstall --json} prints: what happened to the pre-push hook, and where. */
@RegisterForReflection
public record GateHook(PrePushHook.Status status, String hook, String backup) {
}
