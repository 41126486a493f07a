package dev.eaglemem.llm;

import java.util.List;

import dev.eaglemem.store.LlmUsageStore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * {@code eagle-mem llm status}: what is configured, what each provider in the chain resolves to (never a key),
 * the budget and today's use, and what the machine offers.
 *
 * @param provider {@code llm.provider}
 * @param chain the providers a call may use, in order
 * @param refused remote fallbacks left out by the locality rule
 */
@RegisterForReflection
public record LlmStatus(String provider, List<Provider> chain, List<Refused> refused, boolean allowRemote, Budget budget,
        Today today, Detected detected) {

    /** One provider as it will be called. {@code key_source} names where the key comes from, never the key. */
    @RegisterForReflection
    public record Provider(String provider, String model, String baseUrl, String keySource, boolean local, boolean usable,
            String problem) {

        static Provider of(ProviderSetup p) {
            return new Provider(p.kind().id(), p.model(), p.baseUrl(), p.keySource(), p.local(), p.usable(), p.problem());
        }
    }

    /** A fallback the locality rule refuses. */
    @RegisterForReflection
    public record Refused(String provider, String reason) {
    }

    /** The day's caps and the per-call cap. */
    @RegisterForReflection
    public record Budget(double dailyUsd, long dailyTokens, int maxTokens, int timeoutSeconds) {
    }

    /** What the budget's day has used so far. */
    @RegisterForReflection
    public record Today(String day, long calls, long tokens, double costUsd) {

        static Today of(String day, LlmUsageStore.Spent s) {
            return new Today(day, s.calls(), s.tokens(), s.costUsd());
        }
    }
}
