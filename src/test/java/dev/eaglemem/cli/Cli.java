package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Runs the packaged launcher ({@code target/quarkus-app/eagle-mem}) as a user would, in a scratch
 * workspace: its own HOME, EAGLE_MEM_DIR and a git repository at {@code ~/code/shop}.
 */
final class Cli {

    static final Path LAUNCHER = Path.of(System.getProperty("eagle.launcher", "target/quarkus-app/eagle-mem"))
            .toAbsolutePath();
    static final Path SHIM = LAUNCHER.resolveSibling("eagle-mem-hook");
    private static final ObjectMapper JSON = new ObjectMapper();

    record Result(int exit, String out, String err) {

        Result ok() {
            assertThat(exit).as("exit code; stderr: %s; stdout: %s", err, out).isZero();
            return this;
        }

        Result exits(int code) {
            assertThat(exit).as("exit code; stderr: %s; stdout: %s", err, out).isEqualTo(code);
            return this;
        }

        /** The single line of JSON a --json command must print. */
        JsonNode json() {
            assertThat(out.lines().toList()).as("one JSON line on stdout; stderr: %s", err).hasSize(1);
            try {
                return JSON.readTree(out);
            } catch (IOException e) {
                throw new AssertionError("stdout is not JSON: " + out, e);
            }
        }
    }

    final Path workspace;
    final Path home;
    final Path data;
    final Path repo;
    Path cwd;
    final Map<String, String> env = new HashMap<>();

    Cli() {
        workspace = Path.of("target", "it-work", UUID.randomUUID().toString()).toAbsolutePath();
        home = workspace.resolve("home");
        data = workspace.resolve("data");
        repo = home.resolve("code/shop");
        try {
            Files.createDirectories(repo);
            git("init", "-q", "-b", "main");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        cwd = repo;
        env.put("HOME", home.toString());
        env.put("EAGLE_MEM_DIR", data.toString());
        env.put("PATH", System.getenv("PATH"));
        // the workspace lives inside this project's own repository; git discovery must stop here
        env.put("GIT_CEILING_DIRECTORIES", workspace.toString());
        // a SessionStart hook would start a serve that outlives the test; ServeCliIT turns this back on
        env.put("EAGLE_MEM_SERVE_AUTOSTART", "0");
    }

    Result run(String... args) {
        return runWithInput(null, args);
    }

    Result runWithInput(String stdin, String... args) {
        return runProgram(LAUNCHER, stdin, args);
    }

    /** The hook shim the launcher is packaged with, as an agent runs it. */
    Result shim(String stdin, String... args) {
        return runProgram(SHIM, stdin, args);
    }

    /** The hook shim run by bash, as install registers it where bash is found (its /dev/tcp route). */
    Result bashShim(Path shim, String stdin, String... args) {
        List<String> withShim = new ArrayList<>(List.of(shim.toString()));
        withShim.addAll(List.of(args));
        return runProgram(Path.of("/bin/bash"), stdin, withShim.toArray(String[]::new));
    }

    /** A long-running command (serve), its output in {@code <name>.out} in the workspace. */
    Process start(String name, String... args) {
        List<String> command = new ArrayList<>(List.of(LAUNCHER.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = processBuilder(command).redirectErrorStream(true)
                .redirectOutput(workspace.resolve(name + ".out").toFile());
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ProcessBuilder processBuilder(List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        return pb;
    }

    /** Any program, in this workspace's environment and working directory. */
    Result runProgram(Path program, String stdin, String... args) {
        List<String> command = new ArrayList<>();
        command.add(program.toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = processBuilder(command);
        try {
            Process p = pb.start();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            try (var in = p.getOutputStream()) {
                if (stdin != null) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                }
            }
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("eagle-mem " + String.join(" ", args) + " did not finish in 120 s");
            }
            return new Result(p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void git(String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = read(p.getInputStream());
            if (p.waitFor() != 0) {
                throw new AssertionError("git " + String.join(" ", args) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
