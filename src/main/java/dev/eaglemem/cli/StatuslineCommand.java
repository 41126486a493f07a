package dev.eaglemem.cli;

import java.io.Console;
import java.io.IOException;
import java.util.concurrent.Callable;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.status.StatusLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "statusline", header = "Print one line for Claude Code's status bar.",
        description = { "Project, memories, sessions; reads Claude's statusLine JSON on stdin when given.",
                "Enable it with the \"statusLine\" entry eagle-mem install prints for ~/.claude/settings.json: it runs"
                        + " the hook shim (<bash> ~/.eagle-mem/runtime/eagle-mem-hook statusline), which asks a warm serve"
                        + " instead of starting a JVM at every render, and runs this command when serve is not there." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem statusline", "  eagle-mem statusline < status.json" })
public class StatuslineCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    private final StatusLine statusLine;
    private final EagleEnv env;

    public StatuslineCommand(StatusLine statusLine, EagleEnv env) {
        this.statusLine = statusLine;
        this.env = env;
    }

    @Override
    public Integer call() {
        spec.commandLine().getOut().println(statusLine.renderForClaude(env, claudeJson()));
        return 0;
    }

    /** The status bar runs after every message, so unreadable input means "no JSON", never an error. */
    private static byte[] claudeJson() {
        Console console = System.console();
        if (console != null && console.isTerminal()) {
            return new byte[0];
        }
        try {
            return System.in.readNBytes(1024 * 1024);
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
