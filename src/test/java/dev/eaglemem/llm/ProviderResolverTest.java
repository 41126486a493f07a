package dev.eaglemem.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a provider is resolved from config and the ecosystem's variables, and what each model costs. */
class ProviderResolverTest {

    @TempDir
    Path home;
    Map<String, String> vars = new HashMap<>(Map.of("PATH", "/nonexistent"));
    Map<String, Object> config = new HashMap<>();

    ProviderSetup resolve(ProviderKind kind, boolean primary) {
        LlmConfig c = LlmConfig.from(new EagleConfig(home.resolve("config.toml"), config, List.of()));
        return new ProviderResolver(new EagleEnv(vars, home, home)).resolve(kind, c, primary);
    }

    @Test
    void theStandardVariablesAreTheDefaults() {
        vars.put("ANTHROPIC_BASE_URL", "https://proxy.example.com/");
        vars.put("ANTHROPIC_API_KEY", "sk-ant-x");
        ProviderSetup a = resolve(ProviderKind.ANTHROPIC, true);
        assertThat(a.baseUrl()).isEqualTo("https://proxy.example.com/v1");
        assertThat(a.keySource()).isEqualTo("ANTHROPIC_API_KEY");
        assertThat(a.model()).isEqualTo("claude-haiku-4-5");
        assertThat(a.toString()).doesNotContain("sk-ant-x");
        assertThat(a.local()).isFalse();

        assertThat(ProviderResolver.ollamaUrl("0.0.0.0")).isEqualTo("http://localhost:11434");
        assertThat(ProviderResolver.ollamaUrl("127.0.0.1:11500")).isEqualTo("http://127.0.0.1:11500");
        assertThat(ProviderResolver.ollamaUrl("https://gpu.lan:443/")).isEqualTo("https://gpu.lan:443");
        assertThat(resolve(ProviderKind.OLLAMA, true).baseUrl()).isEqualTo("http://localhost:11434");
    }

    @Test
    void configWinsForThePrimaryOnly() {
        config.put("llm.model", "gpt-4.1-mini");
        config.put("llm.base_url", "http://127.0.0.1:8080/v1");
        ProviderSetup primary = resolve(ProviderKind.OPENAI, true);
        assertThat(primary.model()).isEqualTo("gpt-4.1-mini");
        assertThat(primary.local()).isTrue();
        assertThat(primary.usable()).as("a loopback server needs no key").isTrue();
        ProviderSetup fallback = resolve(ProviderKind.OPENAI, false);
        assertThat(fallback.model()).isEqualTo("gpt-4o-mini");
        assertThat(fallback.problem()).contains("OPENAI_API_KEY");
    }

    @Test
    void aKeyFileMustBeTheOwnersAlone() throws Exception {
        Path key = home.resolve("anthropic.key");
        Files.writeString(key, "sk-ant-from-file\n");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
        config.put("llm.api_key_file", "~/anthropic.key");
        assertThat(resolve(ProviderKind.ANTHROPIC, true).problem()).contains("chmod 600");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        ProviderSetup ok = resolve(ProviderKind.ANTHROPIC, true);
        assertThat(ok.apiKey()).isEqualTo("sk-ant-from-file");
        assertThat(ok.keySource()).isEqualTo(key.toString());
    }

    @Test
    void anAgentCliMissingFromPathIsNotUsable() {
        ProviderSetup cli = resolve(ProviderKind.AGENT_CLI, true);
        assertThat(cli.usable()).isFalse();
        assertThat(cli.problem()).contains("claude or codex is not on PATH");
    }

    @Test
    void pricesMatchTheLongestPrefixAndOverridesComeFirst() {
        Prices prices = Prices.of(List.of("claude-haiku-4-5=0.50/2.50"));
        ProviderSetup remote = new ProviderSetup(ProviderKind.ANTHROPIC, "m", "https://api.anthropic.com/v1", "k", "K", null);
        assertThat(prices.of(remote, "claude-haiku-4-5-20251001").inputPerMillion()).isEqualTo(0.50);
        assertThat(prices.of(remote, "claude-sonnet-4-5").outputPerMillion()).isEqualTo(15.00);
        assertThat(prices.of(remote, "some-new-model")).isEqualTo(Prices.UNKNOWN);
        ProviderSetup ollama = new ProviderSetup(ProviderKind.OLLAMA, "m", "http://localhost:11434", null, null, null);
        assertThat(prices.of(ollama, "gpt-4o").cost(1_000_000, 1_000_000)).isZero();
        ProviderSetup llamaCpp = new ProviderSetup(ProviderKind.OPENAI, "m", "http://127.0.0.1:8080/v1", null, null, null);
        assertThat(prices.of(llamaCpp, "qwen2.5-coder-7b").cost(1_000_000, 0)).isZero();
        assertThat(prices.of(llamaCpp, "gpt-4o-mini").inputPerMillion()).as("a proxy to a paid model").isEqualTo(0.15);
    }

    @Test
    void initPrefersLocalProviders() {
        assertThat(Detection.choose(new Detected("http://localhost:11434", List.of("tinyllama", "gemma3:4b"), "/bin/claude",
                null, List.of("ANTHROPIC_API_KEY")))).isEqualTo(new Detection.Choice("ollama", "gemma3:4b",
                        "Ollama answers at http://localhost:11434 (local, free)"));
        assertThat(Detection.choose(new Detected("u", null, null, "/bin/codex", List.of("ANTHROPIC_API_KEY"))).provider())
                .isEqualTo("agent_cli");
        assertThat(Detection.choose(new Detected("u", null, null, null, List.of("OPENAI_API_KEY"))).provider())
                .isEqualTo("openai");
        assertThat(Detection.choose(new Detected("u", null, null, null, List.of())).provider()).isEqualTo("none");
    }
}
