package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * One vocabulary on every command: a memory's kind is --kind (--type too where no record type competes), every
 * listing takes -p or -a and -n in one range, and a mistyped command or option gets a "did you mean".
 */
class CliVocabularyTest {

    @Test
    void aMemorysKindIsKindEverywhereAndTypeIsItsAliasWhereNoRecordTypeCompetes() {
        for (String command : List.of("memories list", "memories add", "memories update")) {
            assertThat(option(command, "--kind").names()).as(command).containsExactly("-k", "--kind", "--type");
        }
        assertThat(option("search", "--kind").names()).containsExactly("-k", "--kind");
        assertThat(option("search", "--type").names()).containsExactly("--type");
    }

    @Test
    void everyLimitIsOneOptionWithOneRange() {
        List<String> commands = new ArrayList<>();
        visit(CommandTree.root(), cli -> {
            OptionSpec limit = cli.getCommandSpec().findOption("--limit");
            if (limit != null) {
                commands.add(cli.getCommandSpec().qualifiedName());
                assertThat(limit.names()).containsExactly("-n", "--limit");
                assertThat(limit.paramLabel()).isEqualTo("N");
                assertThat(limit.converters()).hasSize(1);
                assertThat(limit.converters()[0]).isInstanceOf(Limit.class);
                assertThat(limit.description()[0]).startsWith("At most N, 1-1000 (default");
            }
        });
        assertThat(commands).containsExactlyInAnyOrder("eagle-mem memories list", "eagle-mem search",
                "eagle-mem session list", "eagle-mem jobs list", "eagle-mem curate proposals",
                "eagle-mem inspect recall", "eagle-mem inspect events", "eagle-mem tasks", "eagle-mem tasks list",
                "eagle-mem tasks search");
    }

    @Test
    void aLimitOutsideOneToAThousandIsRefusedNeverClamped() {
        for (String n : List.of("0", "-1", "1001", "99999999999", "ten")) {
            assertThat(parseError("memories", "list", "-n", n).getMessage()).as(n)
                    .contains("'" + n + "' is not a whole number from 1 to 1000");
        }
        CommandLine.ParseResult ok = CommandTree.root().parseArgs("session", "list", "-n", "1000");
        assertThat(ok.subcommand().subcommand().matchedOptionValue("--limit", 0)).isEqualTo(1000);
        assertThat(CommandTree.root().parseArgs("jobs", "list").subcommand().subcommand().matchedOptionValue("-n", 50))
                .isEqualTo(50);
    }

