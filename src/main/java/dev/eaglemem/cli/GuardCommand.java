package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.feature.GuardRuleService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.store.GuardRuleRow;
import dev.eaglemem.store.GuardRuleStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "guard", description = "Manual per-file rules, shown to the agent before it edits a matching file.")
public class GuardCommand {

    @Spec
    CommandSpec spec;

    private final GuardRuleService rules;
    private final CurrentContext context;

    public GuardCommand(GuardRuleService rules, CurrentContext context) {
        this.rules = rules;
        this.context = context;
    }

    @Command(name = "add", description = "Add a rule for files matching PATTERN (a path, directory or glob; ** for every file).")
    int add(@Mixin OutputMixin output, @Parameters(paramLabel = "PATTERN") String pattern,
            @Option(names = "--rule", required = true, paramLabel = "TEXT", description = "The rule (up to 2048 characters).")
            String rule) {
        GuardRuleStore.Added added = rules.add(ProjectScope.of(context).key(), pattern, rule);
        if (output.json) {
            Console.json(spec, Console.fields("rule", added.rule(), "created", added.created()));
        } else {
            Console.out(spec).println((added.created() ? "Added" : "Already there:") + " guard rule #" + added.rule().id()
                    + " for " + added.rule().pattern());
        }
        return 0;
    }

    @Command(name = "list", aliases = "ls", description = "This project's guard rules.")
    int list(@Mixin OutputMixin output) {
        String project = ProjectScope.of(context).key();
        List<GuardRuleRow> rows = rules.list(project);
        if (output.json) {
            Console.json(spec, Console.fields("project", project, "rules", rows));
        } else {
            FeatureRender.rules(Console.out(spec), rows);
        }
        return 0;
    }

    @Command(name = "remove", aliases = { "rm", "delete" }, description = "Remove a rule by id.")
    int remove(@Mixin OutputMixin output, @Parameters(paramLabel = "ID") String id) {
        long n;
        try {
            n = Long.parseLong(id.strip().replaceFirst("^#", ""));
        } catch (NumberFormatException e) {
            throw EagleException.invalidInput("'" + id + "' is not a rule id", "eagle-mem guard list");
        }
        GuardRuleRow removed = rules.remove(ProjectScope.of(context).key(), n);
        if (output.json) {
            Console.json(spec, Console.fields("rule", removed));
        } else {
            Console.out(spec).println("Removed guard rule #" + removed.id() + ".");
        }
        return 0;
    }
}
