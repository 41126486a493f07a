/**
 * Agent hooks: {@link dev.eaglemem.hook.HookRunner} is the stdin/stdout/exit-code boundary,
 * {@code HookEvents} adapts Claude Code and Codex payloads into typed events, and
 * {@link dev.eaglemem.hook.HookHandlers} maps each event to a response using the capture and recall services.
 */
package dev.eaglemem.hook;
