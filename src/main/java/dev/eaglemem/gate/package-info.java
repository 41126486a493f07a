/**
 * The release gate, in its two places: the agent's check before a release command
 * ({@link dev.eaglemem.gate.AgentReleaseGate}, run from PreToolUse) and the git pre-push hook
 * ({@link dev.eaglemem.gate.PrePushCheck} over the push range, {@link dev.eaglemem.gate.PrePushHook} installs it).
 * Both deny with the same pending checks and the same text.
 */
package dev.eaglemem.gate;
