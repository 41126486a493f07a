package dev.eaglemem.curate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.llm.Llm;
import dev.eaglemem.llm.LlmFailure;
import dev.eaglemem.llm.LlmReply;
import dev.eaglemem.llm.LlmRequest;

/**
 * A fake model for curate tests: answers each step (told apart by the answer shape its prompt asks for) with a
 * scripted text, and records every request. A step with no script gets a failure, as when no provider answers.
 */
class ScriptedLlm implements Llm {

    final List<LlmRequest> requests = new ArrayList<>();
    private final Map<ProposalKind, String> answers = new HashMap<>();
    private final boolean configured;

    ScriptedLlm(boolean configured) {
        this.configured = configured;
    }

    ScriptedLlm answer(ProposalKind kind, String text) {
        answers.put(kind, text);
        return this;
    }

    @Override
    public boolean configured() {
        return configured;
    }

    @Override
    public LlmReply complete(LlmRequest request) {
        requests.add(request);
        ProposalKind kind = kindOf(request.prompt());
        String text = answers.get(kind);
        if (text == null) {
            throw new LlmFailure("fake provider: connection refused", null, true);
        }
        return new LlmReply(text, "fake", "fake-model-1", request.prompt().length() / 4, text.length() / 4, false, 0.0, 5);
    }

    static ProposalKind kindOf(String prompt) {
        if (prompt.contains("{\"promote\"")) {
            return ProposalKind.PROMOTE_GOTCHA;
        }
        if (prompt.contains("{\"superseded\"")) {
            return ProposalKind.SUPERSEDE;
        }
        if (prompt.contains("{\"consolidations\"")) {
            return ProposalKind.CONSOLIDATE;
        }
        if (prompt.contains("{\"rules\"")) {
            return ProposalKind.COMMAND_RULE;
        }
        if (prompt.contains("{\"features\"")) {
            return ProposalKind.FEATURE;
        }
        throw new AssertionError("a prompt no step makes: " + prompt);
    }
}