    @Test
    void everyListingTakesAllProjectsAndRefusesItWithAProject() {
        for (String command : List.of("memories list", "search", "session list")) {
            assertThat(option(command, "--all-projects").names()).as(command).containsExactly("-a", "--all-projects");
        }
        ProjectsOption both = new ProjectsOption();
        both.key = "code/shop";
        both.all = true;
        assertThatThrownBy(() -> both.scope(null)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).contains("-p code/shop and --all-projects contradict each other"));
        ProjectsOption all = new ProjectsOption();
        all.all = true;
        assertThat(all.scope(null)).isNull();
    }

    @Test
    void aMistypedCommandGetsTheClosestOneAndTheCorrectedLine() {
        EagleException top = describe("serch", "release", "gate");
        assertThat(top.getMessage()).isEqualTo("'serch' is not an eagle-mem command; did you mean search?");
        assertThat(top.fix()).isEqualTo("eagle-mem search release gate");

        EagleException sub = describe("memories", "lst", "--json");
        assertThat(sub.getMessage()).isEqualTo("'lst' is not a command of eagle-mem memories; did you mean list?");
        assertThat(sub.fix()).isEqualTo("eagle-mem memories list --json");

        EagleException none = describe("zzz");
        assertThat(none.getMessage()).isEqualTo("'zzz' is not an eagle-mem command");
        assertThat(none.fix()).isEqualTo("eagle-mem help");

        EagleException bare = describe("memories");
        assertThat(bare.getMessage()).startsWith("eagle-mem memories needs a command: ").contains("list", "show", "add",
                "update").doesNotContain("ls");
        assertThat(bare.fix()).isEqualTo("eagle-mem help memories");
    }

    @Test
    void aMistypedOptionGetsTheClosestOneAndTheCorrectedLine() {
        EagleException kind = describe("memories", "list", "--knid", "decision");
        assertThat(kind.getMessage()).isEqualTo("unknown option '--knid' for eagle-mem memories list; did you mean --kind?");
        assertThat(kind.fix()).isEqualTo("eagle-mem memories list --kind decision");

        EagleException withValue = describe("session", "list", "--limt=3");
        assertThat(withValue.fix()).isEqualTo("eagle-mem session list --limit=3");

        EagleException all = describe("memories", "list", "--all");
        assertThat(all.getMessage()).endsWith("did you mean --all-projects?");

        EagleException far = describe("search", "wal", "--colour");
        assertThat(far.getMessage()).isEqualTo("unknown option '--colour' for eagle-mem search");
        assertThat(far.fix()).isEqualTo("eagle-mem search --help");
    }

    @Test
    void anUnknownOptionIsReportedBeforeAMissingRequiredOne() {
        EagleException e = describe("memories", "add", "-c", "x y", "--kidn", "decision");
        assertThat(e.getMessage()).isEqualTo("unknown option '--kidn' for eagle-mem memories add; did you mean --kind?");
        assertThat(e.fix()).isEqualTo("eagle-mem memories add -c 'x y' --kind decision");

        // issue 24: in eagle-mem's words, and the fix is the line as typed with the option added
        EagleException missing = describe("memories", "add", "-c", "x");
        assertThat(missing.getMessage()).isEqualTo("memories add needs --kind KIND (KIND: one of decision, gotcha, pattern,"
                + " preference, discovery, friction, context, feedback, fact)");
        assertThat(missing.fix()).isEqualTo("eagle-mem memories add -c x --kind decision");

        EagleException value = describe("config", "set", "search.limit");
        assertThat(value.getMessage()).isEqualTo("config set needs VALUE");
        assertThat(value.fix()).isEqualTo("eagle-mem config set search.limit VALUE");
    }

    @Test
    void extraArgumentsAreNamed() {
        EagleException e = describe("show", "mem-1", "mem-2");
        assertThat(e.getMessage()).isEqualTo("unexpected argument 'mem-2' for eagle-mem show");
    }

    @Test
    void helpCommandPrintsWhatHelpOptionPrints() {
        assertThat(CommandTree.stdout("help", "memories", "list")).isEqualTo(CommandTree.stdout("memories", "list", "--help"))
                .contains("Usage: eagle-mem memories list");
        assertThat(CommandTree.stdout("help")).isEqualTo(CommandTree.stdout("--help")).contains("help", "version");
        assertThatThrownBy(() -> CommandTree.stdout("help", "memroies")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.getMessage()).isEqualTo("'memroies' is not an eagle-mem command; did you mean memories?");
            assertThat(e.fix()).isEqualTo("eagle-mem help");
        });
        assertThatThrownBy(() -> CommandTree.stdout("help", "memories", "lst")).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).isEqualTo("'lst' is not a command of eagle-mem memories; did you mean list?"));
    }

    @Test
    void versionCommandPrintsWhatVersionOptionPrints() {
        assertThat(CommandTree.stdout("version")).isEqualTo(CommandTree.stdout("--version")).startsWith("eagle-mem ");
        assertThat(CommandTree.stdout("version", "--json")).startsWith("{\"version\":");
    }

    private static OptionSpec option(String command, String name) {
        CommandLine cli = CommandTree.root();
        for (String word : command.split(" ")) {
            cli = cli.getSubcommands().get(word);
        }
        OptionSpec option = cli.getCommandSpec().findOption(name);
        assertThat(option).as(command + " " + name).isNotNull();
        return option;
    }

    private static ParameterException parseError(String... args) {
        return catchThrowableOfType(ParameterException.class, () -> CommandTree.root().parseArgs(args));
    }

    /** What CliErrors reports for a command line picocli refuses (while parsing, or for a group run alone). */
    private static EagleException describe(String... args) {
        List<EagleException> reported = new ArrayList<>();
        CommandLine cli = CommandTree.root().setParameterExceptionHandler((e, given) -> {
            reported.add(ArgErrors.describe(e, given));
            return 2;
        });
        assertThat(cli.execute(args)).as(String.join(" ", args)).isEqualTo(2);
        return reported.getFirst();
    }

    private static void visit(CommandLine cli, Consumer<CommandLine> each) {
        each.accept(cli);
        cli.getSubcommands().values().stream().distinct().forEach(sub -> visit(sub, each));
    }
}
