package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.search.RecordId;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "confirm", header = "Say a memory still holds: re-anchor it to the code now.",
        description = "For a memory (or a session summary, sum-N) that eagle-mem labels changed, moved, gone or contradicted"
                + " and that you or the agent checked against the code: it is anchored again at HEAD, in the working tree"
                + " you are in, and recall shows it as fresh. A memory that no longer holds is corrected with"
                + " eagle-mem memories update ID instead (which re-anchors it too).",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories confirm mem-12",
                "  eagle-mem memories confirm sum-3 --json" })
public class MemoryConfirmCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Parameters(paramLabel = "ID", description = "The memory (12 or mem-12) or session summary (sum-3).")
    String id;

    private final AnchorService anchors;

    public MemoryConfirmCommand(AnchorService anchors) {
        this.anchors = anchors;
    }

    @Override
    public Integer call() {
        RecordId record = RecordId.parse(id);
        String kind = switch (record.kind()) {
            case MEMORY -> AnchorService.MEMORY;
            case SUMMARY -> AnchorService.SUMMARY;
            default -> throw EagleException.invalidInput("only memories (mem-N) and session summaries (sum-N) hold on to"
                    + " code; " + record + " does not", "eagle-mem memories stale   (lists what can be confirmed)");
        };
        AnchorService.Confirmed c = anchors.confirm(kind, record.id(), null);
        if (output.json) {
            Console.json(spec, c);
            return 0;
        }
        Freshness before = c.before();
        String was = before == null ? "it had no anchor"
                : before.state().labelled() ? "was " + before.state().id() + ": " + before.label() : "it was fresh already";
        Console.out(spec).println("Confirmed " + record + " at " + (c.after().commit() == null ? "the working tree"
                : Freshness.shortId(c.after().commit())) + " (" + was + ").");
        return 0;
    }
}
