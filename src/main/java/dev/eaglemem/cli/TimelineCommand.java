package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import dev.eaglemem.config.Settings;
import dev.eaglemem.format.Times;
import dev.eaglemem.search.RecordId;
import dev.eaglemem.search.RecordItem;
import dev.eaglemem.search.Timeline;
import dev.eaglemem.search.TimelineService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "timeline", header = "Show what happened just before and after a record.",
        description = "The project's prompts, tool calls (obs-N), memories and summaries around the record, oldest"
                + " first. eagle-mem show ID prints any of them in full.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem timeline prm-40",
                "  eagle-mem timeline obs-7 -B 3 -A 20", "  eagle-mem timeline mem-12 --json" })
public class TimelineCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Parameters(paramLabel = "ID", description = "mem-12, sum-3, prm-40 or obs-7 (from search, show or an earlier timeline).")
    String id;

    @Option(names = { "-B", "--before" }, paramLabel = "N", defaultValue = "" + TimelineService.DEFAULT_SPAN,
            description = "Records before it (0-" + TimelineService.MAX_SPAN + ", default ${DEFAULT-VALUE}).")
    int before;

    @Option(names = { "-A", "--after" }, paramLabel = "N", defaultValue = "" + TimelineService.DEFAULT_SPAN,
            description = "Records after it (0-" + TimelineService.MAX_SPAN + ", default ${DEFAULT-VALUE}).")
    int after;

    private final TimelineService timelines;
    private final Settings settings;

    public TimelineCommand(TimelineService timelines, Settings settings) {
        this.timelines = timelines;
        this.settings = settings;
    }

    @Override
    public Integer call() {
        Timeline timeline = timelines.around(RecordId.parse(id), before, after);
        if (output.json) {
            Console.json(spec, timeline);
            return 0;
        }
        PrintWriter out = Console.out(spec);
        Times times = settings.times();
        out.println("Around " + timeline.anchor() + " in "
                + (timeline.project() == null ? "personal memories" : timeline.project()) + ":");
        for (int i = 0; i < timeline.items().size(); i++) {
            RecordItem item = timeline.items().get(i);
            String kind = item.memoryKind() != null ? item.memoryKind() : item.kind();
            String more = item.snippet().isBlank() || item.snippet().equals(item.title()) ? "" : "  " + item.snippet();
            out.printf("%s %s  %-9s %-11s %s%s%n", i == timeline.anchorIndex() ? ">" : " ", times.dateTime(item.date()),
                    item.id(), kind, item.title(), more);
        }
        return 0;
    }
}
