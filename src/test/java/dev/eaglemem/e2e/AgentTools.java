package dev.eaglemem.e2e;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Finds the pinned agent CLIs that {@code scripts/e2e-tools} installs. The tools directory (the one holding
 * {@code node_modules/}) is, in order: system property {@code eagle.e2e.tools}, environment variable
 * {@code EAGLE_E2E_TOOLS}, or the nearest {@code .e2e-tools} at or above the working directory.
 *
 * <p>A missing or wrongly versioned CLI skips the test, unless {@code -Deagle.e2e.required=true} or
 * {@code EAGLE_E2E_REQUIRED=1} is set (CI), in which case it fails it: CI must never go green by skipping.
 *
 * @param root the tools directory (it may not exist)
 */
public record AgentTools(Path root) {

    public static final String CLAUDE_VERSION = "2.1.330";
    public static final String CODEX_VERSION = "0.169.0";
    public static final String MCP_SDK_VERSION = "1.32.2";
    public static final String BUN_VERSION = "1.4.4";
    public static final String CLAUDE_MEM_VERSION = "13.25.3";
    public static final String GROK_VERSION = "1.0.41";
    public static final String GEMINI_VERSION = "0.61.0";
    public static final String COPILOT_VERSION = "1.0.102";
    public static final String OPENCODE_VERSION = "1.18.33";
    static final String TOOLS_PROPERTY = "eagle.e2e.tools";
    static final String TOOLS_ENV = "EAGLE_E2E_TOOLS";
    static final String REQUIRED_PROPERTY = "eagle.e2e.required";
    static final String REQUIRED_ENV = "EAGLE_E2E_REQUIRED";

    private static final ObjectMapper JSON = new ObjectMapper();

