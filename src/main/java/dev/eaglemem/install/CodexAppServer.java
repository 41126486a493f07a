package dev.eaglemem.install;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.shell.ShellWords;

/**
 * A minimal JSON-RPC client for {@code codex app-server} over stdio, used to learn the trust key and hash Codex
 * gives each hook ({@code hooks/list}). Codex computes both itself; asking it is the only way to get a hash that
 * matches. Every call is bounded by one deadline and the server (with any child it spawned) is always stopped.
 */
public final class CodexAppServer {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);

    private static final ObjectMapper JSON = PlainJson.MAPPER;
    private static final int STDERR_TAIL = 2000;

    private final List<String> argv;
    private final Map<String, String> env;
    private final Path cwd;
    private final Duration timeout;

    /**
     * @param argv    the server command, e.g. {@code node /…/codex.js app-server} or {@code codex app-server}
     * @param env     variables set on top of this process's environment (HOME, CODEX_HOME)
     * @param cwd     the working directory, also the directory whose hooks are listed
     */
    public CodexAppServer(List<String> argv, Map<String, String> env, Path cwd, Duration timeout) {
        this.argv = List.copyOf(argv);
        this.env = Map.copyOf(env);
        this.cwd = Objects.requireNonNull(cwd, "cwd");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    public CodexAppServer(List<String> argv, Map<String, String> env, Path cwd) {
        this(argv, env, cwd, DEFAULT_TIMEOUT);
    }

    /** {@code initialize}, {@code initialized}, then {@code hooks/list} for {@link #cwd}. */
    public HookListing listHooks() {
        long deadline = System.nanoTime() + timeout.toNanos();
        Process process = start();
        StringBuilder text = new StringBuilder();
        BlockingQueue<Optional<String>> stdout = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> pump(process.getInputStream(), stdout));
        Stderr stderr = new Stderr(text, Thread.ofVirtual().start(() -> drain(process.getErrorStream(), text)));
        try {
            ObjectNode clientInfo = JSON.createObjectNode().put("name", "eagle-mem").put("version", version());
            call(process, stdout, stderr, deadline, 1, "initialize", JSON.createObjectNode().set("clientInfo", clientInfo));
            send(process, JSON.createObjectNode().put("jsonrpc", "2.0").put("method", "initialized"), stderr);
            ObjectNode params = JSON.createObjectNode();
            params.putArray("cwds").add(cwd.toString());
            return listing(call(process, stdout, stderr, deadline, 2, "hooks/list", params));
        } finally {
            stop(process);
        }
    }

    private Process start() {
        ProcessBuilder builder = new ProcessBuilder(argv).directory(cwd.toFile());
        builder.environment().putAll(env);
        try {
            return builder.start();
        } catch (IOException e) {
            throw EagleException.failure("codex_unavailable",
                    "cannot start " + String.join(" ", argv) + " in " + cwd + ": " + e.getMessage(),
                    "check that codex runs: " + versionCommand(), e);
        }
    }

    private JsonNode call(Process process, BlockingQueue<Optional<String>> stdout, Stderr stderr, long deadline, int id,
            String method, ObjectNode params) {
        ObjectNode request = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        request.set("params", params);
        send(process, request, stderr);
        while (true) {
            Optional<String> line = next(stdout, deadline, method);
            if (line.isEmpty()) {
                throw failed("exited" + exitCode(process) + " before answering " + method, process, stderr);
            }
            Optional<JsonNode> message = parse(line.get());
            if (message.isEmpty() || message.get().path("id").asInt(-1) != id) {
                continue; // notifications (configWarning, remoteControl/status/changed, …) and stray output
            }
            JsonNode error = message.get().get("error");
            if (error != null) {
                throw EagleException.failure("codex_app_server_error", "codex app-server rejected " + method + ": "
                        + error.path("message").asText(error.toString()),
                        "update Codex (npm install -g @openai/codex@latest), then rerun eagle-mem install", null);
            }
            return message.get().path("result");
        }
    }

    /** The next line of stdout; empty once the server closed it. */
    private Optional<String> next(BlockingQueue<Optional<String>> stdout, long deadline, String method) {
        try {
            Optional<String> line = stdout.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw EagleException.failure("codex_app_server_timeout", "codex app-server did not answer " + method
                        + " within " + timeout.toSeconds() + " s (" + String.join(" ", argv) + ")",
                        "check that codex starts: " + versionCommand(), null);
            }
            return line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw EagleException.failure("interrupted", "interrupted while waiting for codex app-server", null, e);
        }
    }

    private void send(Process process, ObjectNode message, Stderr stderr) {
        try {
            OutputStream in = process.getOutputStream();
            in.write((JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            throw failed("stopped reading its input" + exitCode(process), process, stderr);
        }
    }

    private static HookListing listing(JsonNode result) {
        List<HookState> hooks = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (JsonNode entry : result.path("data")) {
            entry.path("hooks").forEach(h -> hooks.add(new HookState(h.path("key").asText(), h.path("eventName").asText(),
                    h.path("source").asText(), h.path("sourcePath").asText(), h.path("trustStatus").asText(),
                    h.path("currentHash").asText(), text(h.get("command")), text(h.get("matcher")),
                    h.path("timeoutSec").asLong(), text(h.get("statusMessage")), h.path("enabled").asBoolean(true),
                    h.path("isManaged").asBoolean(false))));
            entry.path("warnings").forEach(w -> warnings.add(w.asText()));
            entry.path("errors").forEach(e -> errors.add(e.path("path").asText() + ": " + e.path("message").asText()));
        }
        return new HookListing(hooks, warnings, errors);
    }

    /** The server's stderr as it is read, and the thread reading it. */
    private record Stderr(StringBuilder text, Thread reader) {

        /** All of it once the server has exited (its reader then ends at once), else what has arrived. */
        String tail(Process process) {
            try {
                if (process.waitFor(1, TimeUnit.SECONDS)) {
                    reader.join(Duration.ofSeconds(1));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (text) {
                return text.toString().strip();
            }
        }
    }

    private EagleException failed(String what, Process process, Stderr stderr) {
        String tail = stderr.tail(process);
        return EagleException.failure("codex_app_server_failed",
                "codex app-server " + what + (tail.isEmpty() ? "" : ": " + tail),
                "run it by hand to see why: " + String.join(" ", argv), null);
    }

    /**
     * Closing stdin ends the server; whatever is still running after a grace period is killed. The npm launcher
     * runs the native binary as a child, so the children are collected first: once the launcher exits they are
     * no longer ours to find.
     */
    private static void stop(Process process) {
        List<ProcessHandle> children = process.descendants().toList();
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // already closed because the server exited
        }
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                children.forEach(ProcessHandle::destroy);
                process.destroy();
                if (!process.waitFor(2, TimeUnit.SECONDS)) {
                    children.forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            children.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private static void pump(InputStream stream, BlockingQueue<Optional<String>> lines) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(Optional.of(line));
            }
        } catch (IOException ignored) {
            // the process was stopped; the end marker below tells the reader
        }
        lines.add(Optional.empty());
    }

    /** Keeps the last part of stderr for error messages; Codex prints harmless warnings there too. */
    private static void drain(InputStream stream, StringBuilder tail) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (tail) {
                    tail.append(line).append('\n');
                    if (tail.length() > STDERR_TAIL) {
                        tail.delete(0, tail.length() - STDERR_TAIL);
                    }
                }
            }
        } catch (IOException ignored) {
            // the process was stopped
        }
    }

    private static Optional<JsonNode> parse(String line) {
        try {
            return Optional.of(JSON.readTree(line));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String exitCode(Process process) {
        try {
            return process.waitFor(1, TimeUnit.SECONDS) ? " (exit code " + process.exitValue() + ")" : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** The same command with {@code --version} in place of {@code app-server}: quick to run, shows a broken install. */
    private String versionCommand() {
        List<String> command = new ArrayList<>(argv);
        if (!command.isEmpty() && command.getLast().equals("app-server")) {
            command.removeLast();
        }
        command.add("--version");
        return ShellWords.join(command);
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asText();
    }

    private static String version() {
        String version = CodexAppServer.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
