package dev.eaglemem.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Runs real Gemini CLI sessions ({@code node gemini.js -p <prompt> --approval-mode yolo --skip-trust}) against a
 * {@link FakeGemini}, with {@code HOME} in scratch space and stdin at EOF. What 0.61.0 needs to run headless and
 * offline (measured): {@code GOOGLE_GEMINI_BASE_URL} plus {@code GEMINI_API_KEY}, {@code security.auth.selectedType:
 * gemini-api-key} in {@code ~/.gemini/settings.json} (else it exits 41), and {@code --skip-trust} (else a fresh HOME
 * is an untrusted folder and it exits 55 before any hook).
 */
public final class GeminiSession {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(180);

    private final Path geminiJs;
    private final FakeGemini fake;
    private final Path workDir;
    private final Map<String, String> env = new LinkedHashMap<>();

    public GeminiSession(Path geminiJs, FakeGemini fake, Path workDir, Map<String, String> baseEnv) {
        this.geminiJs = geminiJs;
        this.fake = fake;
        this.workDir = workDir;
        env.putAll(baseEnv);
        env.put("GOOGLE_GEMINI_BASE_URL", fake.baseUrl());
        env.put("GEMINI_API_KEY", "x");
        env.put("TERM", "dumb");
    }

    /** A session in the workspace's repository. */
    public static GeminiSession in(E2eWorkspace workspace, FakeGemini fake) {
        return new GeminiSession(AgentTools.locate().gemini(), fake, workspace.repo(), workspace.baseEnv());
    }

    /**
     * Writes the user's own {@code ~/.gemini/settings.json}: the API-key auth type, as a user of an API key has it.
     * Call it before {@code eagle-mem install}, which merges around it.
     */
    public static Path configureAuth(Path home) {
        Path settings = home.resolve(".gemini/settings.json");
        ObjectNode root = FakeModelServer.JSON.createObjectNode();
        root.putObject("security").putObject("auth").put("selectedType", "gemini-api-key");
        try {
            Files.createDirectories(settings.getParent());
            Files.writeString(settings, FakeModelServer.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return settings;
    }

    public GeminiSession env(Map<String, String> vars) {
        env.putAll(vars);
        // eagle-mem's environment is the base one plus PATH; the fake's variables must survive it
        env.put("GOOGLE_GEMINI_BASE_URL", fake.baseUrl());
        env.put("GEMINI_API_KEY", "x");
        return this;
    }

    /**
     * The variables a Gemini CLI started elsewhere (a lane's worker) needs to reach the fake, its model included
     * ({@code GEMINI_MODEL}, as {@code -m} does here).
     */
    public Map<String, String> environment() {
        Map<String, String> vars = new LinkedHashMap<>(env);
        vars.put("GEMINI_MODEL", FakeGemini.model());
        return vars;
    }

    /** Runs one {@code gemini -p} to completion (bounded by the timeout). */
    public Result run(String prompt) {
        String node = AgentTools.findOnPath("node").map(Path::toString).orElse("node");
        List<String> command = new ArrayList<>(List.of(node, geminiJs.toString(), "-p", prompt, "--approval-mode", "yolo",
                "--skip-trust", "-m", FakeGemini.model()));
        return new Result(AgentProcess.run(command, workDir, env, DEFAULT_TIMEOUT, fake::summary), fake.summary());
    }

    /** A finished session: its process and what the fake saw. */
    public record Result(AgentProcess.Outcome process, String fakeSummary) {

        public Result assertSucceeded() {
            if (process.exitCode() != 0) {
                throw new AssertionError("Gemini session failed: " + describe());
            }
            return this;
        }

        public String stdout() {
            return process.stdout();
        }

        public String describe() {
            return process.describe() + "\n" + fakeSummary;
        }
    }
}
