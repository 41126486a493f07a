package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.memory.OverviewService;
import dev.eaglemem.project.CurrentContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "overview", description = "The project overview shown at the top of every session's recall.")
public class OverviewCommand {

    @Spec
    CommandSpec spec;

    private final OverviewService overviews;
    private final CurrentContext context;

    public OverviewCommand(OverviewService overviews, CurrentContext context) {
        this.overviews = overviews;
        this.context = context;
    }

    @Command(name = "show", description = "Print the overview.")
    int show(@Mixin OutputMixin output, @Mixin ProjectOption project) {
        String key = context.requireProject(project.key);
        String text = overviews.show(key).orElse(null);
        if (output.json) {
            Console.json(spec, Console.fields("project", key, "overview", text));
        } else {
            Console.out(spec).println(text != null ? text
                    : "No overview for " + key + " yet. Set one: eagle-mem overview set \"what this project is\"");
        }
        return 0;
    }

    @Command(name = "set", description = "Replace the overview (a paragraph: what the project is, its stack, where things live).")
    int set(@Mixin OutputMixin output, @Mixin ProjectOption project,
            @Parameters(paramLabel = "TEXT", arity = "1..*") List<String> words) {
        String key = context.requireProject(project.key);
        String text = overviews.set(key, String.join(" ", words));
        if (output.json) {
            Console.json(spec, Console.fields("project", key, "overview", text, "status", "set"));
        } else {
            Console.out(spec).println("Overview of " + key + " set (" + text.length() + " characters).");
        }
        return 0;
    }

    @Command(name = "delete", description = "Remove the overview.")
    int delete(@Mixin OutputMixin output, @Mixin ProjectOption project) {
        String key = context.requireProject(project.key);
        boolean deleted = overviews.delete(key);
        if (output.json) {
            Console.json(spec, Console.fields("project", key, "status", deleted ? "deleted" : "already_absent"));
        } else {
            Console.out(spec).println(deleted ? "Overview of " + key + " deleted." : "No overview for " + key + ".");
        }
        return 0;
    }
}
