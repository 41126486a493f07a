package dev.eaglemem.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The reference as one man page (roff), written from the same command model as --help: each command's summary,
 * synopsis, description, arguments, options and examples, then the exit codes. picocli's own generator writes
 * AsciiDoc, which needs asciidoctor to become a man page; roff needs nothing but man.
 */
final class ManPage {

    private ManPage() {
    }

    static String roff(CommandLine top, String version) {
        CommandSpec spec = top.getCommandSpec();
        String name = spec.qualifiedName("-");
        StringBuilder out = new StringBuilder();
        out.append(".TH ").append(text(name.toUpperCase(Locale.ROOT))).append(" 1 \"\" ").append(quoted(spec.root().name() + " "
                + version)).append(" \"User Commands\"\n");
        out.append(".nh\n.ad l\n"); // option names must not be hyphenated or stretched
        out.append(".SH NAME\n").append(text(name + " - " + spec.usageMessage().header()[0])).append('\n');
        out.append(".SH SYNOPSIS\n");
        synopsis(out, top);
        out.append(".SH DESCRIPTION\n");
        paragraphs(out, spec.usageMessage().description());
        out.append(".SH COMMANDS\n");
        for (CommandLine c : commands(top)) {
            command(out, c);
        }
        out.append(".SH EXIT STATUS\n");
        spec.usageMessage().exitCodeList().forEach((code, meaning) -> out.append(".TP\n.B ").append(text(code.strip()))
                .append('\n').append(text(meaning)).append('\n'));
        out.append(".SH FILES\n.TP\n.I $EAGLE_MEM_DIR\n").append(text("The database, config.toml, the log and the backups"
                + " (default ~/.eagle-mem).")).append('\n');
        return out.toString();
    }

    /**
     * Every visible command below {@code top}, depth first, each once (aliases share a CommandLine): the order of the
     * parent's command list, which {@link ReferenceDoc} follows too.
     */
    static List<CommandLine> commands(CommandLine top) {
        List<CommandLine> all = new ArrayList<>();
        top.getSubcommands().values().stream().distinct().filter(c -> !c.getCommandSpec().usageMessage().hidden())
                .forEach(c -> {
                    all.add(c);
                    all.addAll(commands(c));
                });
        return all;
    }

    private static void command(StringBuilder out, CommandLine c) {
        CommandSpec spec = c.getCommandSpec();
        UsageMessageSpec usage = spec.usageMessage();
        out.append(".SS ").append(quoted(spec.qualifiedName())).append('\n').append(text(usage.header()[0])).append('\n');
        if (spec.aliases().length > 0) {
            out.append(".br\n").append(text("Also: " + String.join(", ", spec.aliases()) + ".")).append('\n');
        }
        synopsis(out, c);
        paragraphs(out, usage.description());
        List<ArgSpec> args = new ArrayList<>(spec.positionalParameters());
        spec.options().stream().filter(o -> !o.hidden() && !o.usageHelp() && !o.versionHelp()).forEach(args::add);
        for (ArgSpec arg : args) {
            if (!arg.hidden()) {
                out.append(".TP\n").append(label(arg)).append('\n').append(text(String.join(" ", arg.description())))
                        .append('\n');
            }
        }
        if (usage.footer().length > 0) {
            out.append(".PP\nExamples:\n.RS\n.nf\n");
            for (String line : usage.footer()) {
                out.append(text(line.strip())).append('\n');
            }
            out.append(".fi\n.RE\n");
        }
    }

    private static void synopsis(StringBuilder out, CommandLine c) {
        String synopsis = c.getHelp().synopsis(0).strip().replaceAll("\\s*\\n\\s*", " ");
        out.append(".PP\n.B ").append(text(synopsis)).append('\n');
    }

    private static void paragraphs(StringBuilder out, String[] paragraphs) {
        for (String p : paragraphs) {
            out.append(".PP\n").append(text(p)).append('\n');
        }
    }

    /** {@code -k, --kind=KIND} in bold and italics, as man pages set options. */
    private static String label(ArgSpec arg) {
        String value = arg.arity().max() == 0 ? "" : "\\fI" + text(arg.paramLabel()) + "\\fR";
        if (arg instanceof OptionSpec option) {
            List<String> names = new ArrayList<>();
            for (String n : option.names()) {
                names.add("\\fB" + text(n) + "\\fR");
            }
            return String.join(", ", names) + (value.isEmpty() ? "" : "=" + value);
        }
        return value;
    }

    private static String quoted(String s) {
        return "\"" + text(s).replace("\"", "\\(dq") + "\"";
    }

    /** Text roff shows as it is: backslashes and hyphens escaped, no line taken for a request. */
    static String text(String s) {
        String escaped = s.replace("\\", "\\e").replace("-", "\\-");
        return escaped.startsWith(".") || escaped.startsWith("'") ? "\\&" + escaped : escaped;
    }
}
