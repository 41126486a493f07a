package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.config.Settings;
import dev.eaglemem.format.Times;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.search.SearchHit;
import dev.eaglemem.search.SearchRequest;
import dev.eaglemem.search.SearchResult;
import dev.eaglemem.search.SearchService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "search", header = "Search session summaries, memories and prompts.",
        description = "Finds records by their words (BM25, then recency) and, once serve has embedded them, by their"
                + " meaning too (--mode). Prints compact hits; eagle-mem show ID prints one in full.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem search wal checkpoint",
                "  eagle-mem search -k decision storage", "  eagle-mem search --type prompt -a -n 5 release",
                "  eagle-mem search --mode semantic customers billed twice" })
public class SearchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Parameters(paramLabel = "QUERY", arity = "1..*", description = "Words to look for (punctuation and FTS syntax are ignored).")
    List<String> query;

    @Option(names = "--type", paramLabel = "TYPE",
            description = "Only summary, memory or prompt records, or code (the index of `eagle-mem index`).")
    String type;

    @Option(names = { "-k", "--kind" }, paramLabel = "KIND",
            description = "Only memories of this kind (decision, gotcha…; --type KIND says the same).")
    String kind;

    @Option(names = "--mode", paramLabel = "MODE", description = "lexical (words, BM25), semantic (meaning) or hybrid"
            + " (both; the default once serve has embedded the records, or with --type code the project's chunks).")
    String mode;

    @Mixin
    ProjectsOption projects;

    @Option(names = { Limit.SHORT, Limit.LONG }, paramLabel = Limit.LABEL, converter = Limit.class,
            description = Limit.RANGE + " (default: config search.limit, 10).")
    Integer limit;

    private final SearchService search;
    private final CurrentContext context;
    private final Settings settings;

    public SearchCommand(SearchService search, CurrentContext context, Settings settings) {
        this.search = search;
        this.context = context;
        this.settings = settings;
    }

    @Override
    public Integer call() {
        String scope = projects.scope(context);
        boolean allProjects = scope == null;
        int n = limit != null ? limit : settings.searchLimit();
        SearchResult result = search.search(new SearchRequest(String.join(" ", query), type, kind, scope, n, mode));
        if (output.json) {
            Console.json(spec, result);
            return 0;
        }
        PrintWriter out = Console.out(spec);
        Times times = settings.times();
        if (result.hits().isEmpty()) {
            out.println("No matches for " + String.join(" ", result.terms()) + (allProjects ? "" : " in " + scope)
                    + (allProjects ? "." : ". Try --all-projects."));
            return 0;
        }
        if ("any".equals(result.matchMode())) {
            out.println("(no record has every word; showing records with some of them)");
        }
        for (SearchHit h : result.hits()) {
            String kind = h.memoryKind() != null ? h.memoryKind() : h.kind();
            out.printf("%-9s %-10s %s  %s%s%s%n", h.id(), kind, times.dateTime(h.date()), h.title(),
                    allProjects ? "  [" + h.project() + "]" : "", h.by() == null ? "" : "  (by " + h.by() + ")");
            if (!h.snippet().isBlank() && !h.snippet().equals(h.title())) {
                out.println("          " + h.snippet());
            }
            if (h.freshness() != null) {
                out.println("          " + h.freshness().state().id() + ": " + h.freshness().label());
            }
        }
        return 0;
    }
}
