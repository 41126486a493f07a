package dev.eaglemem.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs real Grok Build sessions ({@code grok -p <prompt> --output-format json --always-approve --no-auto-update})
 * against a {@link FakeAnthropic}, with {@code HOME} (and so {@code ~/.grok}) in scratch space and stdin at EOF. The
 * model comes from {@code ~/.grok/config.toml}: call {@link #configureModel()} before eagle-mem's install, so that
 * install merges its MCP table into a config that already has the user's model (as on a real machine).
 */
public final class GrokSession {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(180);
    /** The custom model's id in config.toml. */
    public static final String MODEL = "fake";

    private final Path grok;
    private final FakeAnthropic fake;
    private final Path workDir;
    private final Map<String, String> env = new LinkedHashMap<>();
    private final List<String> extraArgs = new ArrayList<>();

    public GrokSession(Path grok, FakeAnthropic fake, Path workDir, Map<String, String> baseEnv) {
        this.grok = grok;
        this.fake = fake;
        this.workDir = workDir;
        env.putAll(baseEnv);
    }

    /** A session in the workspace's repository. */
    public static GrokSession in(E2eWorkspace workspace, FakeAnthropic fake) {
        return new GrokSession(AgentTools.locate().grok(), fake, workspace.repo(), workspace.baseEnv());
    }

    public Path grokHome() {
        return Path.of(env.get("HOME")).resolve(".grok");
    }

    /**
     * Writes {@code [model.fake]} (Anthropic Messages at the fake's address) as the default model into
     * {@code ~/.grok/config.toml}, the way a user adds a custom model.
     */
    public GrokSession configureModel() throws IOException {
        Files.createDirectories(grokHome());
        Files.writeString(grokHome().resolve("config.toml"), """
                [model.%s]
                model = "claude-sonnet-4-5"
                name = "Fake"
                base_url = "%s/v1"
                api_key = "unused"
                api_backend = "messages"

                [models]
                default = "%s"
                """.formatted(MODEL, fake.baseUrl(), MODEL));
        return this;
    }

    public GrokSession env(Map<String, String> vars) {
        env.putAll(vars);
        return this;
    }

    /** Extra options, placed before {@code -p} (e.g. {@code --trust}). */
    public GrokSession args(String... args) {
        extraArgs.addAll(List.of(args));
        return this;
    }

    /** Runs one headless session to completion (bounded by the timeout); fails with its output when it failed. */
    public AgentProcess.Outcome run(String prompt) {
        List<String> command = new ArrayList<>(List.of(grok.toString(), "--no-auto-update", "--output-format", "json",
                "--always-approve"));
        command.addAll(extraArgs);
        command.addAll(List.of("-p", prompt));
        AgentProcess.Outcome outcome = AgentProcess.run(command, workDir, env, DEFAULT_TIMEOUT, fake::summary);
        if (outcome.exitCode() != 0 || !outcome.stdout().contains("\"stopReason\"")) {
            throw new AssertionError("grok failed: " + outcome.describe() + "\n" + fake.summary());
        }
        return outcome;
    }
}
