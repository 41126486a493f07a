package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.config.Settings;
import dev.eaglemem.memory.MemoryChange;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryList;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.store.MemoryQuery;
import dev.eaglemem.store.MemoryRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "memories", aliases = "memory", description = "Typed memories: decisions, gotchas, patterns, feedback, facts…",
        subcommands = { MemoryAddCommand.class, MemoryUpdateCommand.class })
public class MemoriesCommand {

    @Spec
    CommandSpec spec;

    private final MemoryService memories;
    private final CurrentContext context;
    private final Settings settings;

    public MemoriesCommand(MemoryService memories, CurrentContext context, Settings settings) {
        this.memories = memories;
        this.context = context;
        this.settings = settings;
    }

    @Command(name = "list", aliases = "ls", description = "Memories of this project (and personal ones): decisions and gotchas first.")
    int list(@Mixin OutputMixin output,
            @Option(names = { "-k", "--kind", "--type" }, paramLabel = "KIND", description = "Only this kind.") String kind,
            @Option(names = "--forgotten", description = "List forgotten memories instead.") boolean forgotten,
            @Option(names = { Limit.SHORT, Limit.LONG }, paramLabel = Limit.LABEL, defaultValue = "50", converter = Limit.class,
                    description = Limit.RANGE + " (default ${DEFAULT-VALUE}).") int limit,
            @Mixin ProjectsOption projects) {
        String kindId = kind == null ? null : MemoryKind.require(kind).id();
        String scope = projects.scope(context);
        List<MemoryRow> rows = memories.list(new MemoryQuery(scope, kindId, forgotten, limit));
        if (output.json) {
            Console.json(spec, new MemoryList(scope, scope == null, rows));
        } else {
            MemoryRender.list(Console.out(spec), rows, forgotten ? "No forgotten memories." : "No memories yet. "
                    + "Add one: eagle-mem memories add --kind decision --title \"…\" --content \"…\"", settings.times());
        }
        return 0;
    }

    @Command(name = "show", description = "One memory in full (forgotten ones too).")
    int show(@Mixin OutputMixin output, @Parameters(paramLabel = "ID", description = "12 or mem-12") String id) {
        MemoryRow m = memories.show(MemoryRender.parseId(id));
        if (output.json) {
            Console.json(spec, Console.fields("memory", m));
        } else {
            MemoryRender.show(Console.out(spec), m, settings.times());
        }
        return 0;
    }

    @Command(name = "forget", aliases = { "rm", "delete" }, description = "Forget a memory (reversible with restore).")
    int forget(@Mixin OutputMixin output, @Parameters(paramLabel = "ID") String id,
            @Option(names = "--reason", paramLabel = "TEXT", description = "Why (kept with the memory).") String reason) {
        MemoryService.StateChange change = memories.forget(MemoryRender.parseId(id), reason);
        if (output.json) {
            Console.json(spec, MemoryChange.forgotten(change));
        } else {
            Console.out(spec).println((change.changed() ? "Forgot " : "Already forgotten: ") + MemoryRender.ref(change.memory())
                    + " " + change.memory().title() + "  (undo: eagle-mem memories restore " + change.memory().id() + ")");
        }
        return 0;
    }

    @Command(name = "restore", description = "Bring a forgotten memory back.")
    int restore(@Mixin OutputMixin output, @Parameters(paramLabel = "ID") String id) {
        MemoryService.StateChange change = memories.restore(MemoryRender.parseId(id));
        if (output.json) {
            Console.json(spec, MemoryChange.restored(change));
        } else {
            Console.out(spec).println((change.changed() ? "Restored " : "Already active: ") + MemoryRender.ref(change.memory())
                    + " " + change.memory().title());
        }
        return 0;
    }
}
