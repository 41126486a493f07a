package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.notes.NoteSyncService;
import dev.eaglemem.notes.SyncReport;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "sync", header = "Mirror the agents' own notes and plans as memories.",
        description = "Reads Claude Code's auto-memory files and plan files and Codex's memory files of this project (where"
                + " each agent keeps them: docs/agent-notes.md) and keeps one memory of kind note per file: added when it"
                + " appears, updated when it changes, forgotten as gone when it is deleted. The files are only read. A"
                + " session start queues the same sync in the background; eagle-mem memories list -k note lists the notes.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories sync", "  eagle-mem memories sync --json" })
public class MemorySyncCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    private final NoteSyncService notes;
    private final CurrentContext context;

    public MemorySyncCommand(NoteSyncService notes, CurrentContext context) {
        this.notes = notes;
        this.context = context;
    }

    @Override
    public Integer call() {
        Project project = context.working();
        Path root = project.root();
        if (root == null) {
            throw EagleException.invalidInput("no project folder to sync the agents' notes of: the agents file them by"
                    + " the folder a session runs in", "run it inside the project's repository");
        }
        SyncReport report = notes.sync(project.key(), root);
        if (output.json) {
            Console.json(spec, report);
            return 0;
        }
        PrintWriter out = Console.out(spec);
        for (SyncReport.Item item : report.files()) {
            if (!item.change().equals("unchanged")) {
                out.printf("%-9s mem-%-6d %-23s %s%n", item.change(), item.memoryId(), item.origin(), item.path());
            }
        }
        out.println(report.files().isEmpty() ? "No agent notes or plans of " + report.project() + " found."
                : "Synced the agents' notes of " + report.project() + ": " + report.added() + " added, " + report.updated()
                        + " updated, " + report.unchanged() + " unchanged, " + report.gone() + " gone.");
        return 0;
    }
}
