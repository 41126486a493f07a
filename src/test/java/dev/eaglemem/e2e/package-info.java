/**
 * End-to-end test infrastructure: the real Claude Code and Codex CLIs run offline against scripted fake
 * model servers ({@link dev.eaglemem.e2e.FakeAnthropic}, {@link dev.eaglemem.e2e.FakeOpenAi}) in a scratch
 * workspace under {@code target/e2e-work}. Scenarios assert on what reached the model and on eagle-mem's own
 * state; nothing here knows about eagle-mem itself.
 */
package dev.eaglemem.e2e;
