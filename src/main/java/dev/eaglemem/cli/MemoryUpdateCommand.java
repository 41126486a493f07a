package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.memory.MemoryChange;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryPatch;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.store.MemoryRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "update", aliases = "edit", header = "Change a memory; only the options given change.",
        description = "The revision count goes up when something changed; the same values again answer UNCHANGED."
                + " Files: --add-file and --remove-file one by one, or -f to replace them all.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories update 12 -t 'Checkpoint the WAL after imports'",
                "  eagle-mem memories update mem-12 --add-file src/import.ts",
                "  eagle-mem memories update 12 -k gotcha --json" })
public class MemoryUpdateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    MemoryOptions memory;

    @Parameters(index = "0", paramLabel = "ID", description = MemoryRender.ID_HELP)
    String id;

    @Option(names = { "-k", "--kind", "--type" }, paramLabel = "KIND", description = "Change the kind.")
    String kind;

    @Option(names = { "-f", "--file" }, paramLabel = "PATH",
            description = "Replace ALL of the memory's files with these (repeatable); not with --add-file/--remove-file.")
    List<String> files;

    @Option(names = "--add-file", paramLabel = "PATH", description = "Add a file (repeatable).")
    List<String> addFiles;

    @Option(names = "--remove-file", paramLabel = "PATH", description = "Remove a file (repeatable).")
    List<String> removeFiles;

    @Option(names = "--agent", paramLabel = "AGENT",
            description = "Who is changing it (default: the agent running it, else cli: you).")
    String agent;

    private final MemoryService memories;
    private final CurrentContext context;

    public MemoryUpdateCommand(MemoryService memories, CurrentContext context) {
        this.memories = memories;
        this.context = context;
    }

    @Override
    public Integer call() {
        long memoryId = MemoryRender.parseId(id);
        MemoryKind k = kind == null ? null : MemoryKind.require(kind);
        MemoryPatch patch = new MemoryPatch(k, memory.title, memory.content(), memory.situation, memory.behavior,
                memory.impact, memory.action, memory.subject, memory.predicate, memory.object, memory.topic, files,
                addFiles, removeFiles, agent == null ? null : context.agent(agent).id());
        if (patch.isEmpty()) {
            throw EagleException.invalidInput("nothing to update for mem-" + memoryId + ": give what changes",
                    "eagle-mem memories update " + memoryId + " --title TEXT | --content TEXT | --kind KIND | --topic KEY"
                            + " | --add-file PATH | --remove-file PATH");
        }
        MemoryService.StateChange change = memories.update(memoryId, patch);
        MemoryRow m = change.memory();
        if (output.json) {
            Console.json(spec, MemoryChange.updated(change));
        } else {
            Console.out(spec).println((change.changed() ? "Updated " : "Unchanged (already so): ") + MemoryRender.ref(m)
                    + " (revision " + m.revisionCount() + "): " + m.title());
        }
        return 0;
    }
}
