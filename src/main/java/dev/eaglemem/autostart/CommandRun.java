package dev.eaglemem.autostart;

import java.util.List;
import java.util.stream.Collectors;

import dev.eaglemem.shell.ShellWords;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One command eagle-mem ran (or, in a dry run, would run) against the service manager.
 *
 * @param argv the command and its arguments
 * @param exitCode its exit code; null when it was only planned
 * @param stdout what it printed on stdout (trimmed)
 * @param stderr what it printed on stderr (trimmed)
 */
@RegisterForReflection
public record CommandRun(List<String> argv, Integer exitCode, String stdout, String stderr) {

    public CommandRun {
        argv = List.copyOf(argv);
        stdout = stdout == null ? "" : stdout.strip();
        stderr = stderr == null ? "" : stderr.strip();
    }

    static CommandRun planned(List<String> argv) {
        return new CommandRun(argv, null, "", "");
    }

    /** True when it exited 0, or was only planned. */
    boolean ok() {
        return exitCode == null || exitCode == 0;
    }

    /** What went wrong, for messages: stderr, else stdout, else the exit code. */
    String problem() {
        String text = !stderr.isEmpty() ? stderr : !stdout.isEmpty() ? stdout : "exit code " + exitCode;
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).collect(Collectors.joining("; "));
    }

    /** The command as a user would type it. */
    public String display() {
        return ShellWords.join(argv);
    }

    /** A shell word: as it is when safe, else single-quoted ({@link ShellWords#quote}, for the service renderers). */
    public static String quote(String word) {
        return ShellWords.quote(word);
    }
}
