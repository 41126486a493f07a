package dev.eaglemem.platform;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One child process to run to completion with {@link ProcessRunner}. Built from an argument list (never a
 * shell string) and refined with the {@code with…} methods, which return a changed copy.
 *
 * @param argv the command and its arguments; the command is looked up on the JVM's PATH unless it has a slash
 * @param dir the working directory; null for this process's
 * @param stdin text fed to the child's stdin; null for /dev/null
 * @param timeout how long to wait before the child (and what it started) is killed; null for no limit
 * @param env variables to set in the child on top of this process's environment
 * @param lines null to capture stdout and stderr apart; else stderr is merged into stdout and every line
 *     goes to this consumer as it arrives (nothing is kept in the result)
 */
public record ProcessRequest(List<String> argv, Path dir, String stdin, Duration timeout, Map<String, String> env,
        Consumer<String> lines) {

    public ProcessRequest {
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("no command to run");
        }
        env = Map.copyOf(env);
    }

    public static ProcessRequest of(List<String> argv) {
        return new ProcessRequest(argv, null, null, null, Map.of(), null);
    }

    public ProcessRequest withDir(Path workingDir) {
        return new ProcessRequest(argv, workingDir, stdin, timeout, env, lines);
    }

    public ProcessRequest withStdin(String text) {
        return new ProcessRequest(argv, dir, text, timeout, env, lines);
    }

    public ProcessRequest withTimeout(Duration limit) {
        return new ProcessRequest(argv, dir, stdin, limit, env, lines);
    }

    public ProcessRequest withEnv(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(env);
        more.put(name, value);
        return new ProcessRequest(argv, dir, stdin, timeout, more, lines);
    }

    /** Streams the merged output line by line instead of capturing it. */
    public ProcessRequest withLines(Consumer<String> consumer) {
        return new ProcessRequest(argv, dir, stdin, timeout, env, consumer);
    }

    /** Reads and drops all output: nothing is buffered, and a chatty child never blocks on a full pipe. */
    public ProcessRequest discardingOutput() {
        return withLines(line -> {
        });
    }

    /** The command as one line, for messages. */
    String display() {
        return String.join(" ", argv);
    }
}
