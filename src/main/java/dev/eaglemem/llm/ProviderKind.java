package dev.eaglemem.llm;

import java.util.Locale;
import java.util.Optional;

/** A kind of model provider, named as in {@code llm.provider}. */
public enum ProviderKind {
    ANTHROPIC, OPENAI, OLLAMA, AGENT_CLI;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Ollama and the user's own agent CLI run under the user's control; the two APIs are remote unless on loopback. */
    public boolean localByNature() {
        return this == OLLAMA || this == AGENT_CLI;
    }

    public static Optional<ProviderKind> parse(String text) {
        String id = text == null ? "" : text.strip().toLowerCase(Locale.ROOT).replace('-', '_');
        for (ProviderKind kind : values()) {
            if (kind.id().equals(id)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
