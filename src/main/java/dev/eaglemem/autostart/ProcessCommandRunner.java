package dev.eaglemem.autostart;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Singleton;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.platform.Executables;

/** Runs commands as child processes, found on eagle-mem's PATH, with a time limit. */
@Singleton
public class ProcessCommandRunner implements CommandRunner {

    /** Exit code reported for a command that is not on PATH (what a shell says). */
    static final int NOT_FOUND = 127;
    /** Exit code reported for a command that did not finish in time. */
    static final int TIMED_OUT = 124;
    private static final long TIMEOUT_SECONDS = 60;

    private final EagleEnv env;

    public ProcessCommandRunner(EagleEnv env) {
        this.env = env;
    }

    @Override
    public CommandRun run(List<String> argv) {
        Optional<Path> executable = Executables.find(env.vars(), argv.getFirst());
        if (executable.isEmpty()) {
            return new CommandRun(argv, NOT_FOUND, "", argv.getFirst() + ": command not found on PATH");
        }
        List<String> command = new ArrayList<>(argv);
        command.set(0, executable.get().toString());
        try {
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .start();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new CommandRun(argv, TIMED_OUT, "", "did not finish within " + TIMEOUT_SECONDS + " s");
            }
            return new CommandRun(argv, p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            return new CommandRun(argv, NOT_FOUND, "", "cannot run " + executable.get() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CommandRun(argv, TIMED_OUT, "", "interrupted");
        }
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(output unreadable: " + e.getMessage() + ")";
        }
    }
}
