package dev.eaglemem.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Similar;
import dev.eaglemem.shell.ShellWords;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * What a command line picocli could not parse gets as its error: an unknown command or option names the closest
 * real ones ("did you mean"), and the fix is the same line corrected when there is one clear correction. An
 * unknown option is reported before a missing required one (picocli checks the required first), since fixing
 * the typo is usually what supplies the missing option.
 */
final class ArgErrors {

    private ArgErrors() {
    }

    static EagleException describe(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        CommandSpec spec = cmd.getCommandSpec();
        String help = spec.qualifiedName() + " --help";
        List<String> unmatched = unmatched(e, cmd);
        if (unmatched.isEmpty()) {
            if (!cmd.getSubcommands().isEmpty() && e.getMessage().startsWith("Missing required subcommand")) {
                return EagleException.invalidInput(spec.qualifiedName() + " needs a command: "
                        + String.join(", ", commands(cmd, false)), ("eagle-mem help " + path(spec)).strip());
            }
            if (e instanceof CommandLine.MissingParameterException missing && !missing.getMissing().isEmpty()) {
                return missing(spec, missing.getMissing(), args, help);
            }
            return EagleException.invalidInput(e.getMessage(), help);
        }
        String first = unmatched.getFirst();
        if (looksLikeOption(first)) {
            String name = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
            List<String> near = Similar.to(name, optionNames(spec));
            return EagleException.invalidInput("unknown option '" + name + "' for " + spec.qualifiedName() + Similar.hint(near),
                    near.size() == 1 ? corrected(args, first, near.getFirst() + first.substring(name.length()), help) : help);
        }
        if (!cmd.getSubcommands().isEmpty() && spec.positionalParameters().isEmpty()) {
            List<String> near = nearCommands(cmd, first);
            String where = spec.parent() == null ? "an eagle-mem command" : "a command of " + spec.qualifiedName();
            String fix = spec.parent() == null ? "eagle-mem help" : "eagle-mem help " + path(spec);
            return EagleException.invalidInput("'" + first + "' is not " + where + Similar.hint(near),
                    near.size() == 1 ? corrected(args, first, near.getFirst(), fix) : fix);
        }
        return EagleException.invalidInput("unexpected argument '" + first + "' for " + spec.qualifiedName()
                + (unmatched.size() > 1 ? " (and " + (unmatched.size() - 1) + " more)" : ""), help);
    }

    /**
     * A required option or parameter left out: named in eagle-mem's words ("memories add needs --kind KIND: one of …"),
     * and the fix is the line as typed with it added — an allowed value where the option lists them, else its label.
     */
    private static EagleException missing(CommandSpec spec, List<CommandLine.Model.ArgSpec> missing, String[] args,
            String help) {
        List<String> needs = new ArrayList<>();
        List<String> added = new ArrayList<>();
        String choices = "";
        for (CommandLine.Model.ArgSpec arg : missing) {
            String label = arg.paramLabel();
            List<String> candidates = new ArrayList<>();
            if (arg.completionCandidates() != null) {
                arg.completionCandidates().forEach(candidates::add);
            }
            String value = candidates.isEmpty() ? label : candidates.getFirst();
            if (arg instanceof OptionSpec option) {
                needs.add(option.longestName() + " " + label);
                added.add(option.longestName());
            } else {
                needs.add(label);
            }
            added.add(value);
            if (!candidates.isEmpty() && choices.isEmpty()) {
                choices = " (" + label + ": one of " + String.join(", ", candidates) + ")";
            }
        }
        if (Arrays.asList(args).contains("--")) {
            return EagleException.invalidInput(path(spec) + " needs " + String.join(" and ", needs) + choices, help);
        }
        List<String> words = new ArrayList<>(List.of(args));
        words.addAll(added);
        return EagleException.invalidInput(path(spec) + " needs " + String.join(" and ", needs) + choices,
                "eagle-mem " + ShellWords.join(words));
    }

    /** The unmatched arguments, also when picocli stopped at a missing required option or parameter first. */
    private static List<String> unmatched(ParameterException e, CommandLine cmd) {
        if (e instanceof CommandLine.UnmatchedArgumentException u) {
            return u.getUnmatched();
        }
        try {
            ParseResult parsed = cmd.getParseResult();
            return parsed == null ? List.of() : parsed.unmatched();
        } catch (RuntimeException notParsed) {
            return List.of();
        }
    }

    private static boolean looksLikeOption(String arg) {
        return arg.length() > 1 && arg.startsWith("-") && !arg.matches("-\\d.*");
    }

    /** The subcommands of cmd whose name or alias is close to typed, each by its name once. */
    static List<String> nearCommands(CommandLine cmd, String typed) {
        return Similar.to(typed, commands(cmd, true)).stream()
                .map(n -> cmd.getSubcommands().get(n).getCommandName()).distinct().toList();
    }

    /** Long option names: a one-letter name is no useful guess. */
    private static List<String> optionNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                Arrays.stream(o.names()).filter(n -> n.startsWith("--")).forEach(names::add);
            }
        }
        return names;
    }

    /** The visible subcommands' names, with their aliases or not. */
    private static List<String> commands(CommandLine cmd, boolean aliases) {
        Set<String> names = new LinkedHashSet<>();
        for (Map.Entry<String, CommandLine> e : cmd.getSubcommands().entrySet()) {
            CommandLine sub = e.getValue();
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                names.add(aliases ? e.getKey() : sub.getCommandName());
            }
        }
        return List.copyOf(names);
    }

    /** The command's words after {@code eagle-mem}: {@code memories list}. */
    private static String path(CommandSpec spec) {
        return spec.qualifiedName().substring(spec.root().name().length()).strip();
    }

    /** The command line as given with {@code wrong} replaced by {@code right}; {@code otherwise} when not found. */
    private static String corrected(String[] args, String wrong, String right, String otherwise) {
        List<String> words = new ArrayList<>(List.of(args));
        int at = words.indexOf(wrong);
        if (at < 0) {
            return otherwise;
        }
        words.set(at, right);
        return "eagle-mem " + ShellWords.join(words);
    }
}
