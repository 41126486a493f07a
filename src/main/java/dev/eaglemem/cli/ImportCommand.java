package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Similar;
import dev.eaglemem.portable.ImportConflict;
import dev.eaglemem.portable.ImportKind;
import dev.eaglemem.portable.ImportReport;
import dev.eaglemem.portable.ImportService;
import dev.eaglemem.portable.TypeCounts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "import", header = "Import an export file or an old memory.db.",
        description = { "The kind of FILE is recognised from its first bytes (--from says it outright): an eagle-mem export"
                + " (eagle-mem), claude-mem's ~/.claude-mem/claude-mem.db (claude-mem), engram's ~/.engram/engram.db or"
                + " engram-export.json (engram), or the original bash Eagle Mem's ~/.eagle-mem/memory.db (eagle-mem-v1).",
                "The whole file is checked before anything is written, then written in one transaction: all or nothing."
                        + " Importing twice changes nothing; a record changed here more recently than in the file is kept and"
                        + " reported as a conflict. Secrets are redacted on the way in." },
        footerHeading = HelpLayout.EXAMPLES,
        footer = { "  eagle-mem import ~/shop.jsonl", "  eagle-mem import ~/shop.jsonl --dry-run",
                "  eagle-mem import ~/old-eagle-mem/memory.db --from eagle-mem-v1 --json",
                "  eagle-mem import ~/.engram/engram.db --from engram --dry-run" })
public class ImportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** For tab completion and the help: the one list of kinds. */
    static final class KindNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(ImportKind.values()).map(ImportKind::id).iterator();
        }
    }

    @Parameters(paramLabel = "FILE", description = "An export file or another tool's database.")
    Path file;

    @Option(names = "--from", paramLabel = "KIND", completionCandidates = KindNames.class,
            description = "One of ${COMPLETION-CANDIDATES} (default: recognised from the file).")
    String from;

    @Option(names = { "-n", "--dry-run" }, description = "Show what would be imported; write nothing.")
    boolean dryRun;

    @Mixin
    OutputMixin output;

    private final ImportService imports;

    public ImportCommand(ImportService imports) {
        this.imports = imports;
    }

    @Override
    public Integer call() {
        ImportKind kind = from == null ? null : ImportKind.parse(from).orElseThrow(() -> {
            var ids = Arrays.stream(ImportKind.values()).map(ImportKind::id).toList();
            return EagleException.invalidInput("unknown --from '" + from + "'" + Similar.hint(from, ids),
                    "--from one of: " + ImportKind.ids(", "));
        });
        ImportReport report = imports.importFile(file.toAbsolutePath(), kind, dryRun);
        if (output.json) {
            Console.json(spec, report);
            return 0;
        }
        PrintWriter out = Console.out(spec);
        out.println((dryRun ? "Would import " : "Imported ") + Console.count(report.records(), "record") + " from "
                + report.file() + " (" + report.from() + ")" + (dryRun ? "; nothing was written." : "."));
        for (TypeCounts c : report.counts()) {
            if (c.created() + c.updated() + c.skipped() > 0) {
                out.printf("  %-13s %d created, %d updated, %d unchanged%s%n", c.type(), c.created(), c.updated(),
                        c.skipped() - c.conflicts(), c.conflicts() == 0 ? "" : ", " + Console.count(c.conflicts(), "conflict"));
            }
        }
        for (ImportConflict c : report.conflicts()) {
            out.println("  kept local " + c.type() + " " + c.id() + ": " + c.reason());
        }
        if (!report.notImported().isEmpty()) {
            out.println("Not imported (no eagle-mem counterpart):");
            report.notImported().forEach((what, n) -> out.println("  " + what + ": " + n));
        }
        return 0;
    }
}
