package dev.eaglemem.cli;

import java.util.Optional;

import jakarta.enterprise.inject.Instance;

import io.quarkus.picocli.runtime.PicocliCommandLineFactory;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * The process entry. A hook is answered without building picocli's model of every command (reflection over ~90
 * command classes, their annotations and help texts: about a third of a cold hook's start-up, bench/hooks-results.md);
 * its command line is simple enough to read by hand. Everything else, and a hook asking for --help, goes through
 * picocli as before.
 */
@QuarkusMain
public class Main implements QuarkusApplication {

    private final Instance<PicocliCommandLineFactory> commandLine;
    private final Instance<HookCommand> hook;
    private final Instance<CliErrors> errors;

    public Main(Instance<PicocliCommandLineFactory> commandLine, Instance<HookCommand> hook, Instance<CliErrors> errors) {
        this.commandLine = commandLine;
        this.hook = hook;
        this.errors = errors;
    }

    @Override
    public int run(String... args) {
        Optional<HookArgs> hookArgs = HookArgs.parse(args);
        if (hookArgs.isPresent()) {
            try {
                return hook.get().answer(hookArgs.get().event(), hookArgs.get().agent());
            } catch (RuntimeException e) { // e.g. a bean that cannot be built: still fail-open
                return errors.get().hookFailed(e);
            }
        }
        return errors.get().configure(commandLine.get().create()).execute(args);
    }
}
