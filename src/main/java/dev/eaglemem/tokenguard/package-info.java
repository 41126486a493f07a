/**
 * Command analysis for the guardrails: a shell-word tokenizer ({@link dev.eaglemem.shell.ShellWords}),
 * release-boundary detection, the token guard's decision and its unlock file, and the git pre-push gate.
 * Everything but the unlock file and the gate is a pure function of its input: no database, no processes.
 */
package dev.eaglemem.tokenguard;
