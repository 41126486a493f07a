package dev.eaglemem.cli;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A fish completion script written from the picocli command model (picocli generates bash only). One function
 * works out which command is being typed (canonical names, aliases resolved, option values skipped because
 * only a known subcommand name moves it on); every {@code complete} line is conditioned on that command.
 */
final class FishCompletion {

    private FishCompletion() {
    }

    static String script(CommandLine root) {
        String name = root.getCommandName();
        String fn = "__" + name.replaceAll("[^A-Za-z0-9]", "_");
        StringBuilder out = new StringBuilder();
        out.append("# The subcommands typed so far, canonical names joined by spaces (\"memories list\").\n")
                .append("function ").append(fn).append("_command\n")
                .append("    set -l path\n")
                .append("    for word in (commandline -opc)[2..-1]\n")
                .append("        switch \"$path/$word\"\n");
        walk(root, List.of(), (path, cli) -> visible(cli).forEach(sub -> {
            List<String> next = new ArrayList<>(path);
            next.add(sub.getCommandName());
            out.append("            case");
            cli.getSubcommands().forEach((typed, same) -> {
                if (same == sub) {
                    out.append(' ').append(quote(String.join(" ", path) + "/" + typed));
                }
            });
            out.append("\n                set path ").append(String.join(" ", next.stream().map(FishCompletion::quote).toList()))
                    .append('\n');
        }));
        out.append("        end\n    end\n    echo $path\nend\n\n")
                .append("function ").append(fn).append("_at --description 'Is this the command being typed?'\n")
                .append("    set -l typed (").append(fn).append("_command)\n")
                .append("    test \"$typed\" = \"$argv\"\nend\n\n")
                .append("complete -c ").append(name).append(" -f\n");
        walk(root, List.of(), (path, cli) -> {
            String at = "-n " + quote((fn + "_at " + String.join(" ", path)).strip());
            String prefix = "complete -c " + name + " " + at;
            visible(cli).forEach(sub -> out.append(prefix).append(" -a ").append(quote(sub.getCommandName())).append(" -d ")
                    .append(quote(summary(sub.getCommandSpec()))).append('\n'));
            for (OptionSpec option : cli.getCommandSpec().options()) {
                if (!option.hidden()) {
                    out.append(prefix).append(names(option)).append(value(option)).append(" -d ")
                            .append(quote(first(option.description()))).append('\n');
                }
            }
            for (PositionalParamSpec positional : cli.getCommandSpec().positionalParameters()) {
                if (!positional.hidden() && (positional.completionCandidates() != null || isPath(positional))) {
                    out.append(prefix).append(value(positional).replace(" -r", "")).append('\n');
                }
            }
        });
        return out.toString();
    }

    private interface Visitor {
        void visit(List<String> path, CommandLine cli);
    }

    /** Every command once (aliases map to the same CommandLine), hidden ones left out. */
    private static void walk(CommandLine cli, List<String> path, Visitor visitor) {
        visitor.visit(path, cli);
        visible(cli).forEach(sub -> {
            List<String> next = new ArrayList<>(path);
            next.add(sub.getCommandName());
            walk(sub, next, visitor);
        });
    }

    private static List<CommandLine> visible(CommandLine cli) {
        return cli.getSubcommands().values().stream().distinct().filter(s -> !s.getCommandSpec().usageMessage().hidden())
                .toList();
    }

    private static String names(OptionSpec option) {
        StringBuilder out = new StringBuilder();
        for (String n : option.names()) {
            if (n.startsWith("--")) {
                out.append(" -l ").append(quote(n.substring(2)));
            } else if (n.length() == 2) {
                out.append(" -s ").append(quote(n.substring(1)));
            } else {
                out.append(" -o ").append(quote(n.substring(1)));
            }
        }
        return out.toString();
    }

    /** What follows the option or parameter: nothing (a flag), a file, or a word (from the candidates, if any). */
    private static String value(ArgSpec arg) {
        if (arg.arity().max() == 0) {
            return "";
        }
        if (arg.completionCandidates() != null) {
            List<String> words = new ArrayList<>();
            arg.completionCandidates().forEach(words::add);
            return " -x -a " + quote(String.join(" ", words));
        }
        return isPath(arg) ? " -r -F" : " -x";
    }

    /** A value that names a file: typed as a path, or labelled PATH (most options keep paths as strings). */
    private static boolean isPath(ArgSpec arg) {
        Class<?> type = arg.auxiliaryTypes().length > 0 ? arg.auxiliaryTypes()[0] : arg.type();
        return Path.class.isAssignableFrom(type) || File.class.equals(type)
                || arg.paramLabel().toUpperCase(Locale.ROOT).contains("PATH");
    }

    private static String summary(CommandSpec spec) {
        String[] header = spec.usageMessage().header();
        return header.length > 0 ? header[0] : first(spec.usageMessage().description());
    }

    private static String first(String[] lines) {
        return lines.length == 0 ? "" : lines[0];
    }

    /** A fish single-quoted word: only backslash and the quote itself are special inside. */
    static String quote(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
