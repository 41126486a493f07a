package dev.eaglemem.platform;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs a child process to completion: the one place eagle-mem waits for a command (git, systemctl,
 * launchctl, a smoke test, the AOT training run). stdout and stderr are drained on their own threads while
 * the caller waits, so a child that fills one pipe never deadlocks against us; stdin is fed the same way.
 * Nothing here throws for a missing command, a failure or a time-out: see {@link ProcessResult}.
 *
 * <p>Processes that must outlive the call are started elsewhere on purpose: the detached {@code serve}
 * (serve.control.ServeStarter), the uninstall clean-up shell (install.RuntimeInstall) and Codex's
 * long-lived JSON-RPC app server (install.CodexAppServer).
 */
public final class ProcessRunner {

    /**
     * Variables that make a git child use another repository than the one its working directory or
     * {@code -C} names. git exports them to the hooks it runs (a pre-push hook can see a relative
     * {@code GIT_DIR=.git}, a linked worktree's hook {@code GIT_COMMON_DIR}), and eagle-mem runs inside such
     * hooks; passed on, they would make {@code git -C other-repo …} read the hook's repository instead. No
     * child eagle-mem starts relies on inheriting them, so they are always removed.
     */
    static final Set<String> REPOSITORY_VARIABLES = Set.of("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE",
            "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR");

    private static final File DEV_NULL = new File("/dev/null");
    /** Pipe readers and the stdin writer block on I/O; virtual threads cost nothing while they do. */
    private static final Executor IO = task -> Thread.ofVirtual().name("eagle-mem-process-io").start(task);

    private ProcessRunner() {
    }

    public static ProcessResult run(ProcessRequest request) {
        ProcessBuilder pb = new ProcessBuilder(request.argv())
                .redirectInput(request.stdin() == null ? ProcessBuilder.Redirect.from(DEV_NULL) : ProcessBuilder.Redirect.PIPE)
                .redirectErrorStream(request.lines() != null);
        if (request.dir() != null) {
            pb.directory(request.dir().toFile());
        }
        childEnvironment(pb.environment(), request.env());
        Process p;
        try {
            p = pb.start();
        } catch (IOException | RuntimeException e) {
            // no such command, not executable, a missing working directory
            return ProcessResult.couldNotStart(e.getMessage());
        }
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> drain(p.getInputStream(), request.lines()), IO);
        CompletableFuture<String> err = request.lines() != null ? CompletableFuture.completedFuture("")
                : CompletableFuture.supplyAsync(() -> drain(p.getErrorStream(), null), IO);
        if (request.stdin() != null) {
            IO.execute(() -> feed(p.getOutputStream(), request.stdin()));
        }
        try {
            boolean finished = true;
            if (request.timeout() == null) {
                p.waitFor();
            } else {
                finished = p.waitFor(request.timeout().toMillis(), TimeUnit.MILLISECONDS);
            }
            if (!finished) {
                kill(p);
                // not joining the readers: whatever the kill missed may still hold the pipes open
                return ProcessResult.killedAtTimeLimit();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill(p);
            return ProcessResult.interruptedWhileWaiting();
        }
        return ProcessResult.exitedWith(p.exitValue(), out.join(), err.join());
    }

    /** The child's environment: this process's, plus {@code extra}, minus {@link #REPOSITORY_VARIABLES}. */
    static void childEnvironment(Map<String, String> environment, Map<String, String> extra) {
        environment.putAll(extra);
        environment.keySet().removeAll(REPOSITORY_VARIABLES);
    }

    /** Kills the child and what it started (a launcher script's JVM, git's ssh), so no orphan runs on. */
    private static void kill(Process p) {
        List<ProcessHandle> descendants = p.descendants().toList();
        p.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    /** All of a stream, as text or line by line to {@code lines}; what was read before an I/O error. */
    private static String drain(InputStream in, Consumer<String> lines) {
        StringBuilder text = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            if (lines != null) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    lines.accept(line);
                }
            } else {
                char[] buf = new char[8192];
                for (int n = r.read(buf); n >= 0; n = r.read(buf)) {
                    text.append(buf, 0, n);
                }
            }
        } catch (IOException e) {
            // the pipe broke (the child was killed): keep what arrived
        }
        return text.toString();
    }

    private static void feed(OutputStream stdin, String text) {
        try (stdin) {
            stdin.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // the child exited without reading it all; its exit code tells the caller
        }
    }
}
