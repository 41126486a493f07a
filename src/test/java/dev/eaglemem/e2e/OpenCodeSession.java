package dev.eaglemem.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Runs real OpenCode sessions ({@code opencode run <prompt> --format json}) against an {@link OpenCodeChatModel}, with
 * HOME and the XDG folders in scratch space. The provider comes inline through {@code OPENCODE_CONFIG_CONTENT} (merged
 * over {@code ~/.config/opencode/opencode.json}, so what install wrote there still applies): a {@code fake} provider on
 * {@code @ai-sdk/openai-compatible} with one model {@code m}, bash and edits allowed, auto-update and the models.dev
 * fetch off, so nothing leaves 127.0.0.1.
 */
public final class OpenCodeSession {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(180);

    private final Path opencode;
    private final OpenCodeChatModel fake;
    private final Path workDir;
    private final Map<String, String> env = new LinkedHashMap<>();
    private int contextLimit = 200_000;

    public OpenCodeSession(Path opencode, OpenCodeChatModel fake, Path workDir, Map<String, String> baseEnv) {
        this.opencode = opencode;
        this.fake = fake;
        this.workDir = workDir;
        env.putAll(baseEnv);
        Path home = Path.of(env.get("HOME"));
        env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        env.put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        env.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        env.put("XDG_STATE_HOME", home.resolve(".local/state").toString());
        env.put("OPENCODE_DISABLE_AUTOUPDATE", "1");
        env.put("OPENCODE_DISABLE_MODELS_FETCH", "1");
    }

    /** A session in the workspace's repository. */
    public static OpenCodeSession in(E2eWorkspace workspace, OpenCodeChatModel fake) {
        return new OpenCodeSession(AgentTools.locate().opencode(), fake, workspace.repo(), workspace.baseEnv());
    }

    public OpenCodeSession env(Map<String, String> vars) {
        env.putAll(vars);
        return this;
    }

    /** The model's context window: a small one with {@link OpenCodeChatModel#reportTokens} makes OpenCode compact. */
    public OpenCodeSession contextLimit(int tokens) {
        contextLimit = tokens;
        return this;
    }

    /**
     * The variables an OpenCode started elsewhere (a lane's worker) needs: the fake provider inline, without
     * {@link #config()}'s permissions, so that the worker's own (eagle-mem's safe ones) decide.
     */
    public Map<String, String> environment() {
        Map<String, String> vars = new LinkedHashMap<>(env);
        ObjectNode config = config();
        config.remove("permission");
        vars.put("OPENCODE_CONFIG_CONTENT", config.toString());
        return vars;
    }

    /** Runs one {@code opencode run} to completion (bounded by the timeout). */
    public AgentProcess.Outcome run(String prompt) {
        Map<String, String> runEnv = new LinkedHashMap<>(env);
        runEnv.put("OPENCODE_CONFIG_CONTENT", config().toString());
        List<String> command = new ArrayList<>(List.of(opencode.toString(), "run", "--format", "json", prompt));
        return AgentProcess.run(command, workDir, runEnv, DEFAULT_TIMEOUT, fake::summary);
    }

    /** Runs and fails unless OpenCode exited 0 and printed no error event. */
    public AgentProcess.Outcome runSucceeding(String prompt) {
        AgentProcess.Outcome outcome = run(prompt);
        if (outcome.exitCode() != 0 || outcome.stdout().contains("\"type\":\"error\"")) {
            throw new AssertionError("OpenCode session failed: " + outcome.describe() + "\n" + fake.summary());
        }
        return outcome;
    }

    private ObjectNode config() {
        ObjectNode root = FakeModelServer.JSON.createObjectNode();
        root.put("model", "fake/m");
        ObjectNode provider = root.putObject("provider").putObject("fake");
        provider.put("npm", "@ai-sdk/openai-compatible").put("name", "Fake");
        provider.putObject("options").put("baseURL", fake.providerBaseUrl()).put("apiKey", "x");
        provider.putObject("models").putObject("m").put("name", "m").putObject("limit").put("context", contextLimit)
                .put("output", Math.min(4096, contextLimit / 4));
        root.putObject("permission").put("bash", "allow").put("edit", "allow");
        return root;
    }
}
