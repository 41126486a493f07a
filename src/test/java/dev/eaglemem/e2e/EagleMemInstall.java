package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * eagle-mem as a user has it in a scratch workspace: the packaged launcher runs {@code eagle-mem
 * install}, which copies the runtime into {@code ~/.eagle-mem} and registers the hooks the real agents
 * then run. The agents find {@code eagle-mem} and {@code codex} on PATH like a user's shell would.
 */
final class EagleMemInstall {

    static final Path LAUNCHER = Path.of(System.getProperty("eagle.launcher", "target/quarkus-app/eagle-mem"))
            .toAbsolutePath();

    /** Every installation of the running test class: each may have autostarted a serve that must be stopped. */
    private static final List<EagleMemInstall> CREATED = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final E2eWorkspace workspace;
    private final Map<String, String> env;

    EagleMemInstall(E2eWorkspace workspace) {
        this.workspace = workspace;
        this.env = new HashMap<>(workspace.baseEnv());
        Path bin = workspace.home().resolve(".local/bin");
        Path npmBin = AgentTools.locate().root().resolve("node_modules/.bin");
        env.put("PATH", bin + ":" + npmBin + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        CREATED.add(this);
    }

    /** Stops the serves the agents' SessionStart hooks started (serve.autostart is on, as for users). */
    static void stopServes() {
        for (EagleMemInstall install : CREATED) {
            AgentProcess.run(List.of(LAUNCHER.toString(), "serve", "--stop"), install.workspace.repo(), install.env,
                    Duration.ofSeconds(60), () -> "");
        }
        CREATED.clear();
    }

    /** {@code serve --status --json}: running or not, and how many hook requests it answered. */
    JsonNode serveStatus() throws Exception {
        AgentProcess.Outcome outcome = AgentProcess.run(List.of(LAUNCHER.toString(), "serve", "--status", "--json"),
                workspace.repo(), env, Duration.ofSeconds(60), () -> "");
        return new ObjectMapper().readTree(outcome.stdout());
    }

    /** The environment agents (and through them the hooks) run with. */
    Map<String, String> env() {
        return Map.copyOf(env);
    }

    Path workspaceRepo() {
        return workspace.repo();
    }

    Path dataDir() {
        return workspace.home().resolve(".eagle-mem");
    }

    /** Runs the packaged launcher (install) or the installed one (everything after install). */
    AgentProcess.Outcome run(String... args) {
        Path installed = workspace.home().resolve(".local/bin/eagle-mem");
        List<String> command = new ArrayList<>(List.of((Files.exists(installed) ? installed : LAUNCHER).toString()));
        command.addAll(List.of(args));
        AgentProcess.Outcome outcome = AgentProcess.run(command, workspace.repo(), env, Duration.ofSeconds(240), () -> "");
        assertThat(outcome.exitCode()).as("eagle-mem %s: %s", String.join(" ", args), outcome.describe()).isZero();
        return outcome;
    }

    /** {@link #run} of a {@code --json} command, its stdout parsed. */
    JsonNode runJson(String... args) {
        try {
            return new ObjectMapper().readTree(run(args).stdout());
        } catch (java.io.IOException e) {
            throw new AssertionError("eagle-mem " + String.join(" ", args) + " printed no JSON", e);
        }
    }

    AgentProcess.Outcome install(String agent) {
        List<String> command = new ArrayList<>(List.of(LAUNCHER.toString(), "install", "--agent", agent));
        AgentProcess.Outcome outcome = AgentProcess.run(command, workspace.repo(), env, Duration.ofSeconds(240), () -> "");
        assertThat(outcome.exitCode()).as("install: %s", outcome.describe()).isZero();
        return outcome;
    }

    /** Every text column of every row, for asserting what was (not) stored. */
    List<String> query(String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dataDir().resolve("memory.db"));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /**
     * The query's rows once they equal {@code expected}, waiting up to 20 s: Claude Code runs PostToolUse
     * asynchronously, so the last tool call's observation may land just after the session returns.
     */
    List<String> eventually(String sql, List<String> expected) throws Exception {
        return eventually(sql, expected, 20);
    }

    /** As {@link #eventually(String, List)}, waiting up to {@code seconds} (background jobs take longer than hooks). */
    List<String> eventually(String sql, List<String> expected, int seconds) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        List<String> rows = query(sql);
        while (!rows.equals(expected) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            rows = query(sql);
        }
        return rows;
    }

    /** The raw bytes of the database and its WAL, as text: nothing stored anywhere can hide from this. */
    String rawDatabase() throws Exception {
        StringBuilder all = new StringBuilder();
        for (String name : List.of("memory.db", "memory.db-wal")) {
            Path f = dataDir().resolve(name);
            if (Files.exists(f)) {
                all.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return all.toString();
    }
}
