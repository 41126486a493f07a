package dev.eaglemem.llm;

import java.util.ArrayList;
import java.util.List;

/**
 * The providers a call may use, in order: {@code llm.provider}, then {@code llm.fallback}. Locality: when the
 * chosen provider is local (Ollama, an agent CLI, an API on loopback), a remote fallback is refused unless
 * {@code llm.allow_remote = true}, so text never leaves the machine because a local model was down.
 *
 * @param refused fallbacks left out, with the reason (shown by {@code llm status})
 */
public record ProviderChain(List<ProviderSetup> providers, List<Refused> refused) {

    /** A fallback that will not be used. */
    public record Refused(ProviderSetup provider, String reason) {
    }

    public ProviderChain {
        providers = List.copyOf(providers);
        refused = List.copyOf(refused);
    }

    public static ProviderChain of(LlmConfig config, ProviderResolver resolver) {
        if (config.primary().isEmpty()) {
            return new ProviderChain(List.of(), List.of());
        }
        ProviderSetup primary = resolver.resolve(config.primary().get(), config, true);
        List<ProviderSetup> providers = new ArrayList<>(List.of(primary));
        List<Refused> refused = new ArrayList<>();
        for (ProviderKind kind : config.fallback()) {
            if (kind == primary.kind()) {
                continue;
            }
            ProviderSetup next = resolver.resolve(kind, config, false);
            if (primary.local() && !next.local() && !config.allowRemote()) {
                refused.add(new Refused(next, "would send text to a remote API after " + primary.kind().id()
                        + " (local) failed; set llm.allow_remote = true to allow it"));
            } else {
                providers.add(next);
            }
        }
        return new ProviderChain(providers, refused);
    }

    public List<ProviderSetup> usable() {
        return providers.stream().filter(ProviderSetup::usable).toList();
    }
}
