package dev.eaglemem.llm;

import jakarta.enterprise.context.ApplicationScoped;

/** The governed provider chain (see the package doc). */
@ApplicationScoped
public class LlmService implements Llm {

    @Override
    public boolean configured() {
        return false;
    }

    @Override
    public LlmReply complete(LlmRequest request) {
        throw new LlmFailure("no model provider is configured (llm.provider = none)", null, null);
    }
}
