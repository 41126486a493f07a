package dev.eaglemem.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.portable.ExportReport;
import dev.eaglemem.portable.ExportService;
import dev.eaglemem.project.CurrentContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "export", header = "Write your memory to a portable file.",
        description = { "The format is one JSON record per line after a versioned header (docs/export-format.md): projects,"
                + " sessions, summaries, observations, prompts, memories, overviews, features, checks, verifications, guard"
                + " rules, command rules and the agent's turn messages, each with a stable id, secrets redacted. eagle-mem"
                + " import reads it back on any machine. --all is accepted for --all-projects.",
                "Without -o the file goes to stdout; with -o it is written owner-only (600) and the counts are printed." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem export -o ~/shop.jsonl",
                "  eagle-mem export --all-projects -o ~/everything.jsonl",
                "  eagle-mem export -p code/shop --since 2026-11-01 > recent.jsonl" })
public class ExportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectsOption projects;

    /** The and other tools' spelling of --all-projects; hidden so the help shows one name. */
    @Option(names = "--all", hidden = true, description = "Same as --all-projects.")
    boolean allAlias;

    @Option(names = "--since", paramLabel = "DATE", description = "Only records from this date (2026-11-01) or timestamp on.")
    String since;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "jsonl", description = "Only jsonl (the default) exists.")
    String format;

    @Option(names = { "-o", "--output" }, paramLabel = "FILE", description = "Write to FILE (mode 600) instead of stdout.")
    Path output;

    @Mixin
    OutputMixin json;

    private final ExportService exports;
    private final CurrentContext context;

    public ExportCommand(ExportService exports, CurrentContext context) {
        this.exports = exports;
        this.context = context;
    }

    @Override
    public Integer call() throws IOException {
        if (!"jsonl".equals(format)) {
            throw EagleException.invalidInput("unknown --format '" + format + "'", "--format jsonl (the only format)");
        }
        projects.all |= allAlias;
        String scope = projects.scope(context);
        List<String> keys = scope == null ? null : List.of(scope);
        String from = since == null ? null : timestamp(since);
        if (output == null) {
            PrintWriter out = Console.out(spec);
            exports.export(keys, from, out, null);
            return 0;
        }
        Path target = output.toAbsolutePath();
        if (!Files.isDirectory(target.getParent())) {
            throw EagleException.invalidInput("no directory " + target.getParent() + " for -o " + output,
                    "mkdir -p " + target.getParent() + "   or give another -o FILE");
        }
        Path part = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".part",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        ExportReport report;
        try (Writer out = Files.newBufferedWriter(part, StandardCharsets.UTF_8)) {
            report = exports.export(keys, from, out, target.toString());
        } catch (RuntimeException | IOException e) {
            Files.deleteIfExists(part);
            throw e;
        }
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        if (json.json) {
            Console.json(spec, report);
        } else {
            Console.out(spec).println("Exported " + Console.count(report.records(), "record") + " to " + target + " ("
                    + String.join(", ", report.counts().entrySet().stream().filter(e -> e.getValue() > 0)
                            .map(e -> e.getValue() + " " + e.getKey()).toList())
                    + ").");
        }
        return 0;
    }

    /** A date is its first millisecond (UTC); a timestamp is taken as written. */
    static String timestamp(String text) {
        try {
            return LocalDate.parse(text.strip()) + "T00:00:00.000Z";
        } catch (DateTimeParseException e) {
            try {
                return dev.eaglemem.store.Timestamps.format(java.time.Instant.parse(text.strip()));
            } catch (DateTimeParseException notInstant) {
                throw EagleException.invalidInput("--since '" + text + "' is neither a date nor a UTC timestamp",
                        "--since 2026-11-01   or   --since 2026-11-01T09:30:00Z");
            }
        }
    }
}
