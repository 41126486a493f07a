package dev.eaglemem.cli;

import java.nio.file.Path;

import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.code.GraphService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "graph", header = "The code graph: files, declarations, imports, calls.",
        description = { "Built by `eagle-mem index`.",
                "A file's or declaration's neighbours include the sessions that read or modified it, the memories that name it and the features that own it." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem graph summary", "  eagle-mem graph query checkout",
                "  eagle-mem graph neighbors src/cart/checkout.ts --json", "  eagle-mem graph rebuild" })
public class GraphCommand {

    @Spec
    CommandSpec spec;

    private final GraphService graph;
    private final CodeIndexer indexer;
    private final CurrentContext context;

    public GraphCommand(GraphService graph, CodeIndexer indexer, CurrentContext context) {
        this.graph = graph;
        this.indexer = indexer;
        this.context = context;
    }

    @Command(name = "summary", header = "Counts, languages, most imported and most called.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem graph summary", "  eagle-mem graph summary -p code/shop --json" })
    int summary(@Mixin OutputMixin output, @Mixin ProjectOption project) {
        GraphService.Summary s = graph.summary(context.requireProject(project.key));
        if (output.json) {
            Console.json(spec, s);
            return 0;
        }
        var out = Console.out(spec);
        if (s.files() == 0) {
            out.println("No code index for " + s.project() + " yet. Build it: eagle-mem index");
            return 0;
        }
        out.println(s.project() + ": " + Console.count(s.files(), "file") + ", " + Console.count(s.chunks(), "chunk") + ", "
                + Console.count(s.declarations(), "declaration") + ", " + Console.count(s.imports(), "import") + " ("
                + s.resolvedImports() + " to project files), " + Console.count(s.calls(), "call") + "; indexed "
                + s.lastIndexedAt() + ".");
        out.println("Languages: " + GraphRender.counts(s.languages()));
        out.println("Declarations: " + GraphRender.counts(s.declarationKinds()));
        GraphRender.ranked(out, "Most imported", s.mostImported(), false);
        GraphRender.ranked(out, "Most called", s.mostCalled(), true);
        out.println("Files some session read or modified: " + s.filesTouchedBySessions());
        return 0;
    }

    @Command(name = "query", header = "Declarations and files whose name contains TERM.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem graph query checkout", "  eagle-mem graph query Cart. --json" })
    int query(@Mixin OutputMixin output, @Mixin ProjectOption project,
            @Parameters(paramLabel = "TERM", description = "Part of a name or path.") String term) {
        GraphService.QueryResult r = graph.query(context.requireProject(project.key), term);
        if (output.json) {
            Console.json(spec, r);
        } else {
            GraphRender.query(Console.out(spec), r);
        }
        return 0;
    }

    @Command(name = "neighbors", aliases = "neighbours", header = "What a file or declaration is connected to.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem graph neighbors src/cart/checkout.ts",
                    "  eagle-mem graph neighbors Cart.total --json" })
    int neighbors(@Mixin OutputMixin output, @Mixin ProjectOption project,
            @Parameters(paramLabel = "NAME",
                    description = "A path (or its end), a declaration (Cart.total or total).") String name) {
        String key = context.requireProject(project.key);
        GraphService.Neighbors n = graph.neighbors(key, rootOf(key), name);
        if (output.json) {
            Console.json(spec, n);
        } else {
            GraphRender.neighbors(Console.out(spec), n);
        }
        return 0;
    }

    @Command(name = "rebuild", header = "Build the project's index and graph again from scratch.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem graph rebuild", "  eagle-mem graph rebuild --json" })
    int rebuild(@Mixin OutputMixin output) {
        Project p = context.here().orElseThrow(() -> dev.eaglemem.error.EagleException
                .invalidInput("graph rebuild: the working directory belongs to no project",
                        "cd into the project, then eagle-mem graph rebuild"));
        Path root = p.root() != null ? p.root() : context.env().cwd();
        var report = indexer.index(p.key(), root, true, CodeIndexer.Progress.NONE);
        if (output.json) {
            Console.json(spec, report);
        } else {
            Console.out(spec).println(IndexCommand.render(report));
        }
        return 0;
    }

    /** The working directory's project root when it is that project: features match files relative to it. */
    private Path rootOf(String key) {
        return context.here().filter(p -> p.key().equals(key)).map(Project::root).orElse(null);
    }
}
