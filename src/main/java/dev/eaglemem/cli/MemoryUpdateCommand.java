package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.memory.MemoryChange;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryPatch;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.store.MemoryRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "update", aliases = "edit", description = "Change a memory; only the options given change. The revision count goes up.")
public class MemoryUpdateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    MemoryOptions memory;

    @Parameters(index = "0", paramLabel = "ID", description = "12 or mem-12")
    String id;

    @Option(names = { "-k", "--kind" }, paramLabel = "KIND", description = "Change the kind.")
    String kind;

    @Option(names = "--agent", paramLabel = "AGENT", description = "Who is changing it (default: detected).")
    String agent;

    private final MemoryService memories;
    private final CurrentContext context;

    public MemoryUpdateCommand(MemoryService memories, CurrentContext context) {
        this.memories = memories;
        this.context = context;
    }

    @Override
    public Integer call() {
        MemoryKind k = kind == null ? null : MemoryKind.require(kind);
        MemoryPatch patch = new MemoryPatch(k, memory.title, memory.content(), memory.situation, memory.behavior,
                memory.impact, memory.action, memory.subject, memory.predicate, memory.object, memory.topic, memory.files,
                agent == null ? null : context.agent(agent).id());
        MemoryRow updated = memories.update(MemoryRender.parseId(id), patch);
        if (output.json) {
            Console.json(spec, MemoryChange.updated(updated));
        } else {
            Console.out(spec).println("Updated " + MemoryRender.ref(updated) + " (revision " + updated.revisionCount() + "): "
                    + updated.title());
        }
        return 0;
    }
}
