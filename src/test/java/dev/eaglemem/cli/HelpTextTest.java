package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

import dev.eaglemem.shell.ShellWords;
import dev.eaglemem.shell.SimpleCommand;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * The help of every command reads well: a one-line summary that fits the parent's command list, whole sentences,
 * examples that parse, nothing over 80 columns, and the exit-code table unwrapped. Every finding is listed at once.
 */
class HelpTextTest {

    private static final int WIDTH = 80;

    @Test
    void everyCommandHasItsOwnSummaryAndTwoToFourExamples() {
        String rootHeader = CommandTree.root().getCommandSpec().usageMessage().header()[0];
        each((cli, soft) -> {
            CommandSpec spec = cli.getCommandSpec();
            String name = spec.qualifiedName();
            soft.assertThat(spec.usageMessage().header()).as(name).hasSize(1);
            if (spec.parent() != null) {
                soft.assertThat(spec.usageMessage().header()).as(name + ": its own header, not the inherited one")
                        .doesNotContain(rootHeader);
            }
            soft.assertThat(spec.usageMessage().footerHeading()).as(name).isEqualTo(HelpLayout.EXAMPLES);
            soft.assertThat(spec.usageMessage().footer()).as(name + " examples")
                    .hasSizeBetween(spec.usageMessage().hidden() ? 1 : 2, 4)
                    .allSatisfy(line -> assertThat(line).startsWith("  ").contains("eagle-mem "));
        });
    }

    /** The root's description is about the data directory: a subcommand without one of its own shows none, not that. */
    @Test
    void noSubcommandShowsTheRootsDescription() {
        assertThat(CommandTree.stdout("memories", "show", "--help")).contains("Show one memory in full")
                .doesNotContain("Data lives in");
        assertThat(CommandTree.stdout("--help")).contains("Data lives in");
    }

    @Test
    void everyExampleParsesAndRunsTheCommandItIsAnExampleOf() {
        List<String> checked = new ArrayList<>();
        each((cli, soft) -> {
            CommandSpec spec = cli.getCommandSpec();
            for (String line : spec.usageMessage().footer()) {
                // eval "$(…)" shows the same command twice: as a substitution, and as the text eval runs
                List<List<String>> ours = ShellWords.parse(line).commands().stream()
                        .filter(c -> c.name().equals("eagle-mem")).map(SimpleCommand::words).distinct().toList();
                if (ours.size() != 1) {
                    soft.fail("not one eagle-mem command in: " + line + " " + ours);
                    continue;
                }
                List<String> words = ours.getFirst();
                try {
                    String ran = parsedCommand(words.subList(1, words.size())).qualifiedName();
                    soft.assertThat(ran + " ").as("an example of " + spec.qualifiedName() + " runs it or one of its"
                            + " subcommands: " + line).startsWith(spec.qualifiedName() + " ");
                    checked.add(line);
                } catch (CommandLine.ParameterException e) {
                    soft.fail(spec.qualifiedName() + " example does not parse: " + line + " (" + e.getMessage() + ")");
                }
            }
        });
        assertThat(checked).hasSizeGreaterThan(100);
    }

    @Test
    void everyLineOfHelpFitsEightyColumnsAndTheExitCodeTableDoesNotWrap() {
        each((cli, soft) -> {
            String name = cli.getCommandSpec().qualifiedName();
            soft.assertThat(cli.getUsageMessage(Help.Ansi.OFF).lines()).as(name)
                    .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(WIDTH));
            Help help = cli.getHelp();
            soft.assertThat(help.exitCodeList().lines().toList()).as(name + ": one line per exit code").hasSize(6)
                    .allSatisfy(line -> assertThat(line).matches("  \\d+ +\\S.*"));
            soft.assertThat(help.footer().lines().toList()).as(name + ": examples are never wrapped (they are pasted)")
                    .hasSize(cli.getCommandSpec().usageMessage().footer().length);
        });
        assertThat(CommandTree.stdout("--help")).contains("%nExit codes:%n  0    ok; also".formatted());
    }

    @Test
    void theCommandListsShowOneWholeLinePerCommand() {
        each((cli, soft) -> {
            long visible = cli.getSubcommands().values().stream().distinct()
                    .filter(sub -> !sub.getCommandSpec().usageMessage().hidden()).count();
            if (visible > 0) {
                soft.assertThat(cli.getHelp().commandList().lines().toList()).as(cli.getCommandSpec().qualifiedName())
                        .hasSize((int) visible);
            }
        });
    }

    @Test
    void summariesDescriptionsAndEveryOptionAreWholeSentences() {
        each((cli, soft) -> {
            CommandSpec spec = cli.getCommandSpec();
            String name = spec.qualifiedName();
            for (String text : spec.usageMessage().header()) {
                soft.assertThat(text).as(name + " header").matches(SENTENCE);
            }
            for (String text : spec.usageMessage().description()) {
                soft.assertThat(text).as(name + " description").matches(SENTENCE);
            }
            List<ArgSpec> args = new ArrayList<>(spec.options());
            args.addAll(spec.positionalParameters());
            for (ArgSpec arg : args) {
                if (!arg.hidden()) {
                    soft.assertThat(arg.description()).as(name + " " + arg.paramLabel() + " " + arg).isNotEmpty();
                    for (String text : arg.description()) {
                        soft.assertThat(text).as(name + " " + arg).matches(SENTENCE);
                    }
                }
            }
        });
    }

    @Test
    void theSectionsComeInReadingOrder() {
        String help = CommandTree.stdout("memories", "list", "--help");
        List<String> headings = List.of("List this project's memories", "Usage: eagle-mem memories list", "Decisions first",
                "Options:", "Examples:", "Exit codes:");
        int at = -1;
        for (String heading : headings) {
            int next = help.indexOf(heading);
            assertThat(next).as(heading + " after the previous section in:\n" + help).isGreaterThan(at);
            at = next;
        }
        assertThat(CommandTree.stdout("memories", "--help")).contains("%nCommands:%n  add ".formatted());
    }

    /** A sentence ends with its stop (or a colon that introduces what follows); a line cut short ends mid-word. */
    private static final String SENTENCE = "(?s)\\S.*[.?:…]";

    /** One tree for every parse: picocli resets the options before each. */
    private static final CommandLine PARSER = CommandTree.root();

    private static CommandSpec parsedCommand(List<String> args) {
        ParseResult parsed = PARSER.parseArgs(args.toArray(String[]::new));
        while (parsed.hasSubcommand()) {
            parsed = parsed.subcommand();
        }
        return parsed.commandSpec();
    }

    /** Every command once, hidden ones included (aliases map to the same CommandLine); all findings reported together. */
    private static void each(BiConsumer<CommandLine, SoftAssertions> check) {
        SoftAssertions soft = new SoftAssertions();
        visit(CommandTree.root(), cli -> check.accept(cli, soft));
        soft.assertAll();
    }

    private static void visit(CommandLine cli, java.util.function.Consumer<CommandLine> check) {
        check.accept(cli);
        cli.getSubcommands().values().stream().distinct().forEach(sub -> visit(sub, check));
    }
}
