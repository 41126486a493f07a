package dev.eaglemem.llm;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A model's answer and what it cost.
 *
 * @param provider which provider answered ({@code anthropic}, {@code openai}, {@code ollama}, {@code agent_cli})
 * @param model the model the provider says answered (else the one asked for)
 * @param estimated true when the token counts are estimated from the text (agent CLIs report none)
 * @param costUsd estimated cost from the price table ({@code llm.prices}); 0 for local providers
 */
@RegisterForReflection
public record LlmReply(String text, String provider, String model, long inputTokens, long outputTokens,
        boolean estimated, double costUsd, long latencyMs) {
}
