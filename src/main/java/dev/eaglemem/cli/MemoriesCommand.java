package dev.eaglemem.cli;

import java.util.List;
import java.util.Optional;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.Freshness;
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

@Command(name = "memories", aliases = "memory", header = "Typed memories: decisions, gotchas, patterns, facts…",
        description = "What you and your agents remember across sessions, each of one kind: decision, gotcha, pattern,"
                + " preference, discovery, friction, context, feedback or fact; and note, the agents' own notes and plans"
                + " mirrored by memories sync. Recall shows them to the agent at session start and with each prompt.",
        subcommands = { MemoryAddCommand.class, MemoryUpdateCommand.class, MemoryCuesCommand.class, MemoryStaleCommand.class,
                MemoryConfirmCommand.class, MemorySyncCommand.class },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories list -k gotcha",
                "  eagle-mem memories add -k decision 'Keep everything in one SQLite file'",
                "  eagle-mem memories forget mem-12 --reason 'no longer true'" })
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

    @Command(name = "list", aliases = "ls", header = "List this project's memories and your personal ones.",
            description = "Decisions first, then gotchas, then the rest, newest first; forgotten memories only with"
                    + " --forgotten.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories list",
                    "  eagle-mem memories list -k decision -n 10", "  eagle-mem memories list -a --json" })
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

    @Command(name = "show", header = "Show one memory in full (forgotten ones too).",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories show 12",
                    "  eagle-mem memories show mem-12 --json" })
    int show(@Mixin OutputMixin output, @Parameters(paramLabel = "ID", description = MemoryRender.ID_HELP) String id) {
        MemoryRow m = memories.show(MemoryRender.parseId(id));
        // how it stands against the code now (absent: written outside git, or a personal memory)
        Optional<Freshness> state = m.project() == null ? Optional.empty()
                : memories.anchors().of(AnchorService.MEMORY, m.id(), m.project(), null);
        if (output.json) {
            Console.json(spec, new MemoryShown(m, state.orElse(null)));
        } else {
            MemoryRender.show(Console.out(spec), m, settings.times());
            MemoryRender.state(Console.out(spec), state);
        }
        return 0;
    }

    @Command(name = "forget", aliases = { "rm", "delete" }, header = "Forget a memory (memories restore brings it back).",
            description = "A forgotten memory leaves recall and search; memories list --forgotten still lists it.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories forget mem-12",
                    "  eagle-mem memories forget 12 --reason 'we moved to Postgres'" })
    int forget(@Mixin OutputMixin output, @Parameters(paramLabel = "ID", description = MemoryRender.ID_HELP) String id,
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

    @Command(name = "restore", header = "Bring a forgotten memory back.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories restore mem-12",
                    "  eagle-mem memories restore 12 --json" })
    int restore(@Mixin OutputMixin output, @Parameters(paramLabel = "ID", description = MemoryRender.ID_HELP) String id) {
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
