package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.config.Settings;
import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureDetail;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.feature.VerifyResult;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "feature", aliases = "features", header = "Features and the verification gate on releases.",
        description = "A release is blocked while a changed file of a feature is unverified: feature run (or verify)"
                + " clears it, feature waive lets one change through.",
        subcommands = { FeatureAddCommand.class, FeatureUpdateCommand.class, FeatureRunCommand.class,
                FeatureSuggestCommand.class },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem feature add checkout -f src/cart.ts -s 'npm test'",
                "  eagle-mem feature pending", "  eagle-mem feature run checkout" })
public class FeatureCommand {

    @Spec
    CommandSpec spec;

    private final FeatureService features;
    private final VerificationService verifications;
    private final CurrentContext context;
    private final Settings settings;

    public FeatureCommand(FeatureService features, VerificationService verifications, CurrentContext context,
            Settings settings) {
        this.features = features;
        this.verifications = verifications;
        this.context = context;
        this.settings = settings;
    }

    @Command(name = "list", aliases = "ls", header = "List this project's features (--all: archived too).",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem feature list", "  eagle-mem feature list --all --json" })
    int list(@Mixin OutputMixin output, @Option(names = "--all", description = "Include archived features.") boolean all) {
        Project scope = context.working();
        List<Feature> rows = features.list(scope.key(), all);
        if (output.json) {
            Console.json(spec, new FeatureList(scope.key(), rows));
        } else {
            FeatureRender.list(Console.out(spec), rows, settings.times());
        }
        return 0;
    }

    @Command(name = "show", header = "Show one feature, its open checks and verifications.",
            description = "Its files, dependencies, smoke tests, open checks and recent verifications.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem feature show checkout", "  eagle-mem feature show checkout --json" })
    int show(@Mixin OutputMixin output, @Parameters(paramLabel = "NAME", description = FeatureOptions.NAME_HELP) String name) {
        FeatureDetail detail = features.show(context.requireProject(null), name);
        if (output.json) {
            Console.json(spec, detail);
        } else {
            FeatureRender.show(Console.out(spec), detail, settings.times());
        }
        return 0;
    }

    @Command(name = "archive", header = "Archive a feature; its open checks stop blocking.",
            description = "Its name is free again; feature list --all still lists it.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem feature archive checkout",
                    "  eagle-mem feature archive checkout --json" })
    int archive(@Mixin OutputMixin output, @Parameters(paramLabel = "NAME", description = FeatureOptions.NAME_HELP) String name) {
        Feature f = features.archive(context.requireProject(null), name);
        if (output.json) {
            Console.json(spec, new FeatureWritten(f));
        } else {
            Console.out(spec).println("Archived feature " + f.name() + ".");
        }
        return 0;
    }

    @Command(name = "pending", header = "List the open checks that would block a release.",
            description = "Re-checked against the working tree: a file edited again gets a new check, a reverted file's"
                    + " check closes.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem feature pending", "  eagle-mem feature pending --json" })
    int pending(@Mixin OutputMixin output) {
        Project scope = context.working();
        List<PendingCheck> checks = verifications.pending(scope.root(), scope.key());
        if (output.json) {
            Console.json(spec, new FeaturePending(scope.key(), checks));
        } else {
            FeatureRender.pending(Console.out(spec), checks);
        }
        return 0;
    }

    @Command(name = "verify", header = "Mark a feature verified, with notes on what you checked.",
            description = "Records the working tree's changes of its files (as pending does), resolves all of its open"
                    + " checks and keeps the notes.",
            footerHeading = HelpLayout.EXAMPLES, footer = {
                    "  eagle-mem feature verify checkout --notes 'Paid with a test card'",
                    "  eagle-mem feature verify search --notes 'Ran the search smoke test' --json" })
    int verify(@Mixin OutputMixin output, @Parameters(paramLabel = "NAME", description = FeatureOptions.NAME_HELP) String name,
            @Option(names = "--notes", required = true, paramLabel = "TEXT",
                    description = "What you checked and what passed.") String notes) {
        Project scope = context.working();
        VerifyResult r = verifications.verify(scope.key(), scope.root(), name, notes);
        if (output.json) {
            Console.json(spec, r);
        } else {
            Console.out(spec).println("Verified " + r.feature() + ": resolved "
                    + Console.count(r.resolved().size(), "open check") + ".");
        }
        return 0;
    }

    @Command(name = "waive", header = "Let one open check, or all of a feature's, through.",
            description = "An ID waives that check; a NAME waives every open check of the feature, after recording the"
                    + " working tree's changes of its files. A waiver covers only the file content it was given for: a"
                    + " later edit opens a new check.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem feature waive 7 --reason 'Comment-only change'",
                    "  eagle-mem feature waive checkout --reason 'Reverted in the next commit'" })
    int waive(@Mixin OutputMixin output,
            @Parameters(paramLabel = "ID|NAME",
                    description = "A check's id (feature pending shows them) or a feature's name.") String target,
            @Option(names = "--reason", required = true, paramLabel = "TEXT",
                    description = "Why this is safe (required).") String reason) {
        Project scope = context.working();
        VerifyResult r = verifications.waive(scope.key(), scope.root(), target, reason);
        if (output.json) {
            Console.json(spec, r);
        } else {
            Console.out(spec).println("Waived " + Console.count(r.resolved().size(), "open check") + " of "
                    + r.feature() + ".");
        }
        return 0;
    }
}
