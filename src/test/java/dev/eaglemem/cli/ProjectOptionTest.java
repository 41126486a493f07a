package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every command that takes -p/--project takes the one {@link ProjectOption}: same names, label and help. */
class ProjectOptionTest {

    /** Commands take their services in the constructor; reading the option model needs none of them. */
    private static final CommandLine.IFactory WITHOUT_SERVICES = new CommandLine.IFactory() {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            Constructor<?>[] constructors = type.getDeclaredConstructors();
            if (constructors.length != 1 || constructors[0].getParameterCount() == 0) {
                return CommandLine.defaultFactory().create(type);
            }
            Constructor<?> c = constructors[0];
            c.setAccessible(true);
            Object[] args = new Object[c.getParameterCount()];
            Class<?>[] types = c.getParameterTypes();
            for (int i = 0; i < args.length; i++) {
                args[i] = types[i] == boolean.class ? false : types[i].isPrimitive() ? 0 : null;
            }
            return type.cast(c.newInstance(args));
        }
    };

    @Test
    void everyProjectOptionIsTheSame() {
        List<String> commands = new ArrayList<>();
        List<OptionSpec> options = new ArrayList<>();
        collect(new CommandLine(EagleMemCommand.class, WITHOUT_SERVICES), commands, options);
        assertThat(commands).containsExactlyInAnyOrder("eagle-mem status", "eagle-mem memories list", "eagle-mem memories add",
                "eagle-mem search", "eagle-mem session list", "eagle-mem session save", "eagle-mem overview show",
                "eagle-mem overview set", "eagle-mem overview delete");
        for (OptionSpec o : options) {
            assertThat(o.names()).containsExactly("-p", "--project");
            assertThat(o.paramLabel()).isEqualTo("KEY");
            assertThat(o.description()).containsExactly("Project key (default: the working directory's project).");
        }
    }

    @Test
    void itParsesIntoTheKey() {
        StatusCommand status = new StatusCommand(null, null);
        new CommandLine(status).parseArgs("-p", "code/shop");
        assertThat(status.project.key).isEqualTo("code/shop");
        StatusCommand none = new StatusCommand(null, null);
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
