/**
 * The single user-facing error model: {@link dev.eaglemem.error.EagleException} carries an exit code,
 * a stable error code for --json, a message naming what and where, and a runnable fix.
 *
 * <p>One rule for failures that are not ours to explain: fail-open boundaries (the hook path, a job, an API
 * route) catch what they can report and go on, but never a {@link VirtualMachineError}: a long-lived process
 * (serve, the job engine) must not keep running in an unknown state, so the error propagates (and serve's JVM
 * exits on an OutOfMemoryError; the next hook starts a fresh one, the binary answers meanwhile). The one
 * exception is the last frame of a one-shot hook process ({@code HookRunner.run}), which logs it and still exits
 * 0, because that process ends right there and the agent must never see a failing hook.
 */
package dev.eaglemem.error;
