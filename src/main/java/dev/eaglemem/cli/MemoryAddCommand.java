package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.memory.AddOutcome;
import dev.eaglemem.memory.AddResult;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.CurrentContext;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "add", header = "Remember a decision, gotcha, pattern, fact or feedback.",
        description = "Answers CREATED, DUPLICATE (already stored), UPDATED (an active memory has the same --topic) or"
                + " CONTRADICTION: an active memory says otherwise, nothing is stored and the exit code is 4; run it again"
                + " with --supersedes ID or --keep-both.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories add -k decision 'Use SQLite, not Postgres'",
                "  eagle-mem memories add -k gotcha -f src/db.ts 'Checkpoint after imports'",
                "  eagle-mem memories add -k decision --supersedes 12 'Use Postgres after all'",
                "  eagle-mem memories add -k pattern --topic api/errors 'One error type'" })
public class MemoryAddCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    MemoryOptions memory;

    @Option(names = { "-k", "--kind", "--type" }, required = true, paramLabel = "KIND",
            completionCandidates = MemoryKindNames.class,
            description = "decision, gotcha, pattern, preference, discovery, friction, context, feedback or fact.")
    String kind;

    @Option(names = { "-f", "--file" }, paramLabel = "PATH", description = "A file the memory is about (repeatable).")
    List<String> files;

    @Parameters(paramLabel = "WORDS", arity = "0..*", description = "The content, if --content is not given.")
    List<String> words;

    @Option(names = "--scope", defaultValue = "project", paramLabel = "SCOPE",
            description = "project (default) or personal (follows you to every project).")
    String scope;

    @Mixin
    ProjectOption project;

    @Option(names = "--agent", paramLabel = "AGENT",
            description = "Who is remembering (default: the agent running it, else cli: you).")
    String agent;

    @Option(names = "--session-id", paramLabel = "ID", description = "The session this came from.")
    String sessionId;

    @Option(names = "--cue", paramLabel = "TEXT", description = "How someone who runs into this would put it — the symptom,"
            + " not the cause (repeatable, up to 8): recall finds the memory by these too.")
    List<String> cues;

    @ArgGroup(exclusive = true)
    Resolution resolution;

    static class Resolution {
        @Option(names = "--supersedes", paramLabel = "ID", description = "Replace this memory (it is forgotten and linked).")
        String supersedes;

        @Option(names = "--keep-both", description = "Store even if it contradicts an existing memory.")
        boolean keepBoth;
    }

    private final MemoryService memories;
    private final CurrentContext context;

    public MemoryAddCommand(MemoryService memories, CurrentContext context) {
        this.memories = memories;
        this.context = context;
    }

    @Override
    public Integer call() {
        MemoryKind k = MemoryKind.require(kind);
        MemoryScope s = MemoryScope.parse(scope).orElseThrow(() -> EagleException.invalidInput(
                "unknown scope '" + scope + "'", "--scope project|personal"));
        String given = memory.content();
        String content = given != null ? given : words == null ? null : String.join(" ", words);
        String key = s == MemoryScope.PERSONAL ? context.project(project.key).orElse(null) : context.requireProject(project.key);
        Long supersedes = resolution == null || resolution.supersedes == null ? null
                : MemoryRender.parseId(resolution.supersedes);
        String writer = context.agent(agent).id();
        AddResult result = memories.add(new MemoryDraft(k, s, memory.title, content, memory.details(), memory.topic,
                files, key, writer, sessionId, supersedes, resolution != null && resolution.keepBoth, cues));
        if (output.json) {
            Console.json(spec, result);
        } else {
            MemoryRender.added(Console.out(spec), result);
            if (!result.cues().isEmpty()) {
                Console.out(spec).println("  with " + Console.count(result.cues().size(), "search cue"));
            }
        }
        return result.outcome() == AddOutcome.CONTRADICTION ? ExitCode.CONFLICT.code() : 0;
    }
}
