package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every command that takes -p/--project takes the one {@link ProjectOption}: same names, label and help. */
class ProjectOptionTest {

    @Test
    void everyProjectOptionIsTheSame() {
        List<String> commands = new ArrayList<>();
        List<OptionSpec> options = new ArrayList<>();
        collect(CommandTree.root(), commands, options);
        assertThat(commands).containsExactlyInAnyOrder("eagle-mem status", "eagle-mem memories list", "eagle-mem memories add",
                "eagle-mem memories stale",
                "eagle-mem search", "eagle-mem session list", "eagle-mem session save", "eagle-mem overview show",
                "eagle-mem overview set", "eagle-mem overview delete", "eagle-mem graph summary", "eagle-mem graph query",
                "eagle-mem graph neighbors", "eagle-mem curate", "eagle-mem curate proposals", "eagle-mem curate accept",
                "eagle-mem curate reject", "eagle-mem curate undo",
                "eagle-mem inspect recall", "eagle-mem inspect events", "eagle-mem replay",
                "eagle-mem export", "eagle-mem project off", "eagle-mem project on",
                "eagle-mem project status", "eagle-mem health",
                "eagle-mem compaction", "eagle-mem tasks", "eagle-mem tasks list", "eagle-mem tasks show",
                "eagle-mem tasks search", "eagle-mem tasks stale", "eagle-mem tasks add", "eagle-mem tasks update",
                "eagle-mem tasks start", "eagle-mem tasks block", "eagle-mem tasks complete", "eagle-mem tasks cancel",
                "eagle-mem grok-bootstrap", "eagle-mem orchestrate", "eagle-mem orchestrate status", "eagle-mem orchestrate init",
                "eagle-mem orchestrate lane add", "eagle-mem orchestrate lane start", "eagle-mem orchestrate lane block",
                "eagle-mem orchestrate lane complete", "eagle-mem orchestrate lane cancel", "eagle-mem orchestrate spawn",
                "eagle-mem orchestrate sync", "eagle-mem orchestrate merge", "eagle-mem orchestrate handoff",
                "eagle-mem orchestrate complete", "eagle-mem orchestrate cancel", "eagle-mem team share",
                "eagle-mem team unshare");
        for (OptionSpec o : options) {
            assertThat(o.names()).containsExactly("-p", "--project");
            assertThat(o.paramLabel()).isEqualTo("KEY");
            assertThat(o.description()).containsExactly("Project key (default: the working directory's project).");
        }
    }

    @Test
    void itParsesIntoTheKey() {
        StatusCommand status = new StatusCommand(null, null, null);
        new CommandLine(status).parseArgs("-p", "code/shop");
        assertThat(status.project.key).isEqualTo("code/shop");
        StatusCommand none = new StatusCommand(null, null, null);
        new CommandLine(none).parseArgs();
        assertThat(none.project.key).isNull();
    }

    private static void collect(CommandLine cli, List<String> commands, List<OptionSpec> options) {
        OptionSpec project = cli.getCommandSpec().findOption("--project");
        if (project != null) {
            assertThat(cli.getCommandSpec().mixins().values()).as(cli.getCommandSpec().qualifiedName())
                    .anyMatch(m -> m.userObject() instanceof ProjectOption && m.options().contains(project));
            commands.add(cli.getCommandSpec().qualifiedName());
            options.add(project);
        }
        cli.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, commands, options));
    }
}
