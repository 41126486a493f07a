package dev.eaglemem.llm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.EagleConfig;

/**
 * The {@code llm.*} keys of config.toml, typed.
 *
 * @param primary the provider asked first; empty for {@code none}
 * @param model, baseUrl, apiKeyFile apply to the primary provider only (blank: its default)
 */
public record LlmConfig(Optional<ProviderKind> primary, String model, String baseUrl, String apiKeyFile,
        String agentCli, List<ProviderKind> fallback, boolean allowRemote, Duration timeout, int maxTokens,
        double dailyUsd, long dailyTokens, Prices prices) {

    public static LlmConfig from(EagleConfig c) {
        List<ProviderKind> fallback = new ArrayList<>();
        for (String id : c.listValue(ConfigKeys.LLM_FALLBACK)) {
            ProviderKind.parse(id).filter(k -> !fallback.contains(k)).ifPresent(fallback::add);
        }
        return new LlmConfig(ProviderKind.parse(c.stringValue(ConfigKeys.LLM_PROVIDER)),
                c.stringValue(ConfigKeys.LLM_MODEL).strip(), c.stringValue(ConfigKeys.LLM_BASE_URL).strip(),
                c.stringValue(ConfigKeys.LLM_API_KEY_FILE).strip(), c.stringValue(ConfigKeys.LLM_AGENT_CLI),
                List.copyOf(fallback), c.boolValue(ConfigKeys.LLM_ALLOW_REMOTE),
                Duration.ofSeconds(c.intValue(ConfigKeys.LLM_TIMEOUT_SECONDS)), c.intValue(ConfigKeys.LLM_MAX_TOKENS),
                c.decimalValue(ConfigKeys.LLM_DAILY_USD), c.intValue(ConfigKeys.LLM_DAILY_TOKENS),
                Prices.of(c.listValue(ConfigKeys.LLM_PRICES)));
    }
}
