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

@Command(name = "guard", header = "Per-file rules shown to the agent before it edits.",
        description = "Rules you write for a project's files; the agent sees a rule before it edits a matching file.",
        footerHeading = HelpLayout.EXAMPLES, footer = {
                "  eagle-mem guard add 'db/migration/**' --rule 'Never edit an applied migration'",
                "  eagle-mem guard list", "  eagle-mem guard remove 3" })
public class GuardCommand {

    @Spec
    CommandSpec spec;

    private final GuardRuleService rules;
    private final CurrentContext context;

    public GuardCommand(GuardRuleService rules, CurrentContext context) {
        this.rules = rules;
        this.context = context;
    }

    @Command(name = "add", header = "Add a rule for the files matching a path or glob.",
            footerHeading = HelpLayout.EXAMPLES, footer = {
                    "  eagle-mem guard add 'db/migration/**' --rule 'Never edit an applied migration'",
                    "  eagle-mem guard add src/pay/ --rule 'Payment changes need a review' --json" })
    int add(@Mixin OutputMixin output,
            @Parameters(paramLabel = "PATTERN",
                    description = "A path, a directory or a glob; ** matches every file.") String pattern,
            @Option(names = "--rule", required = true, paramLabel = "TEXT",
                    description = "The rule (up to 2048 characters).") String rule) {
        GuardRuleStore.Added added = rules.add(context.requireProject(null), pattern, rule);
        if (output.json) {
            Console.json(spec, new GuardRuleAdded(added.rule(), added.created()));
        } else {
            Console.out(spec).println((added.created() ? "Added" : "Already there:") + " guard rule #" + added.rule().id()
                    + " for " + added.rule().pattern());
        }
        return 0;
    }

    @Command(name = "list", aliases = "ls", header = "List this project's guard rules.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem guard list", "  eagle-mem guard list --json" })
    int list(@Mixin OutputMixin output) {
        String project = context.requireProject(null);
        List<GuardRuleRow> rows = rules.list(project);
        if (output.json) {
            Console.json(spec, new GuardRules(project, rows));
        } else {
            FeatureRender.rules(Console.out(spec), rows);
        }
        return 0;
    }

    @Command(name = "remove", aliases = { "rm", "delete" }, header = "Remove a rule by its id.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem guard remove 3", "  eagle-mem guard rm 3 --json" })
    int remove(@Mixin OutputMixin output,
            @Parameters(paramLabel = "ID", description = "The rule's id (guard list shows them).") String id) {
        long n;
        try {
            n = Long.parseLong(id.strip().replaceFirst("^#", ""));
        } catch (NumberFormatException e) {
            throw EagleException.invalidInput("'" + id + "' is not a rule id", "eagle-mem guard list");
        }
        GuardRuleRow removed = rules.remove(context.requireProject(null), n);
        if (output.json) {
            Console.json(spec, new GuardRuleRemoved(removed));
        } else {
            Console.out(spec).println("Removed guard rule #" + removed.id() + ".");
        }
        return 0;
    }
}
