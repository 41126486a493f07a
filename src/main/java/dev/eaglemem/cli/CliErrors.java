package dev.eaglemem.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;

import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.shell.ShellWords;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The one place that turns failures into output and exit codes. Every error prints
 * {@code eagle-mem: <what went wrong, where>} and {@code   fix: <command>} on stderr; with
 * {@code --json} the same goes to stdout as {@code {"error":{...}}}. A command line picocli refuses is described by
 * {@link ArgErrors} (did you mean, the corrected line). Environment failures and bugs are also written to
 * eagle-mem.log so they are never lost.
 */
@Singleton
public class CliErrors {

    /**
     * Commands that run on the defaults when config.toml cannot be read: the ones that fix or inspect it, and the
     * agents' own entries (a typo must not cost an event; serve is what autostart runs for the hooks).
     */
    static final Set<String> WITH_A_BROKEN_CONFIG = Set.of("doctor", "config", "serve", "statusline", "hook", "uninstall",
            "help", "completion");

    private final Instance<LogFile> log;
    private final SpoolCatchUp catchUp;
    private final Instance<EagleConfig> config;

    public CliErrors(Instance<LogFile> log, SpoolCatchUp catchUp, Instance<EagleConfig> config) {
        this.log = log;
        this.catchUp = catchUp;
        this.config = config;
    }

    /**
     * Error handling, output encoding and help layout for the command line {@link Main} builds. Deliberately not a
     * CDI producer: a producer's bean class loads picocli's CommandLine when the container starts, and a hook never
     * needs it (a Java 5 class file the AOT cache cannot hold, checked by the old verifier).
     */
    CommandLine configure(CommandLine commandLine) {
        // stdout.encoding follows the locale and may be ASCII; JSON and memories are UTF-8 regardless.
        return HelpLayout.apply(commandLine)
                .setOut(new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true))
                .setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true))
                .setExecutionStrategy(parsed -> {
                    refuseABrokenConfig(parsed);
                    return catchUp.execute(parsed);
                })
                .setExecutionExceptionHandler(this::onExecutionError)
                .setParameterExceptionHandler(this::onParameterError);
    }

    /** A command a person runs says what is wrong with config.toml and stops, rather than ignore the settings in it. */
    private void refuseABrokenConfig(ParseResult parsed) {
        ParseResult command = parsed.subcommand();
        if (command == null || WITH_A_BROKEN_CONFIG.contains(command.commandSpec().name()) || SpoolCatchUp.helpAsked(command)) {
            return;
        }
        EagleConfig settings = config.get();
        if (settings.isBroken()) {
            throw new CommandLine.ExecutionException(command.commandSpec().commandLine(), settings.problem().getMessage(),
                    settings.problem());
        }
    }

    private int onExecutionError(Exception thrown, CommandLine cmd, ParseResult parsed) {
        if (cmd.getCommand() instanceof HookCommand) {
            return hookFailed(thrown);
        }
        EagleException error = find(thrown);
        if (error == null) {
            error = internal(thrown);
        } else if (error.exitCode() == ExitCode.FAILURE) {
            logLine("ERROR", error.getMessage());
        } else {
            error = withTheLineCorrected(error, parsed.originalArgs());
        }
        report(cmd, wantsJson(parsed), error);
        return error.exitCode().code();
    }

    /** A service's "unknown X 'wrong'; did you mean right?" (one guess), as it names a value the person typed. */
    private static final Pattern ONE_GUESS = Pattern.compile("'([^']+)'[^']*; did you mean ([^\\s?]+)\\?$");

    /**
     * A value a service refused with one clear guess gets, as its fix, the command line as typed with the guess in its
     * place (as ArgErrors does for a mistyped option), rather than a list of choices to pick from and retype.
     */
    static EagleException withTheLineCorrected(EagleException error, List<String> args) {
        Matcher m = ONE_GUESS.matcher(error.getMessage());
        if (!m.find() || args == null) {
            return error;
        }
        String wrong = m.group(1);
        String right = m.group(2);
        List<String> words = new ArrayList<>(args);
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (word.equals(wrong)) {
                words.set(i, right);
            } else if (word.startsWith("-") && word.endsWith("=" + wrong)) {
                words.set(i, word.substring(0, word.length() - wrong.length()) + right);
            } else {
                continue;
            }
            return new EagleException(error.exitCode(), error.errorCode(), error.getMessage(),
                    "eagle-mem " + ShellWords.join(words), error.getCause());
        }
        return error;
    }

    /** The hook contract: exit 0, nothing on stdout, the failure in the log. */
    int hookFailed(Throwable thrown) {
        logLine("ERROR", "hook: " + thrown);
        return 0;
    }

    private int onParameterError(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        if (cmd.getCommand() instanceof HookCommand) {
            logLine("WARN", "hook: " + e.getMessage());
            return 0;
        }
        report(cmd, containsJson(args), ArgErrors.describe(e, args));
        return ExitCode.INVALID_INPUT.code();
    }

    /** Services throw EagleException; CDI may wrap it when a producer throws. */
    static EagleException find(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof EagleException e) {
                return e;
            }
        }
        return null;
    }

    private EagleException internal(Exception thrown) {
        StringWriter trace = new StringWriter();
        thrown.printStackTrace(new PrintWriter(trace));
        boolean logged = logLine("ERROR", "internal error: " + trace.toString().replace('\n', '|'));
        String where = logged ? "; the stack trace is in " + log.get().file() : "";
        return new EagleException(ExitCode.INTERNAL, "internal_error",
                "internal error: " + thrown.getClass().getSimpleName() + ": " + thrown.getMessage() + where,
                "please report it with that log line; meanwhile 'eagle-mem doctor' checks the installation", thrown);
    }

    private boolean logLine(String level, String message) {
        try {
            return log.get().append(LogFile.Level.valueOf(level), message);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static void report(CommandLine cmd, boolean json, EagleException error) {
        PrintWriter err = cmd.getErr();
        err.println("eagle-mem: " + error.getMessage());
        if (error.fix() != null) {
            err.println("  fix: " + error.fix());
        }
        err.flush();
        if (json) {
            PrintWriter out = cmd.getOut();
            out.println(Console.toJson(new ErrorDocument(new ErrorBody(error.errorCode(), error.getMessage(), error.fix(),
                    error.exitCode().code()))));
            out.flush();
        }
    }

    private static boolean wantsJson(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--json")) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsJson(String[] args) {
        for (String a : args) {
            if ("--json".equals(a)) {
                return true;
            }
        }
        return false;
    }
}
