package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code eagle-mem completion SHELL}: the tab-completion script install writes, for loading by hand. */
@Command(name = "completion", header = "Print tab completion for bash, zsh or fish.",
        description = "The script is generated from eagle-mem's commands. eagle-mem install writes it where each shell"
                + " looks for it (install --no-completion leaves it out); print it to load it by hand.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eval \"$(eagle-mem completion bash)\"      # in ~/.bashrc",
                "  source <(eagle-mem completion zsh)       # in ~/.zshrc",
                "  eagle-mem completion fish | source       # in ~/.config/fish/config.fish" })
public class CompletionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "SHELL", completionCandidates = Completions.ShellNames.class, description = "bash, zsh or fish.")
    String shell;

    @Override
    public Integer call() {
        Console.out(spec).print(Completions.script(shell, spec.root().commandLine()));
        Console.out(spec).flush();
        return 0;
    }
}
