package dev.eaglemem.cli;

import java.io.Console;
import java.io.IOException;
import java.util.concurrent.Callable;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.status.StatusLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "statusline", description = {
        "One line for Claude Code's status bar: project, memories, sessions. Reads Claude's statusLine JSON on stdin",
        "when given. Enable it in ~/.claude/settings.json: \"statusLine\": {\"type\": \"command\", \"command\": \"eagle-mem statusline\"}",
        "(with the full path, e.g. ~/.local/bin/eagle-mem, when eagle-mem is not on PATH; `eagle-mem install` prints the line to use)." })
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
