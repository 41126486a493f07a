package dev.eaglemem.feature;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;
import dev.eaglemem.store.SmokeResult;

/**
 * Runs one smoke-test command through {@code sh -c} in the project root, streaming its combined output
 * line by line. Smoke tests are shell commands by nature (pipes, {@code &&}, env prefixes), so this is
 * the one place a shell string is intended; the user wrote it with {@code feature add --smoke}. There is
 * no time limit: a smoke test takes as long as it takes, and the user sees its output as it comes.
 */
final class SmokeRunner {

    private SmokeRunner() {
    }

    static SmokeResult run(Path root, String command, PrintWriter out) {
        long start = System.nanoTime();
        NoTests noTests = new NoTests();
        ProcessRequest request = ProcessRequest.of(List.of("sh", "-c", command)).withDir(root)
                // a smoke test that starts an agent must not recurse into our hooks
                .withEnv("EAGLE_MEM_DISABLE_HOOKS", "1")
                .withLines(line -> {
                    noTests.line(line);
                    out.println("  " + line);
                    out.flush();
                });
        ProcessResult r = ProcessRunner.run(request);
        int exit = r.exit();
        if (!r.exited()) {
            if (r.outcome() == ProcessResult.Outcome.NOT_STARTED) {
                out.println("  cannot run: " + r.err());
            }
            exit = -1;
        }
        return new SmokeResult(command, exit, (System.nanoTime() - start) / 1_000_000,
                exit == 0 ? noTests.verdict().orElse(null) : null);
    }
}
