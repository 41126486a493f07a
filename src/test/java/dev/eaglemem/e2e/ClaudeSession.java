package dev.eaglemem.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs real Claude Code sessions ({@code claude -p <prompt> --output-format json}) against a
 * {@link FakeAnthropic}, in a working directory with a scratch HOME. Configure once, then call
 * {@link #run(String)} for each session.
 *
 * <p>Running as root rules out {@code --dangerously-skip-permissions}, so tools are granted with
 * {@code --allowedTools}. A fresh HOME needs no onboarding or login state in print mode: the API key in the
 * environment is enough.
 */
public final class ClaudeSession {

    public static final String DEFAULT_ALLOWED_TOOLS = "Bash Read Edit Write Glob Grep";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(180);

    private final Path claude;
    private final FakeAnthropic fake;
    private final Path workDir;
    private final Map<String, String> env = new LinkedHashMap<>();
    private final List<String> extraArgs = new ArrayList<>();
    private String allowedTools = DEFAULT_ALLOWED_TOOLS;
    private Duration timeout = DEFAULT_TIMEOUT;

    /**
     * @param claude  the binary, usually {@link AgentTools#claude()}
     * @param baseEnv the environment to start from (HOME, PATH...), usually {@link E2eWorkspace#baseEnv()}
     */
    public ClaudeSession(Path claude, FakeAnthropic fake, Path workDir, Map<String, String> baseEnv) {
        this.claude = claude;
        this.fake = fake;
        this.workDir = workDir;
        env.putAll(baseEnv);
        env.put("ANTHROPIC_BASE_URL", fake.baseUrl());
        env.put("ANTHROPIC_API_KEY", "anything");
        // No update checks, telemetry or error reporting: there is no network, and the CLI would only retry.
        env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
        env.put("DISABLE_AUTOUPDATER", "1");
    }

    /** A session in the workspace's repository, with its HOME and base environment. */
    public static ClaudeSession in(E2eWorkspace workspace, FakeAnthropic fake) {
        return new ClaudeSession(AgentTools.locate().claude(), fake, workspace.repo(), workspace.baseEnv());
    }

    /** Sets (or overrides) one environment variable, e.g. {@code EAGLE_MEM_DIR} or {@code PATH}. */
    public ClaudeSession env(String name, String value) {
        env.put(name, value);
        return this;
    }

    public ClaudeSession env(Map<String, String> vars) {
        env.putAll(vars);
        return this;
    }

    /** Space-separated tool names for {@code --allowedTools}; default {@value #DEFAULT_ALLOWED_TOOLS}. */
    public ClaudeSession allowedTools(String tools) {
        allowedTools = tools;
        return this;
    }

    /** Extra CLI arguments, placed before the prompt options (e.g. {@code --model}, {@code --resume ID}). */
    public ClaudeSession args(String... args) {
        extraArgs.addAll(List.of(args));
        return this;
    }

    public ClaudeSession timeout(Duration limit) {
        timeout = limit;
        return this;
    }

    public Map<String, String> environment() {
        return Map.copyOf(env);
    }

    /** Runs one session to completion (bounded by the timeout); does not assert success, see {@link ClaudeRun}. */
    public ClaudeRun run(String prompt) {
        List<String> command = new ArrayList<>(List.of(claude.toString()));
        command.addAll(extraArgs);
        command.addAll(List.of("-p", prompt, "--output-format", "json", "--allowedTools", allowedTools));
        AgentProcess.Outcome outcome = AgentProcess.run(command, workDir, env, timeout, fake::summary);
        return ClaudeRun.of(outcome, fake.summary());
    }
}
