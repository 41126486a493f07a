package dev.eaglemem.cli;

import java.io.PrintWriter;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.memory.CueService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.store.CueStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "cues", header = "Show or take back a memory's search cues.",
        description = "Cues are the requests a person who runs into a memory would type; recall compares prompts with those"
                + " too. The agent or you can write them (--cue, also on memories add); with a model provider configured"
                + " (eagle-mem llm init) and recall.cues on, serve asks the model for the memories that have none."
                + " --clear empties them and keeps the model from writing them again until the memory is edited.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories cues mem-12",
                "  eagle-mem memories cues 12 --cue 'the weekly email went out twice'",
                "  eagle-mem memories cues 12 --clear", "  eagle-mem memories cues --clear --all --json" })
public class MemoryCuesCommand implements java.util.concurrent.Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Parameters(paramLabel = "ID", arity = "0..1", description = MemoryRender.ID_HELP)
    String id;

    @Option(names = "--clear", description = "Take the cues back.")
    boolean clear;

    @Option(names = "--all", description = "With --clear: every memory's cues, in every project.")
    boolean all;

    @Option(names = "--cue", paramLabel = "TEXT", description = "Set the memory's cues to these (repeatable, up to 8): how"
            + " someone who runs into it would put it.")
    java.util.List<String> set;

    @Option(names = "--agent", paramLabel = "AGENT",
            description = "Who writes the cues (default: the agent running it, else cli: you).")
    String agent;

    private final CueService cues;
    private final CurrentContext context;

    public MemoryCuesCommand(CueService cues, CurrentContext context) {
        this.cues = cues;
        this.context = context;
    }

    @Override
    public Integer call() {
        if (id == null && !(clear && all)) {
            throw EagleException.invalidInput("name a memory, or use --clear --all", "eagle-mem memories cues mem-12");
        }
        if (id != null && all) {
            throw EagleException.invalidInput("give either a memory id or --all, not both",
                    "eagle-mem memories cues --clear --all");
        }
        Long memory = id == null ? null : MemoryRender.parseId(id);
        if (set != null && !set.isEmpty()) {
            if (clear || memory == null) {
                throw EagleException.invalidInput("--cue sets one memory's cues: name the memory, without --clear",
                        "eagle-mem memories cues mem-12 --cue \"the weekly email went out twice\"");
            }
            java.util.List<String> stored = cues.write(memory, set, context.agent(agent).id());
            if (output.json) {
                Console.json(spec, new CuesSet(memory, stored));
            } else {
                Console.out(spec).println("Set " + Console.count(stored.size(), "search cue") + " of mem-" + memory + ".");
            }
            return 0;
        }
        if (clear) {
            int cleared = cues.clear(memory);
            if (output.json) {
                Console.json(spec, new CuesCleared(memory, cleared));
            } else {
                Console.out(spec).println(cleared == 0 ? "No cues to take back." : "Took back the cues of " + cleared
                        + (cleared == 1 ? " memory" : " memories") + "; the model does not write them again until the memory"
                        + " is edited.");
            }
            return 0;
        }
        CueService.Shown shown = cues.show(memory);
        if (output.json) {
            Console.json(spec, new CuesShown(memory, shown.cues().map(CueStore.Cues::cues).orElse(java.util.List.of()),
                    shown.cues().map(CuesShown.Written::of).orElse(null)));
            return 0;
        }
        PrintWriter out = Console.out(spec);
        if (shown.cues().isEmpty()) {
            long waiting = cues.waiting();
            out.println(
                    "mem-" + memory + " has no search cues yet (" + waiting + (waiting == 1 ? " memory waits" : " memories wait")
                            + " for them; serve writes them when a model provider is configured: eagle-mem llm status).");
            return 0;
        }
        CueStore.Cues c = shown.cues().get();
        String who = "person".equals(c.provider()) ? "taken back" : "written".equals(c.model()) ? "written by " + c.provider()
                : "by " + c.provider() + " " + c.model() + (c.jobId() == null ? "" : ", job " + c.jobId());
        out.println("Search cues of mem-" + memory + " (" + who + ", " + c.createdAt()
                + (c.current() ? "" : "; written for an older text of the memory, not used") + "):");
        c.cues().forEach(cue -> out.println("  - " + cue));
        if (c.cues().isEmpty()) {
            out.println("  (none)");
        }
        return 0;
    }
}
