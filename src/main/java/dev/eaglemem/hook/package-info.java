/**
 * Agent hooks: {@link dev.eaglemem.hook.HookRunner} is the stdin/stdout/exit-code boundary,
 * {@code HookEvents} adapts Claude Code and Codex payloads into typed events, and
 * {@link dev.eaglemem.hook.HookHandlers} maps each event to a response using the capture and recall services;
 * {@link dev.eaglemem.hook.EventIntake} records each event within the hook's database budget or spools it, and
 * replays the spool (for hooks, serve and the CLI alike).
 */
package dev.eaglemem.hook;
