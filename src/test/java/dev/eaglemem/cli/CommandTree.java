package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine;

/** eagle-mem's picocli command tree without CDI: for tests of parsing, options and help, not of running commands. */
final class CommandTree {

    /** Commands take their services in the constructor; reading the option model needs none of them. */
    static final CommandLine.IFactory WITHOUT_SERVICES = new CommandLine.IFactory() {
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

    private CommandTree() {
    }

    static CommandLine root() {
        return HelpLayout.apply(new CommandLine(EagleMemCommand.class, WITHOUT_SERVICES));
    }

    /** What a command line prints on stdout when it runs (help and version need no services); its error is thrown. */
    static String stdout(String... args) {
        StringWriter out = new StringWriter();
        CommandLine cli = root().setOut(new PrintWriter(out, true));
        List<Exception> failed = new ArrayList<>();
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            failed.add(e);
            return 1;
        });
        int exit = cli.execute(args);
        if (!failed.isEmpty()) {
            throw failed.getFirst() instanceof RuntimeException r ? r : new IllegalStateException(failed.getFirst());
        }
        if (exit != 0) {
            throw new AssertionError("exit " + exit + " for " + String.join(" ", args));
        }
        return out.toString();
    }
}
