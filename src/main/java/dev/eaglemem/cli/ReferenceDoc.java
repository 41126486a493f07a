package dev.eaglemem.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.eaglemem.config.ConfigKey;
import dev.eaglemem.config.ConfigValues;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The reference pages in docs/ as Markdown, written from the models the program runs on: docs/commands.md from the
 * command tree (the words of --help and help --man, in help's order) and the key table of docs/configuration.md from
 * {@link dev.eaglemem.config.ConfigKeys}. Written by hand, they drifted from the code; ReferenceDocsTest regenerates
 * them and fails when the committed pages differ.
 */
final class ReferenceDoc {

    private ReferenceDoc() {
    }

    /** The command reference: a contents list, then each visible command with everything its --help says. */
    static String commands(CommandLine root) {
        List<CommandLine> all = new ArrayList<>(List.of(root));
        all.addAll(ManPage.commands(root));
        StringBuilder out = new StringBuilder("# Command reference\n\n");
        out.append("Generated from the command model by ReferenceDocsTest (`-Dgolden.update=true` rewrites it); do not"
                + " edit by hand. The options and exit codes every command inherits from `").append(name(root))
                .append("` are listed once, under [").append(name(root)).append("](#").append(anchor(root)).append(").\n\n");
        for (CommandLine c : all) {
            int depth = c.getCommandSpec().qualifiedName().split(" ").length - 1;
            out.append("  ".repeat(Math.max(0, depth - 1))).append("- [").append(name(c)).append("](#").append(anchor(c))
                    .append(") — ").append(prose(header(c))).append('\n');
        }
        for (CommandLine c : all) {
            command(out, c);
        }
        return out.toString();
    }

    private static void command(StringBuilder out, CommandLine c) {
        CommandSpec spec = c.getCommandSpec();
        UsageMessageSpec usage = spec.usageMessage();
        out.append("\n## ").append(name(c)).append("\n\n").append(prose(header(c))).append('\n');
        if (spec.aliases().length > 0) {
            out.append("\nAlso: ").append(Arrays.stream(spec.aliases()).map(ReferenceDoc::code)
                    .collect(Collectors.joining(", "))).append(".\n");
        }
        out.append("\n```\n").append(c.getHelp().synopsis(0).stripTrailing()).append("\n```\n");
        // a command without a description of its own inherits the root's, which says nothing about it
        if (spec.parent() == null || !List.of(usage.description()).equals(List.of(spec.root().usageMessage().description()))) {
            for (String paragraph : usage.description()) {
                out.append('\n').append(prose(paragraph)).append('\n');
            }
        }
        List<ArgSpec> arguments = spec.positionalParameters().stream().filter(p -> !p.hidden()).map(ArgSpec.class::cast)
                .toList();
        table(out, "Arguments", "argument", arguments, c.getHelp());
        List<OptionSpec> options = new ArrayList<>(spec.options().stream()
                .filter(o -> !o.hidden() && (spec.parent() == null || !o.usageHelp() && !o.versionHelp())).toList());
        if (usage.sortOptions()) {
            options.sort(Help.createShortOptionNameComparator());
        }
        table(out, "Options", "option", List.copyOf(options), c.getHelp());
        if (usage.footer().length > 0) {
            out.append("\nExamples:\n\n```sh\n");
            for (String line : usage.footer()) {
                out.append(line.strip()).append('\n');
            }
            out.append("```\n");
        }
        Map<String, String> codes = usage.exitCodeList();
        if (!codes.isEmpty() && (spec.parent() == null || !codes.equals(spec.parent().usageMessage().exitCodeList()))) {
            out.append("\nExit codes:\n\n| code | meaning |\n|---|---|\n");
            codes.forEach((code, meaning) -> out.append("| ").append(code.strip()).append(" | ").append(cell(meaning))
                    .append(" |\n"));
        }
    }

    /** Arguments or options: the names (an option's aliases too), the value it takes, and its description. */
    private static void table(StringBuilder out, String heading, String column, List<? extends ArgSpec> args, Help help) {
        if (args.isEmpty()) {
            return;
        }
        boolean options = args.getFirst().isOption();
        out.append('\n').append(heading).append(":\n\n| ").append(column).append(options ? " | value" : "")
                .append(" | description |\n|---|").append(options ? "---|" : "").append("---|\n");
        for (ArgSpec arg : args) {
            String label = help.parameterLabelRenderer().renderParameterLabel(arg, Help.Ansi.OFF, List.of()).toString();
            out.append("| ");
            if (arg instanceof OptionSpec option) {
                out.append(List.of(option.names()).stream().map(ReferenceDoc::code).collect(Collectors.joining(", ")))
                        .append(" | ").append(label.isEmpty() ? "" : code(label.replaceFirst("^=", "")));
            } else {
                out.append(code(label));
            }
            out.append(" | ").append(cell(String.join(" ", arg.description()))).append(" |\n");
        }
    }

    /** The key table of docs/configuration.md: what each key accepts, its default, and what it means. */
    static String configKeys(List<ConfigKey> keys) {
        StringBuilder out = new StringBuilder("| key | default | accepts | meaning |\n|---|---|---|---|\n");
        for (ConfigKey key : keys) {
            Object value = key.defaultValue();
            String shown = value instanceof String s && !s.isEmpty() ? s : ConfigValues.toToml(value);
            out.append("| ").append(code(key.name())).append(" | ").append(code(shown)).append(" | ")
                    .append(cell(accepts(key))).append(" | ").append(cell(key.description())).append(" |\n");
        }
        return out.toString();
    }

    private static String accepts(ConfigKey key) {
        return switch (key.type()) {
            case INT, DECIMAL -> key.min() + "–" + key.max();
            case BOOL -> "true/false";
            case ENUM -> key.allowed().stream().map(ReferenceDoc::code).collect(Collectors.joining(", "));
            case STRING -> key.values();
            case STRING_LIST -> "list of " + key.values();
        };
    }

    private static String name(CommandLine c) {
        return c.getCommandSpec().qualifiedName();
    }

    private static String header(CommandLine c) {
        return c.getCommandSpec().usageMessage().header()[0];
    }

    /** GitHub's heading anchor: lower case, spaces as hyphens (command names hold nothing else to drop). */
    private static String anchor(CommandLine c) {
        return name(c).replace(' ', '-');
    }

    private static String code(String s) {
        return "`" + s + "`";
    }

    /** A table cell: prose whose pipes do not end the cell. */
    private static String cell(String s) {
        return prose(s).replace("|", "\\|");
    }

    /** Help text as Markdown shows it: no HTML tags, emphasis or links read into it. */
    private static String prose(String s) {
        return s.replace("\\", "\\\\").replace("<", "&lt;").replace("*", "\\*").replace("~", "\\~")
                .replaceAll("(?<!\\w)_|_(?!\\w)", "\\\\_");
    }
}
