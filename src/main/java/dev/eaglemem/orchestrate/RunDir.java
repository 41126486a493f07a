package dev.eaglemem.orchestrate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The run directory of one attempt, {@code <data dir>/orchestrations/o<orchestration>/<slug>/attempt-<n>}: prompt.md
 * (what the worker was told), run-worker.sh (how it was run), pid, worker.log (all it printed), exit_code (written
 * only when it ended, atomically), timed_out (present when the time limit killed it), last-message.txt, and
 * validation.log. The script is the worker's parent, not eagle-mem: the worker outlives the command that spawned it,
 * and its exit code reaches sync through the file even when nothing waited for it.
 */
final class RunDir {

    static final String PROMPT = "prompt.md";
    static final String SCRIPT = "run-worker.sh";
    static final String LOG = "worker.log";
    static final String EXIT = "exit_code";
    static final String TIMED_OUT = "timed_out";
    static final String PID = "pid";
    static final String LAST_MESSAGE = "last-message.txt";
    static final String VALIDATION_LOG = "validation.log";

    private RunDir() {
    }

    /** A new attempt's directory: the first attempt-N that does not exist yet. */
    static Path create(Path runsRoot, long orchestrationId, String slug) {
        Path lane = runsRoot.resolve("o" + orchestrationId).resolve(slug);
        try {
            Files.createDirectories(lane);
            for (int n = 1;; n++) {
                Path dir = lane.resolve("attempt-" + n);
                if (!Files.exists(dir)) {
                    return Files.createDirectory(dir);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The wrapper: runs the worker in {@code workdir} with the prompt on stdin and its output in worker.log, in its own
     * process group so that the time limit kills the worker and everything it started; then writes exit_code.
     */
    static String script(Path run, Path workdir, Map<String, String> env, List<String> argv, long timeoutSeconds) {
        StringBuilder s = new StringBuilder("#!/usr/bin/env bash\n");
        s.append("# eagle-mem lane worker, written by eagle-mem orchestrate spawn.\n");
        s.append("set -m  # job control: the worker and the watchdog get process groups of their own\n");
        s.append("run=").append(q(run.toString())).append('\n');
        s.append("echo $$ > \"$run/").append(PID).append("\"\n");
        s.append("finish() { printf '%s\\n' \"$1\" > \"$run/").append(EXIT).append(".tmp\" && mv \"$run/").append(EXIT)
                .append(".tmp\" \"$run/").append(EXIT).append("\"; exit \"$1\"; }\n");
        s.append("cd ").append(q(workdir.toString())).append(" || finish 126\n");
        env.forEach((k, v) -> s.append("export ").append(k).append('=').append(q(v)).append('\n'));
        s.append(String.join(" ", argv.stream().map(RunDir::q).toList())).append(" < \"$run/").append(PROMPT)
                .append("\" >> \"$run/").append(LOG).append("\" 2>&1 &\n");
        s.append("worker=$!\n");
        s.append("( sleep ").append(timeoutSeconds).append("; : > \"$run/").append(TIMED_OUT).append("\"; ")
                .append("echo \"eagle-mem: the worker ran past ").append(timeoutSeconds)
                .append("s and is killed\" >> \"$run/").append(LOG).append("\"; ")
                .append("kill -TERM -- -\"$worker\" 2>/dev/null; sleep 10; kill -KILL -- -\"$worker\" 2>/dev/null ) &\n");
        s.append("watchdog=$!\n");
        s.append("wait \"$worker\"; rc=$?\n");
        s.append("kill -- -\"$watchdog\" 2>/dev/null\n");
        s.append("finish \"$rc\"\n");
        return s.toString();
    }

    /** The exit code the wrapper wrote, if it ended. */
    static Optional<Integer> exitCode(Path run) {
        return read(run.resolve(EXIT)).map(String::strip).filter(t -> t.matches("-?[0-9]{1,4}")).map(Integer::valueOf);
    }

    static boolean timedOut(Path run) {
        return Files.exists(run.resolve(TIMED_OUT));
    }

    static Optional<Long> pid(Path run) {
        return read(run.resolve(PID)).map(String::strip).filter(t -> t.matches("[0-9]{1,10}")).map(Long::valueOf);
    }

    /**
     * The worker's last message: Codex's file, else the end of its log (the other CLIs print their answer last), without
     * the terminal colour codes OpenCode prints even into a file.
     */
    static String lastMessage(Path run) {
        String text = read(run.resolve(LAST_MESSAGE)).orElseGet(() -> read(run.resolve(LOG)).orElse(""))
                .replaceAll("\u001B\\[[0-9;?]*[A-Za-z]", "").strip();
        return text.length() <= 1000 ? text : "…" + text.substring(text.length() - 999);
    }

    static Optional<String> read(Path file) {
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8))
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Single-quoted for bash. */
    static String q(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
