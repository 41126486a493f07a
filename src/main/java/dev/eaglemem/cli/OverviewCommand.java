package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.memory.OverviewService;
import dev.eaglemem.project.CurrentContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "overview", header = "The project overview shown at the top of every recall.",
        description = "One paragraph per project: what it is, its stack, where things live.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem overview show",
                "  eagle-mem overview set 'A Next.js shop: payments in src/pay, the API in api/'",
                "  eagle-mem overview delete -p code/shop" })
public class OverviewCommand {

    @Spec
    CommandSpec spec;

    private final OverviewService overviews;
    private final CurrentContext context;

    public OverviewCommand(OverviewService overviews, CurrentContext context) {
        this.overviews = overviews;
        this.context = context;
    }

    @Command(name = "show", header = "Show the project's overview.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem overview show", "  eagle-mem overview show -p code/shop --json" })
    int show(@Mixin OutputMixin output, @Mixin ProjectOption project) {
        String key = context.requireProject(project.key);
        String text = overviews.show(key).orElse(null);
        if (output.json) {
            Console.json(spec, new OverviewShown(key, text));
        } else {
            Console.out(spec).println(text != null ? text
                    : "No overview for " + key + " yet. Set one: eagle-mem overview set \"what this project is\"");
        }
        return 0;
    }

    @Command(name = "set", header = "Replace the project's overview.",
            description = "A paragraph: what the project is, its stack, where things live. The words are joined with spaces.",
            footerHeading = HelpLayout.EXAMPLES, footer = {
                    "  eagle-mem overview set 'A Next.js shop: payments in src/pay, the API in api/'",
                    "  eagle-mem overview set -p code/shop Quarkus service, SQLite store, CLI in cli/" })
    int set(@Mixin OutputMixin output, @Mixin ProjectOption project,
            @Parameters(paramLabel = "TEXT", arity = "1..*", description = "The overview.") List<String> words) {
        String key = context.requireProject(project.key);
        String text = overviews.set(key, String.join(" ", words));
        if (output.json) {
            Console.json(spec, new OverviewSet(key, text, "set"));
        } else {
            Console.out(spec).println("Overview of " + key + " set (" + text.length() + " characters).");
        }
        return 0;
    }

    @Command(name = "delete", header = "Remove the project's overview.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem overview delete", "  eagle-mem overview delete -p code/shop --json" })
    int delete(@Mixin OutputMixin output, @Mixin ProjectOption project) {
        String key = context.requireProject(project.key);
        boolean deleted = overviews.delete(key);
        if (output.json) {
            Console.json(spec, new OverviewDeleted(key, deleted ? "deleted" : "already_absent"));
        } else {
            Console.out(spec).println(deleted ? "Overview of " + key + " deleted." : "No overview for " + key + ".");
        }
        return 0;
    }
}
