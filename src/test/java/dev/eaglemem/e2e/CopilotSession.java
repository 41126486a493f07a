package dev.eaglemem.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs real GitHub Copilot CLI sessions ({@code copilot -p <prompt> --allow-all-tools}) offline against a fake model:
 * a {@link FakeChatCompletions} (Copilot's default provider type, {@code openai}), or a {@link FakeAnthropic}
 * ({@code COPILOT_PROVIDER_TYPE=anthropic}: the Messages API, streamed), the same scripted server the Claude Code
 * sessions use, so one fake answers both agents of a cross-agent test. {@code COPILOT_OFFLINE=true} stops every
 * GitHub call; no login is needed.
 *
 * <p>
 * Copilot's first run unpacks ~235 MB into {@code $XDG_CACHE_HOME/copilot} (seen with 1.0.102: with the variable set,
 * nothing goes below HOME): every session shares one cache, the caller's {@code XDG_CACHE_HOME} or
 * {@code target/e2e-work/.cache}, so a scratch HOME does not unpack it again.
 */
public final class CopilotSession {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(180);
    private final Path copilot;
    private final FakeModelServer fake;
    private final Path workDir;
    private final Map<String, String> env = new LinkedHashMap<>();

    /**
     * @param type {@code openai} or {@code anthropic}
     * @param baseUrl what Copilot appends {@code /chat/completions} or {@code /v1/messages} to
     * @param model a model id of that provider's family (Copilot shapes its request by it)
     */
    public CopilotSession(Path copilot, FakeModelServer fake, String type, String baseUrl, String model, Path workDir,
            Map<String, String> baseEnv) {
        this.copilot = copilot;
        this.fake = fake;
        this.workDir = workDir;
        env.putAll(baseEnv);
        env.put("COPILOT_OFFLINE", "true");
        env.put("COPILOT_PROVIDER_TYPE", type);
        env.put("COPILOT_PROVIDER_BASE_URL", baseUrl);
        env.put("COPILOT_PROVIDER_API_KEY", "anything");
        env.put("COPILOT_MODEL", model);
        env.put("COPILOT_AUTO_UPDATE", "false");
        env.put("TERM", "dumb");
        env.put("XDG_CACHE_HOME", sharedCache().toString());
    }

    /** A session in the workspace's repository, with its HOME and base environment. */
    public static CopilotSession in(E2eWorkspace workspace, FakeChatCompletions fake) {
        return new CopilotSession(AgentTools.locate().copilot(), fake, "openai", fake.providerBaseUrl(), "gpt-4.1",
                workspace.repo(), workspace.baseEnv());
    }

    /** As {@link #in(E2eWorkspace, FakeChatCompletions)}, speaking Anthropic's Messages API to {@code fake}. */
    public static CopilotSession in(E2eWorkspace workspace, FakeAnthropic fake) {
        return new CopilotSession(AgentTools.locate().copilot(), fake, "anthropic", fake.baseUrl(), "claude-sonnet-4",
                workspace.repo(), workspace.baseEnv());
    }

    static Path sharedCache() {
        String inherited = System.getenv("XDG_CACHE_HOME");
        return inherited != null && !inherited.isBlank() ? Path.of(inherited)
                : Path.of(System.getProperty("user.dir"), "target", "e2e-work", ".cache").toAbsolutePath();
    }

    public CopilotSession env(Map<String, String> vars) {
        env.putAll(vars);
        return this;
    }

    /** The variables a Copilot CLI started elsewhere (a lane's worker) needs to reach the fake, offline. */
    public Map<String, String> environment() {
        return Map.copyOf(env);
    }

    /** Runs one session to completion (bounded by the timeout). */
    public AgentProcess.Outcome run(String prompt) {
        List<String> command = new ArrayList<>(List.of(copilot.toString(), "-p", prompt, "--allow-all-tools"));
        return AgentProcess.run(command, workDir, env, DEFAULT_TIMEOUT, fake::summary);
    }

    /** Runs one session and fails the test with its output when Copilot did not exit 0. */
    public AgentProcess.Outcome runOk(String prompt) {
        AgentProcess.Outcome outcome = run(prompt);
        if (outcome.exitCode() != 0) {
            throw new AssertionError("Copilot session failed: " + outcome.describe() + "\n" + fake.summary());
        }
        return outcome;
    }
}
