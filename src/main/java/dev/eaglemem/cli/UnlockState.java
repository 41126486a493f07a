package dev.eaglemem.cli;

import dev.eaglemem.tokenguard.TokenPolicy;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code unlock --json} prints: what it did, until when, the unlock file, and how the token guard stands. */
@RegisterForReflection
public record UnlockState(UnlockCommand.Result status, boolean active, String expiresAt, String file, TokenPolicy.Effect guard) {
}
