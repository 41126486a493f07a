package dev.eaglemem.gate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/**
 * Runs {@code git} in a directory; a missing git, a failure or a time-out is an exit code, never an exception.
 * The pre-push hook runs this inside git's hook environment; {@link ProcessRunner} drops the GIT_DIR it exports.
 */
final class Git {

    record Run(int exit, String out, String err) {

        boolean ok() {
            return exit == 0;
        }

        List<String> lines() {
            return out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        }
    }

    private static final long TIMEOUT_SECONDS = 30;

    private final Path dir;

    Git(Path dir) {
        this.dir = dir;
    }

    Run run(String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(command).withTimeout(Duration.ofSeconds(TIMEOUT_SECONDS)));
        return switch (r.outcome()) {
            case EXITED -> new Run(r.exit(), r.out(), r.err().strip());
            case TIMED_OUT -> new Run(r.exit(), "",
                    "git " + String.join(" ", args) + " did not finish in " + TIMEOUT_SECONDS + " s");
            case NOT_STARTED -> new Run(r.exit(), "", "cannot run git: " + r.err());
            case INTERRUPTED -> new Run(r.exit(), "", "interrupted");
        };
    }
}
