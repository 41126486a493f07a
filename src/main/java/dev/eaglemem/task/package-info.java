/**
 * Durable tasks (issue 28): what an agent or a person is working on, kept across compactions and sessions. A task is
 * typed as {@code t-<id>}; it moves between pending, in progress, blocked, completed and cancelled, keeps notes, and is
 * called stale when it has been in progress untouched for {@code tasks.stale_days} or its session has ended. Tasks an
 * agent keeps with its own tools are mirrored here by their origin and the agent's own id, one row each.
 */
package dev.eaglemem.task;
