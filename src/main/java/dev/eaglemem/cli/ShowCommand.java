package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import dev.eaglemem.search.RecordId;
import dev.eaglemem.search.RecordService;
import dev.eaglemem.search.ShownRecord;
import dev.eaglemem.store.PromptRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "show", description = "A whole record by the id search printed (mem-N, sum-N, prm-N).")
public class ShowCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Parameters(paramLabel = "ID", description = "mem-12, sum-3 or prm-40")
    String id;

    private final RecordService records;

    public ShowCommand(RecordService records) {
        this.records = records;
    }

    @Override
    public Integer call() {
        ShownRecord record = records.show(RecordId.parse(id));
        if (output.json) {
            Console.json(spec, switch (record) {
                case ShownRecord.Memory m -> Console.fields("id", m.id().toString(), "kind", "memory", "memory", m.memory());
                case ShownRecord.Summary s -> Console.fields("id", s.id().toString(), "kind", "summary", "summary", s.summary(),
                        "session", s.session());
                case ShownRecord.Prompt p -> Console.fields("id", p.id().toString(), "kind", "prompt", "prompt", p.prompt());
            });
            return 0;
        }
        PrintWriter out = Console.out(spec);
        switch (record) {
            case ShownRecord.Memory m -> MemoryRender.show(out, m.memory());
            case ShownRecord.Summary s -> SessionRender.summary(out, s.id().toString(), s.summary(), s.session());
            case ShownRecord.Prompt p -> prompt(out, p.id().toString(), p.prompt());
        }
        return 0;
    }

    private static void prompt(PrintWriter out, String id, PromptRow p) {
        out.println(id + "  prompt  " + Console.date(p.createdAt()) + "  [" + p.project() + "]  session " + p.sessionId()
                + " (" + p.agent() + ")");
        out.println();
        out.println(p.prompt());
    }
}
