package dev.eaglemem.llm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

/**
 * An {@link Llm} for feature tests: answers from a script (texts, or failures to throw), records every request.
 * Provider behaviour itself (HTTP, redaction, budget) is tested against real servers in {@code LlmServiceTest}.
 */
public final class FakeLlm implements Llm {

    private final boolean configured;
    private final Deque<Supplier<String>> script = new ArrayDeque<>();
    public final List<LlmRequest> requests = new ArrayList<>();

    private FakeLlm(boolean configured) {
        this.configured = configured;
    }

    /** No provider configured: {@link #complete} fails as the real service does. */
    public static FakeLlm none() {
        return new FakeLlm(false);
    }

    public static FakeLlm answering(String... answers) {
        FakeLlm llm = new FakeLlm(true);
        for (String a : answers) {
            llm.script.add(() -> a);
        }
        return llm;
    }

    /** The next call throws what {@code failure} supplies. */
    public FakeLlm thenFailing(Supplier<RuntimeException> failure) {
        script.add(() -> {
            throw failure.get();
        });
        return this;
    }

    public FakeLlm then(String answer) {
        script.add(() -> answer);
        return this;
    }

    @Override
    public boolean configured() {
        return configured;
    }

    @Override
    public LlmReply complete(LlmRequest request) {
        if (!configured) {
            throw new LlmFailure("no model provider is configured (llm.provider = none); run: eagle-mem llm init", null,
                    false);
        }
        requests.add(request);
        Supplier<String> next = script.poll();
        if (next == null) {
            throw new AssertionError("FakeLlm: no scripted answer left for " + request.purpose());
        }
        String text = next.get();
        return new LlmReply(text, "fake", "fake-model", request.prompt().length() / 4, text.length() / 4, false, 0, 1);
    }
}
