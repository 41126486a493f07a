package dev.eaglemem.llm;

/**
 * What a provider returned. Token counts are null when the provider reported none (agent CLIs): the caller
 * estimates them.
 */
record ProviderAnswer(String text, String model, Long inputTokens, Long outputTokens) {
}
