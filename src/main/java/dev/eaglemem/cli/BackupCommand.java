package dev.eaglemem.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.eaglemem.portable.BackupReport;
import dev.eaglemem.portable.BackupService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "backup", header = "Copy the database safely, also in use.",
        description = "SQLite's online backup: a snapshot of one moment, owner-only (600), checked with quick_check."
                + " Default file: $EAGLE_MEM_DIR/backups/memory-<UTC time>.db. Restore by copying it over memory.db"
                + " while nothing runs (eagle-mem serve --stop first).",
        footerHeading = HelpLayout.EXAMPLES,
        footer = { "  eagle-mem backup", "  eagle-mem backup -o ~/eagle-mem-backup.db --json" })
public class BackupCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = { "-o", "--output" }, paramLabel = "FILE", description = "Where to write it (must not exist).")
    Path output;

    @Mixin
    OutputMixin json;

    private final BackupService backups;

    public BackupCommand(BackupService backups) {
        this.backups = backups;
    }

    @Override
    public Integer call() {
        BackupReport report = backups.backup(output != null ? output : backups.defaultTarget());
        if (json.json) {
            Console.json(spec, report);
        } else {
            Console.out(spec).println("Backed up to " + report.file() + " (" + report.bytes() / 1024 + " KiB, quick_check: "
                    + report.integrity() + ").");
        }
        return 0;
    }
}
