package dev.eaglemem.orchestrate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/** git run in one directory ({@code git -C dir …}), bounded in time; failures are results, never exceptions. */
final class Git {

    private static final Duration LIMIT = Duration.ofMinutes(2);

    private Git() {
    }

    static ProcessResult run(Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", dir.toString()));
        argv.addAll(List.of(args));
        // no pager, no prompt for credentials, the C locale for output we parse
        return ProcessRunner.run(ProcessRequest.of(argv).withTimeout(LIMIT).withEnv("GIT_TERMINAL_PROMPT", "0")
                .withEnv("LC_ALL", "C").withEnv("GIT_PAGER", "cat"));
    }

    /** The first line of stdout when git succeeded, else null. */
    static String line(Path dir, String... args) {
        ProcessResult r = run(dir, args);
        return r.ok() && !r.lines().isEmpty() ? r.lines().getFirst() : null;
    }
}
