package dev.eaglemem.llm;

import java.net.URI;
import java.util.Locale;

/**
 * One provider as it will be called: its resolved model, URL and key.
 *
 * @param baseUrl the API's base URL; for agent_cli the CLI's path
 * @param apiKey the key, or null; never printed ({@link #toString()} leaves it out)
 * @param keySource where the key came from (an environment variable's name or a file), or null
 * @param problem why this provider cannot be called (no key, CLI not on PATH), or null when it can
 */
public record ProviderSetup(ProviderKind kind, String model, String baseUrl, String apiKey, String keySource,
        String problem) {

    /** True when what is sent stays on this machine (or on the user's own agent CLI). */
    public boolean local() {
        return kind.localByNature() || loopback(baseUrl);
    }

    public boolean usable() {
        return problem == null;
    }

    static boolean loopback(String url) {
        if (url == null || url.isBlank()) {
            return false;
        }
        try {
            String host = URI.create(url).getHost();
            if (host == null) {
                return false;
            }
            host = host.toLowerCase(Locale.ROOT);
            return host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1");
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return kind.id() + "(" + model + " @ " + baseUrl + (keySource == null ? "" : ", key from " + keySource) + ")";
    }
}
