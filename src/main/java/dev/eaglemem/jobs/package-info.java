/**
 * Durable background work. Hooks and commands only enqueue ({@link dev.eaglemem.jobs.JobQueue}); the
 * {@link dev.eaglemem.jobs.JobEngine} claims due jobs atomically and runs them with bounded concurrency,
 * back-off and a dead letter, for {@code eagle-mem serve} ({@link dev.eaglemem.jobs.JobPump}) and
 * {@code eagle-mem jobs run} alike. Only kinds that do real work are registered ({@link dev.eaglemem.jobs.JobKinds}).
 */
package dev.eaglemem.jobs;
