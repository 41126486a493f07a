package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import dev.eaglemem.config.Settings;
import dev.eaglemem.format.Times;
import dev.eaglemem.search.RecordId;
import dev.eaglemem.search.RecordService;
import dev.eaglemem.search.ShownRecord;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.SessionRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "show", header = "Show a whole record by its id.",
        description = "The record behind a search hit or a timeline entry: a memory (mem-N, or just N), a session"
                + " summary (sum-N), a prompt (prm-N) or a tool call (obs-N).",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem show mem-12", "  eagle-mem show sum-3 --json",
                "  eagle-mem show obs-7" })
public class ShowCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Parameters(paramLabel = "ID", description = "mem-12, sum-3, prm-40 or obs-7.")
    String id;

    private final RecordService records;
    private final Settings settings;

    public ShowCommand(RecordService records, Settings settings) {
        this.records = records;
        this.settings = settings;
    }

    @Override
    public Integer call() {
        ShownRecord record = records.show(RecordId.parse(id));
        if (output.json) {
            Console.json(spec, records.json(record));
            return 0;
        }
        PrintWriter out = Console.out(spec);
        Times times = settings.times();
        switch (record) {
            case ShownRecord.Memory m -> MemoryRender.show(out, m.memory(), times);
            case ShownRecord.Summary s -> SessionRender.summary(out, s.id().toString(), s.summary(), s.session(), times);
            case ShownRecord.Prompt p -> prompt(out, p.id().toString(), p.prompt(), times);
            case ShownRecord.Observation o -> observation(out, o.id().toString(), o.observation(), o.session(), times);
            case ShownRecord.Code c -> {
                out.println(c.id() + "  " + c.chunk().path() + ":" + c.chunk().startLine() + "-" + c.chunk().endLine() + "  "
                        + c.chunk().kind() + (c.chunk().name() != null ? " " + c.chunk().name() : ""));
                out.println();
                out.println(c.chunk().text());
            }
        }
        MemoryRender.state(out, records.freshness(record));
        return 0;
    }

    private static void prompt(PrintWriter out, String id, PromptRow p, Times times) {
        out.println(id + "  prompt  " + times.dateTime(p.createdAt()) + "  [" + p.project() + "]  session " + p.sessionId()
                + " (" + p.agent() + ")");
        out.println();
        out.println(p.prompt());
    }

    private static void observation(PrintWriter out, String id, ObservationRow o, SessionRow session, Times times) {
        out.println(id + "  " + o.toolName() + (o.category() == null ? "" : " (" + o.category() + ")") + "  "
                + times.dateTime(o.createdAt()) + (session == null ? "" : "  [" + session.project() + "]") + "  session "
                + o.sessionId() + (session == null ? "" : " (" + session.agent() + ")"));
        if (o.command() != null) {
            out.println("  command:   " + o.command());
        }
        if (o.exitStatus() != null) {
            out.println("  exit:      " + o.exitStatus());
        }
        if (!o.filesRead().isEmpty()) {
            out.println("  read:      " + String.join(", ", o.filesRead()));
        }
        if (!o.filesModified().isEmpty()) {
            out.println("  modified:  " + String.join(", ", o.filesModified()));
        }
    }
}
