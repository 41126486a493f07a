/**
 * The token guard: noisy shell commands are rewritten through {@code rtk} when it is on PATH (or denied where
 * the agent cannot take a rewrite), unless the user unlocked it for a while ({@link dev.eaglemem.tokenguard.UnlockFile}).
 * The decision is a pure function of the command, the settings and the unlock state.
 */
package dev.eaglemem.tokenguard;
