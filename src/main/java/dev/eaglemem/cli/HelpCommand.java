package dev.eaglemem.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code eagle-mem help [COMMAND…]}: the same text as {@code eagle-mem [COMMAND…] --help}, nested commands too. */
@Command(name = "help", helpCommand = true, header = "Show the help of eagle-mem or of a command.",
        description = "The same text as COMMAND --help: what it does, its options and examples. With --man, the help of"
                + " the command and all its subcommands as one man page.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem help", "  eagle-mem help memories add",
                "  eagle-mem help --man feature | man -l -",
                "  eagle-mem help --man > ~/.local/share/man/man1/eagle-mem.1" })
public class HelpCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command, e.g. search or memories list.")
    List<String> path;

    @Option(names = "--man", description = "Print it as a man page (roff) instead, for man -l - or a man1 folder.")
    boolean man;

    @Override
    public Integer call() {
        CommandLine target = spec.root().commandLine();
        List<String> walked = new ArrayList<>();
        for (String name : path == null ? List.<String>of() : path) {
            CommandLine sub = target.getSubcommands().get(name);
            if (sub == null) {
                String where = walked.isEmpty() ? "an eagle-mem command" : "a command of eagle-mem " + String.join(" ", walked);
                List<String> near = ArgErrors.nearCommands(target, name);
                throw EagleException.invalidInput("'" + name + "' is not " + where
                        + (near.isEmpty() ? "" : "; did you mean " + String.join(" or ", near) + "?"),
                        ("eagle-mem help " + String.join(" ", walked)).strip());
            }
            walked.add(name);
            target = sub;
        }
        if (man) {
            Console.out(spec).print(ManPage.roff(target, VersionProvider.version()));
            Console.out(spec).flush();
        } else {
            target.usage(Console.out(spec), target.getColorScheme());
        }
        return 0;
    }
}
