/**
 * Agent hooks: {@link dev.eaglemem.hook.HookRunner} is the stdin/stdout/exit-code boundary,
 * {@code HookEvents} adapts Claude Code and Codex payloads into typed events, and
 * {@link dev.eaglemem.hook.HookHandlers} maps each event to a response: it hands the event to
 * {@link dev.eaglemem.intake.EventIntake} (recorded with its follow-ups, or spooled) and answers with recall and the
 * guardrails ({@link dev.eaglemem.hook.GuardHandlers}).
 */
package dev.eaglemem.hook;
