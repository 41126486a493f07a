/**
 * Models in the background: the providers (Anthropic, OpenAI-compatible, Ollama, the user's own agent CLI)
 * behind one {@link dev.eaglemem.llm.Llm} interface, with redaction before every request, a locality rule
 * (a local provider never falls back to a remote API unless {@code llm.allow_remote}) and a cost governor
 * (every call recorded, a daily budget that defers work instead of dropping it). Loaded by serve's jobs and
 * the llm and curate commands only; the hook path never touches it.
 */
package dev.eaglemem.llm;
