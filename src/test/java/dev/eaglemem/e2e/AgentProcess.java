package dev.eaglemem.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs one agent CLI process to completion with a hard time limit, so a wedged agent fails the test with
 * its output instead of hanging CI.
 */
public final class AgentProcess {

    /** How long to wait for the output pipes after the process ended (a surviving grandchild may hold them). */
    private static final Duration DRAIN = Duration.ofSeconds(5);
    private static final int TAIL_LINES = 40;

    /** The finished process. */
    public record Outcome(List<String> command, int exitCode, String stdout, String stderr, Duration elapsed) {

        /** Exit code, time, and the tails of both streams, for assertion messages. */
        public String describe() {
            return "exit " + exitCode + " after " + elapsed.toMillis() + " ms\n--- stdout (tail) ---\n"
                    + tail(stdout) + "\n--- stderr (tail) ---\n" + tail(stderr);
        }
    }

    private AgentProcess() {
    }

    /**
     * Starts {@code command} in {@code cwd} with exactly {@code env} (nothing inherited), stdin at EOF, and
     * waits at most {@code timeout}.
     *
     * @param diagnostics appended to failure messages (the fake model's request summary)
     * @throws AssertionError when the process cannot start or outlives the timeout (it is killed first)
     */
    static Outcome run(List<String> command, Path cwd, Map<String, String> env, Duration timeout,
            Supplier<String> diagnostics) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        long started = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new AssertionError("cannot start " + command + ": " + e.getMessage(), e);
        }
        Collector out = Collector.start(process.getInputStream());
        Collector err = Collector.start(process.getErrorStream());
        try {
            // Agents waiting on stdin (codex exec reads "additional input" from a pipe) must see EOF at once.
            process.getOutputStream().close();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(process);
                throw new AssertionError(program(command) + " did not finish within " + timeout.toSeconds()
                        + " s (killed). " + diagnostics.get() + "\n--- stdout (tail) ---\n" + tail(out.await())
                        + "\n--- stderr (tail) ---\n" + tail(err.await()));
            }
        } catch (IOException e) {
            kill(process);
            throw new AssertionError("cannot talk to " + program(command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + program(command), e);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        return new Outcome(List.copyOf(command), process.exitValue(), out.await(), err.await(), elapsed);
    }

    private static void kill(Process process) {
        // Agents run hooks and shells as children; leaving them would keep pipes (and CI) open.
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(DRAIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String program(List<String> command) {
        return command.stream().filter(part -> !Path.of(part).getFileName().toString().equals("node")).findFirst()
                .map(part -> Path.of(part).getFileName().toString()).orElse("process");
    }

    static String tail(String text) {
        List<String> lines = text.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
    }

    /** Copies a stream on its own thread, so a timeout can still show what was printed so far. */
    private static final class Collector {

        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private final Thread thread;

        private Collector(InputStream in) {
            // A platform thread: a virtual thread blocked in a pipe read keeps its carrier, and with two carriers (two
            // cores) the two collectors of a running agent left the fake model server's handlers no carrier at all
            // (OpenCode's first model request went unanswered until the agent was killed).
            thread = Thread.ofPlatform().daemon().start(() -> copy(in));
        }

        static Collector start(InputStream in) {
            return new Collector(in);
        }

        private void copy(InputStream in) {
            byte[] chunk = new byte[8192];
            try (in) {
                for (int n; (n = in.read(chunk)) >= 0;) {
                    synchronized (buffer) {
                        buffer.write(chunk, 0, n);
                    }
                }
            } catch (IOException e) {
                // The pipe closes when the process is killed; what was read so far is kept.
            }
        }

        String await() {
            try {
                thread.join(DRAIN);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (buffer) {
                return buffer.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
