package dev.eaglemem.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs real Codex sessions ({@code node codex.js exec --json <prompt>}) against a {@link FakeOpenAi}, with
 * {@code HOME} and {@code CODEX_HOME} in scratch space and stdin at EOF. The provider itself comes from
 * config.toml: call {@link #configureProvider()} (or write {@link CodexProvider} yourself) before the first
 * run.
 *
 * <p>Hooks need trust. By default nothing bypasses it, so only hooks whose {@code trusted_hash} is recorded
 * in config.toml run (what eagle-mem's installer does); {@link #bypassHookTrust(boolean)} adds
 * {@code --dangerously-bypass-hook-trust} for tests that only need hooks to fire.
 */
public final class CodexSession {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(180);

    private final Path codexJs;
    private final FakeOpenAi fake;
    private final Path workDir;
    private final Path codexHome;
    private final Map<String, String> env = new LinkedHashMap<>();
    private final List<String> extraArgs = new ArrayList<>();
    private boolean bypassHookTrust;
    private Duration timeout = DEFAULT_TIMEOUT;

    /**
     * @param codexJs the npm launcher, usually {@link AgentTools#codexJs()}
     * @param baseEnv the environment to start from; its {@code HOME} also holds {@code .codex}
     */
    public CodexSession(Path codexJs, FakeOpenAi fake, Path workDir, Map<String, String> baseEnv) {
        this.codexJs = codexJs;
        this.fake = fake;
        this.workDir = workDir;
        env.putAll(baseEnv);
        this.codexHome = Path.of(env.get("HOME")).resolve(".codex");
        env.put("CODEX_HOME", codexHome.toString());
        env.put(CodexProvider.API_KEY_ENV, "x");
    }

    /** A session in the workspace's repository, with {@code CODEX_HOME = ~/.codex} in its fake HOME. */
    public static CodexSession in(E2eWorkspace workspace, FakeOpenAi fake) {
        return new CodexSession(AgentTools.locate().codexJs(), fake, workspace.repo(), workspace.baseEnv());
    }

    public Path codexHome() {
        return codexHome;
    }

    /** Writes the fake provider into {@code $CODEX_HOME/config.toml}, keeping what else is there. */
    public CodexSession configureProvider() {
        CodexProvider.of(fake, workDir).writeTo(codexHome);
        return this;
    }

    /** Whether to pass {@code --dangerously-bypass-hook-trust} (default false). */
    public CodexSession bypassHookTrust(boolean bypass) {
        bypassHookTrust = bypass;
        return this;
    }

    public CodexSession env(String name, String value) {
        env.put(name, value);
        return this;
    }

    public CodexSession env(Map<String, String> vars) {
        env.putAll(vars);
        return this;
    }

    /** Extra {@code exec} options, placed before the prompt (e.g. {@code -c key=value}). */
    public CodexSession args(String... args) {
        extraArgs.addAll(List.of(args));
        return this;
    }

    public CodexSession timeout(Duration limit) {
        timeout = limit;
        return this;
    }

    public Map<String, String> environment() {
        return Map.copyOf(env);
    }

    /** Runs one {@code codex exec} to completion (bounded by the timeout); see {@link CodexRun}. */
    public CodexRun run(String prompt) {
        // Absolute: the child's PATH is not where the JVM looks the program up.
        String node = AgentTools.findOnPath("node").map(Path::toString).orElse("node");
        List<String> command = new ArrayList<>(List.of(node, codexJs.toString(), "exec", "--json"));
        if (bypassHookTrust) {
            command.add("--dangerously-bypass-hook-trust");
        }
        command.addAll(extraArgs);
        command.add(prompt);
        AgentProcess.Outcome outcome = AgentProcess.run(command, workDir, env, timeout, fake::summary);
        return CodexRun.of(outcome, fake.summary());
    }
}
