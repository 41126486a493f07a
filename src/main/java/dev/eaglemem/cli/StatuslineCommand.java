package dev.eaglemem.cli;

import java.io.Console;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.status.StatusLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "statusline", header = "Print one line for Claude Code's status bar.",
        description = { "Project, memories, sessions; reads Claude's statusLine JSON on stdin when given.",
                "Enable it in ~/.claude/settings.json: \"statusLine\": {\"type\": \"command\", \"command\":"
                        + " \"eagle-mem statusline\"} (with the full path, e.g. ~/.local/bin/eagle-mem, when eagle-mem is"
                        + " not on PATH; eagle-mem install prints the line to use)." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem statusline", "  eagle-mem statusline < status.json" })
public class StatuslineCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandSpec spec;

    private final StatusLine statusLine;

    public StatuslineCommand(StatusLine statusLine) {
        this.statusLine = statusLine;
    }

    @Override
    public Integer call() {
        Console console = System.console();
        Path dir = console != null && console.isTerminal() ? null : directoryFromStdin();
        spec.commandLine().getOut().println(statusLine.render(dir));
        return 0;
    }

    /** Claude sends {"workspace":{"current_dir":…},"cwd":…}; anything else means "the working directory". */
    private static Path directoryFromStdin() {
        try {
            byte[] input = System.in.readNBytes(1024 * 1024);
            if (input.length == 0) {
                return null;
            }
            JsonNode root = JSON.readTree(input);
            String dir = root.path("workspace").path("current_dir").asText(root.path("cwd").asText(""));
            return dir.isBlank() ? null : Path.of(dir);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
