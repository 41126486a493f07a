package dev.eaglemem.llm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.platform.Executables;

/**
 * Turns a provider kind into how it will be called: config first (for the primary provider), then the
 * ecosystem's standard variables ({@code ANTHROPIC_API_KEY}/{@code ANTHROPIC_BASE_URL},
 * {@code OPENAI_API_KEY}/{@code OPENAI_BASE_URL}, {@code OLLAMA_HOST}), then the public defaults. So a user's
 * existing setup, or a local proxy, works without new configuration.
 */
public final class ProviderResolver {

    public static final String ANTHROPIC_URL = "https://api.anthropic.com/v1";
    public static final String OPENAI_URL = "https://api.openai.com/v1";
    public static final String OLLAMA_URL = "http://localhost:11434";
    static final String ANTHROPIC_MODEL = "claude-haiku-4-5";
    static final String OPENAI_MODEL = "gpt-4o-mini";
    static final String OLLAMA_MODEL = "llama3.2";

    private static final Set<PosixFilePermission> OTHERS = Set.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE);

    private final EagleEnv env;

    public ProviderResolver(EagleEnv env) {
        this.env = env;
    }

    /** How {@code kind} is called; the config's model, URL and key file count only when it is the primary. */
    public ProviderSetup resolve(ProviderKind kind, LlmConfig config, boolean primary) {
        String model = primary && !config.model().isEmpty() ? config.model() : null;
        String url = primary && !config.baseUrl().isEmpty() ? config.baseUrl() : null;
        String keyFile = primary && !config.apiKeyFile().isEmpty() ? config.apiKeyFile() : null;
        return switch (kind) {
            case ANTHROPIC -> keyed(kind, or(model, ANTHROPIC_MODEL),
                    or(url, env.get("ANTHROPIC_BASE_URL").map(ProviderResolver::anthropicV1).orElse(ANTHROPIC_URL)),
                    keyFile, "ANTHROPIC_API_KEY");
            case OPENAI -> keyed(kind, or(model, OPENAI_MODEL), or(url, env.get("OPENAI_BASE_URL").orElse(OPENAI_URL)),
                    keyFile, "OPENAI_API_KEY");
            case OLLAMA -> new ProviderSetup(kind, or(model, OLLAMA_MODEL),
                    or(url, env.get("OLLAMA_HOST").map(ProviderResolver::ollamaUrl).orElse(OLLAMA_URL)), null, null, null);
            case AGENT_CLI -> agentCli(config.agentCli(), model);
        };
    }

    private ProviderSetup keyed(ProviderKind kind, String model, String url, String keyFile, String variable) {
        if (keyFile != null) {
            Path file = expand(keyFile);
            String problem = keyFileProblem(file);
            if (problem != null) {
                return new ProviderSetup(kind, model, url, null, file.toString(), problem);
            }
            try {
                return new ProviderSetup(kind, model, url, Files.readString(file, StandardCharsets.UTF_8).strip(),
                        file.toString(), null);
            } catch (IOException e) {
                return new ProviderSetup(kind, model, url, null, file.toString(), "cannot read the key file " + file);
            }
        }
        Optional<String> key = env.get(variable);
        if (key.isPresent()) {
            return new ProviderSetup(kind, model, url, key.get().strip(), variable, null);
        }
        // A server on this machine (llama.cpp, LM Studio, a proxy) usually needs no key.
        if (ProviderSetup.loopback(url)) {
            return new ProviderSetup(kind, model, url, null, null, null);
        }
        return new ProviderSetup(kind, model, url, null, null, "no API key: set " + variable
                + " or llm.api_key_file (a file with mode 600)");
    }

    private static String keyFileProblem(Path file) {
        if (!Files.isRegularFile(file)) {
            return "the key file " + file + " does not exist";
        }
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.stream().anyMatch(OTHERS::contains)) {
                return "the key file " + file + " can be read by other users: chmod 600 " + file;
            }
        } catch (UnsupportedOperationException | IOException e) {
            return null;
        }
        return null;
    }

    private ProviderSetup agentCli(String which, String model) {
        for (String name : switch (which) {
            case "claude" -> new String[] { "claude" };
            case "codex" -> new String[] { "codex" };
            default -> new String[] { "claude", "codex" };
        }) {
            Optional<Path> found = Executables.find(env.vars(), name);
            if (found.isPresent()) {
                return new ProviderSetup(ProviderKind.AGENT_CLI, or(model, name), found.get().toString(), null, null, null);
            }
        }
        String wanted = "auto".equals(which) ? "claude or codex" : which;
        return new ProviderSetup(ProviderKind.AGENT_CLI, or(model, "auto".equals(which) ? "claude" : which), wanted, null,
                null, wanted + " is not on PATH");
    }

    private Path expand(String path) {
        if (path.equals("~") || path.startsWith("~/")) {
            return env.home().resolve(path.substring(Math.min(2, path.length())));
        }
        return env.cwd().resolve(path);
    }

    /** ANTHROPIC_BASE_URL names the host (Claude Code appends /v1/messages); the client wants the /v1 base. */
    static String anthropicV1(String url) {
        String u = url.strip().replaceAll("/+$", "");
        return u.endsWith("/v1") ? u : u + "/v1";
    }

    /** OLLAMA_HOST is often host:port without a scheme, or 0.0.0.0 (a bind address, reached as localhost). */
    static String ollamaUrl(String host) {
        String h = host.strip().replaceAll("/+$", "");
        if (!h.startsWith("http://") && !h.startsWith("https://")) {
            h = "http://" + h;
        }
        h = h.replace("://0.0.0.0", "://localhost");
        return h.matches("https?://[^/:]+") ? h + ":11434" : h;
    }

    private static String or(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }
}
