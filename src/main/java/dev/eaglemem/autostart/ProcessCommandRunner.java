package dev.eaglemem.autostart;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/** Runs commands as child processes (through {@link ProcessRunner}), found on eagle-mem's PATH, with a time limit. */
@Singleton
public class ProcessCommandRunner implements CommandRunner {

    /** Exit code reported for a command that is not on PATH (what a shell says). */
    static final int NOT_FOUND = ProcessResult.EXIT_NOT_STARTED;
    /** Exit code reported for a command that did not finish in time. */
    static final int TIMED_OUT = ProcessResult.EXIT_TIMED_OUT;
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
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(command).withTimeout(Duration.ofSeconds(TIMEOUT_SECONDS)));
        return switch (r.outcome()) {
            case EXITED -> new CommandRun(argv, r.exit(), r.out(), r.err());
            case NOT_STARTED -> new CommandRun(argv, NOT_FOUND, "", "cannot run " + executable.get() + ": " + r.err());
            case TIMED_OUT -> new CommandRun(argv, TIMED_OUT, "", "did not finish within " + TIMEOUT_SECONDS + " s");
            // reported as a time-out, as it always was: the manager's answer never came
            case INTERRUPTED -> new CommandRun(argv, TIMED_OUT, "", "interrupted");
        };
    }
}
