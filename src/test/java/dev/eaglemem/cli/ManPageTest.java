package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.eaglemem.platform.Executables;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** help --man: the whole reference as a man page, from the same model as --help, that man renders cleanly. */
class ManPageTest {

    @TempDir
    Path dir;

    @Test
    void everyVisibleCommandHasItsSectionWithOptionsAndExamples() {
        String page = CommandTree.stdout("help", "--man");
        assertThat(page).startsWith(".TH EAGLE\\-MEM 1 \"\" \"eagle\\-mem ").contains(".SH NAME\neagle\\-mem \\- Local memory")
                .contains(".SH EXIT STATUS\n.TP\n.B 0\nok; also a search with no hits").doesNotContain("aot\\-train")
                .doesNotContain("if\\-not\\-running");
        visit(CommandTree.root(), c -> {
            String name = c.getCommandSpec().qualifiedName().replace("-", "\\-");
            assertThat(page).as(name)
                    .contains(".SS \"" + name + "\"\n" + ManPage.text(c.getCommandSpec().usageMessage().header()[0]));
        });
        assertThat(page).contains(".TP\n\\fB\\-k\\fR, \\fB\\-\\-kind\\fR, \\fB\\-\\-type\\fR=\\fIKIND\\fR\nOnly this kind.\n")
                .contains("Examples:\n.RS\n.nf\neagle\\-mem memories list\n");
        assertThat(CommandTree.stdout("help", "--man", "memories")).startsWith(".TH EAGLE\\-MEM\\-MEMORIES 1 ")
                .contains(".SS \"eagle\\-mem memories add\"").doesNotContain(".SS \"eagle\\-mem search\"");
    }

    @Test
    void textIsNeverTakenForARoffRequest() {
        assertThat(ManPage.text(".hidden")).isEqualTo("\\&.hidden");
        assertThat(ManPage.text("'quoted")).isEqualTo("\\&'quoted");
        assertThat(ManPage.text("a\\b --x")).isEqualTo("a\\eb \\-\\-x");
    }

    @Test
    void manRendersItWithoutAWarning() throws Exception {
        assumeTrue(Executables.find(System.getenv(), "groff").isPresent(), "groff is not installed here");
        Path page = Files.writeString(dir.resolve("eagle-mem.1"), CommandTree.stdout("help", "--man"));
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(List.of("groff", "-k", "-man", "-Tutf8", "-ww", "-z",
                page.toString())).withTimeout(Duration.ofSeconds(60)));
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        ProcessResult text = ProcessRunner
                .run(ProcessRequest.of(List.of("groff", "-k", "-man", "-Tutf8", "-P-cbou", page.toString()))
                        .withTimeout(Duration.ofSeconds(60)));
        assertThat(text.out()).contains("COMMANDS").contains("eagle-mem memories add").contains("EXIT STATUS");
    }

    private static void visit(CommandLine cli, java.util.function.Consumer<CommandLine> each) {
        cli.getSubcommands().values().stream().distinct().filter(c -> !c.getCommandSpec().usageMessage().hidden())
                .forEach(c -> {
                    each.accept(c);
                    visit(c, each);
                });
    }
}