    public static AgentTools locate() {
        String configured = Optional.ofNullable(System.getProperty(TOOLS_PROPERTY))
                .or(() -> Optional.ofNullable(System.getenv(TOOLS_ENV)))
                .filter(s -> !s.isBlank())
                .orElse(null);
        if (configured != null) {
            return new AgentTools(Path.of(configured).toAbsolutePath());
        }
        Path start = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(".e2e-tools"))) {
                return new AgentTools(dir.resolve(".e2e-tools"));
            }
        }
        return new AgentTools(start.resolve(".e2e-tools"));
    }

    /** The Claude Code native binary ({@code claude.exe}); skips or fails the test when it is not usable. */
    public Path claude() {
        Path pkg = root.resolve("node_modules/@anthropic-ai/claude-code");
        Path exe = pkg.resolve("bin/claude.exe");
        requireVersion("Claude Code", pkg, CLAUDE_VERSION);
        if (!Files.isExecutable(exe)) {
            unavailable("Claude Code " + CLAUDE_VERSION + " has no executable " + exe
                    + " (was the package installed with --ignore-scripts?)");
        }
        return exe;
    }

    /** Codex's npm launcher ({@code bin/codex.js}, run with {@code node}); skips or fails when not usable. */
    public Path codexJs() {
        Path pkg = root.resolve("node_modules/@openai/codex");
        requireVersion("Codex", pkg, CODEX_VERSION);
        if (findOnPath("node").isEmpty()) {
            unavailable("Codex needs node on PATH to run " + pkg.resolve("bin/codex.js"));
        }
        return pkg.resolve("bin/codex.js");
    }

    /**
     * Gemini CLI's bundle ({@code bin} of {@code @google/gemini-cli}: {@code bundle/gemini.js}, run with {@code node}),
     * from {@code <tools>/more-agents/node_modules}; skips or fails when it is not usable.
     */
    public Path gemini() {
        Path pkg = root.resolve("more-agents/node_modules/@google/gemini-cli");
        requireVersion("Gemini CLI", pkg, GEMINI_VERSION);
        if (findOnPath("node").isEmpty()) {
            unavailable("Gemini CLI needs node on PATH to run " + pkg.resolve("bundle/gemini.js"));
        }
        return pkg.resolve("bundle/gemini.js");
    }

    /**
     * GitHub Copilot CLI's npm launcher ({@code more-agents/node_modules/.bin/copilot}, a node script that runs the
     * native {@code @github/copilot-linux-x64} binary); skips or fails when it is not usable.
     */
    public Path copilot() {
        Path modules = root.resolve("more-agents/node_modules");
        requireVersion("GitHub Copilot CLI", modules.resolve("@github/copilot"), COPILOT_VERSION);
        Path launcher = modules.resolve(".bin/copilot");
        if (!Files.isExecutable(launcher)) {
            unavailable("GitHub Copilot CLI " + COPILOT_VERSION + " has no executable " + launcher);
        }
        if (findOnPath("node").isEmpty()) {
            unavailable("GitHub Copilot CLI needs node on PATH to run " + launcher);
        }
        return launcher;
    }

    /**
     * The tools directory, once the official MCP TypeScript SDK ({@code @modelcontextprotocol/sdk}) is in its
     * node_modules at the pinned version and node is on PATH; skips or fails otherwise.
     */
    public Path mcpSdk() {
        requireVersion("The MCP TypeScript SDK", root.resolve("node_modules/@modelcontextprotocol/sdk"), MCP_SDK_VERSION);
        if (findOnPath("node").isEmpty()) {
            unavailable("the MCP TypeScript SDK needs node on PATH");
        }
        return root;
    }

    /**
     * The bun runtime ({@code node_modules/bun/bin/bun.exe}, placed there by bun's postinstall from its
     * {@code @oven/bun-<platform>} package) once it runs and says it is the pinned version; skips or fails otherwise.
     */
    public Path bun() {
        Path pkg = root.resolve("node_modules/bun");
        Path exe = pkg.resolve("bin/bun.exe");
        requireVersion("bun", pkg, BUN_VERSION);
        String version = "";
        try {
            Process p = new ProcessBuilder(exe.toString(), "--version").redirectErrorStream(true).start();
            version = new String(p.getInputStream().readAllBytes()).strip();
            p.waitFor();
        } catch (IOException e) {
            version = "not runnable (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!BUN_VERSION.equals(version)) {
            unavailable("bun " + BUN_VERSION + " at " + exe + " answers --version with '" + version
                    + "' (was the package installed with --ignore-scripts?)");
        }
        return exe;
    }

    /**
     * claude-mem's worker ({@code plugin/scripts/worker-service.cjs}, run with {@link #bun()}), from the package
     * scripts/e2e-tools installs under {@code claude-mem/node_modules}; skips or fails when it is not there.
     */
    public Path claudeMemWorker() {
        Path pkg = root.resolve("claude-mem/node_modules/claude-mem");
        requireVersion("claude-mem", pkg, CLAUDE_MEM_VERSION);
        Path worker = pkg.resolve("plugin/scripts/worker-service.cjs");
        if (!Files.isRegularFile(worker)) {
            unavailable("claude-mem " + CLAUDE_MEM_VERSION + " has no " + worker);
        }
        return worker;
    }

    /**
     * Grok Build's native binary ({@code @xai-official/grok}'s {@code bin/grok-native}, which its npm bin links to),
     * from {@code <tools>/more-agents/node_modules}; skips or fails the test when it is not usable.
     */
    public Path grok() {
        Path pkg = root.resolve("more-agents/node_modules/@xai-official/grok");
        Path exe = pkg.resolve("bin/grok-native");
        requireVersion("Grok Build", pkg, GROK_VERSION);
        if (!Files.isExecutable(exe)) {
            unavailable("Grok Build " + GROK_VERSION + " has no executable " + exe);
        }
        return exe;
    }

    /**
     * OpenCode's native binary ({@code opencode-ai/bin/opencode.exe}, put there by the package's postinstall) from
     * {@code more-agents/node_modules}; skips or fails the test when it is not usable.
     */
    public Path opencode() {
        Path pkg = root.resolve("more-agents/node_modules/opencode-ai");
        Path exe = pkg.resolve("bin/opencode.exe");
        requireVersion("OpenCode", pkg, OPENCODE_VERSION);
        if (!Files.isExecutable(exe)) {
            unavailable("OpenCode " + OPENCODE_VERSION + " has no executable " + exe
                    + " (was the package installed with --ignore-scripts?)");
        }
        return exe;
    }

    /** Whether a missing CLI fails the test instead of skipping it. */
    public static boolean required() {
        return Boolean.getBoolean(REQUIRED_PROPERTY) || "1".equals(System.getenv(REQUIRED_ENV))
                || "true".equalsIgnoreCase(System.getenv(REQUIRED_ENV));
    }

    private void requireVersion(String name, Path pkg, String version) {
        Path manifest = pkg.resolve("package.json");
        if (!Files.isRegularFile(manifest)) {
            unavailable(name + " " + version + " is not installed (no " + manifest + ")");
        }
        String found;
        try {
            found = JSON.readTree(manifest.toFile()).path("version").asText("?");
        } catch (IOException e) {
            found = "unreadable (" + e.getMessage() + ")";
        }
        if (!version.equals(found)) {
            // The tests are written against what these exact versions send and accept.
            unavailable(name + " at " + pkg + " is version " + found + ", the tests need " + version);
        }
    }

    private void unavailable(String problem) {
        String howTo = problem + ". Install the pinned agent CLIs with scripts/e2e-tools (it puts them in"
                + " <repo>/.e2e-tools), or point -D" + TOOLS_PROPERTY + "=DIR or " + TOOLS_ENV
                + "=DIR at a directory whose node_modules/ has them. Looked in " + root + ".";
        if (required()) {
            Assertions.fail("End-to-end agent CLI missing and " + REQUIRED_ENV + " is set: " + howTo);
        }
        Assumptions.abort("Skipping end-to-end test: " + howTo + " (set " + REQUIRED_ENV
                + "=1 to make this a failure)");
    }

    static Optional<Path> findOnPath(String program) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return Optional.of(Path.of(dir, program));
            }
        }
        return Optional.empty();
    }
}
