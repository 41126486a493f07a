package dev.eaglemem.llm;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What this machine offers for models, found without calling any model.
 *
 * @param ollamaUrl where Ollama was looked for (OLLAMA_HOST, else localhost:11434)
 * @param ollamaModels the models it serves, when it answered; null when it did not
 * @param claude path of the claude CLI on PATH, or null
 * @param codex path of the codex CLI on PATH, or null
 * @param apiKeys which of ANTHROPIC_API_KEY and OPENAI_API_KEY are set (names only)
 */
@RegisterForReflection
public record Detected(String ollamaUrl, List<String> ollamaModels, String claude, String codex, List<String> apiKeys) {

    public boolean ollamaRunning() {
        return ollamaModels != null;
    }
}
