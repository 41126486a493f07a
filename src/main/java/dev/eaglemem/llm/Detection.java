package dev.eaglemem.llm;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.platform.Executables;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Finds the providers a user already has, for {@code llm status} and {@code llm init}: a running Ollama (its
 * {@code /api/tags}, 2 s at most), the agent CLIs on PATH, and the standard API key variables. Local first: that
 * is also the order {@link #choose} prefers.
 */
public final class Detection {

    /** Ollama models to prefer when several are installed, best first. */
    static final List<String> OLLAMA_PREFERENCE = List.of("qwen3", "gemma3", "llama3", "mistral", "phi4", "qwen2.5");

    /** What {@code llm init} would configure, and why. */
    @RegisterForReflection
    public record Choice(String provider, String model, String reason) {
    }

    private static final ObjectMapper JSON = PlainJson.MAPPER;
    private final EagleEnv env;

    public Detection(EagleEnv env) {
        this.env = env;
    }

    public Detected detect() {
        String ollama = env.get("OLLAMA_HOST").map(ProviderResolver::ollamaUrl).orElse(ProviderResolver.OLLAMA_URL);
        List<String> keys = new ArrayList<>();
        for (String name : List.of("ANTHROPIC_API_KEY", "OPENAI_API_KEY")) {
            if (env.isSet(name)) {
                keys.add(name);
            }
        }
        return new Detected(ollama, ollamaModels(ollama).orElse(null), path("claude"), path("codex"), keys);
    }

    /** Local first: a running Ollama, then an agent CLI, then an API key; none when nothing is there. */
    public static Choice choose(Detected d) {
        if (d.ollamaRunning() && !d.ollamaModels().isEmpty()) {
            String model = d.ollamaModels().getFirst();
            for (String preferred : OLLAMA_PREFERENCE) {
                Optional<String> match = d.ollamaModels().stream()
                        .filter(m -> m.toLowerCase(Locale.ROOT).startsWith(preferred)).findFirst();
                if (match.isPresent()) {
                    model = match.get();
                    break;
                }
            }
            return new Choice("ollama", model, "Ollama answers at " + d.ollamaUrl() + " (local, free)");
        }
        if (d.claude() != null || d.codex() != null) {
            String cli = d.claude() != null ? "claude" : "codex";
            return new Choice("agent_cli", "", cli + " is on PATH (your own agent CLI; local to you, billed as your "
                    + "plan bills it)");
        }
        if (d.apiKeys().contains("ANTHROPIC_API_KEY")) {
            return new Choice("anthropic", ProviderResolver.ANTHROPIC_MODEL, "ANTHROPIC_API_KEY is set (remote, paid)");
        }
        if (d.apiKeys().contains("OPENAI_API_KEY")) {
            return new Choice("openai", ProviderResolver.OPENAI_MODEL, "OPENAI_API_KEY is set (remote, paid)");
        }
        return new Choice("none", "", "no Ollama, agent CLI or API key found");
    }

    private String path(String name) {
        return Executables.find(env.vars(), name).map(Object::toString).orElse(null);
    }

    private static Optional<List<String>> ollamaModels(String url) {
        try {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url + "/api/tags"))
                    .timeout(Duration.ofSeconds(2)).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                return Optional.empty();
            }
            List<String> models = new ArrayList<>();
            for (JsonNode m : JSON.readTree(r.body()).path("models")) {
                String name = m.path("name").asText(m.path("model").asText(""));
                if (!name.isBlank()) {
                    models.add(name);
                }
            }
            return Optional.of(models);
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
