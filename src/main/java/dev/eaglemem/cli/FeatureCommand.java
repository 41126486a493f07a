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
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "feature", aliases = "features", description = {
        "Features and their verification gate: a release is blocked while a changed file of a feature is unverified." },
        subcommands = { FeatureAddCommand.class, FeatureUpdateCommand.class, FeatureRunCommand.class })
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

    @Command(name = "list", aliases = "ls", description = "This project's active features (with --all, archived ones too).")
    int list(@Mixin OutputMixin output, @Option(names = "--all", description = "Include archived features.") boolean all) {
        ProjectScope scope = ProjectScope.of(context);
        List<Feature> rows = features.list(scope.key(), all);
        if (output.json) {
            Console.json(spec, Console.fields("project", scope.key(), "features", rows));
        } else {
            FeatureRender.list(Console.out(spec), rows, settings.times());
        }
        return 0;
    }

    @Command(name = "show", description = "One feature: files, dependencies, smoke tests, open checks, recent verifications.")
    int show(@Mixin OutputMixin output, @Parameters(paramLabel = "NAME") String name) {
        FeatureDetail detail = features.show(ProjectScope.of(context).key(), name);
        if (output.json) {
            Console.json(spec, detail);
        } else {
            FeatureRender.show(Console.out(spec), detail, settings.times());
        }
        return 0;
    }

    @Command(name = "archive", description = "Archive a feature: its open checks stop blocking and its name is free again.")
    int archive(@Mixin OutputMixin output, @Parameters(paramLabel = "NAME") String name) {
        Feature f = features.archive(ProjectScope.of(context).key(), name);
        if (output.json) {
            Console.json(spec, Console.fields("feature", f));
        } else {
            Console.out(spec).println("Archived feature " + f.name() + ".");
        }
        return 0;
    }

    @Command(name = "pending", description = {
            "Open verification checks, re-checked against the working tree (a file edited again gets a new check,",
            "a reverted file's check closes)." })
    int pending(@Mixin OutputMixin output) {
        ProjectScope scope = ProjectScope.of(context);
        List<PendingCheck> checks = verifications.pending(scope.root(), scope.key());
        if (output.json) {
            Console.json(spec, Console.fields("project", scope.key(), "pending", checks));
        } else {
            FeatureRender.pending(Console.out(spec), checks);
        }
        return 0;
    }

    @Command(name = "verify", description = {
            "Mark a feature verified: records the working tree's changes of its files (as pending does), resolves",
            "all of its open checks and records the notes." })
    int verify(@Mixin OutputMixin output, @Parameters(paramLabel = "NAME") String name,
            @Option(names = "--notes", required = true, paramLabel = "TEXT", description = "What you checked and what passed.")
            String notes) {
        ProjectScope scope = ProjectScope.of(context);
        VerifyResult r = verifications.verify(scope.key(), scope.root(), name, notes);
        if (output.json) {
            Console.json(spec, r);
        } else {
            Console.out(spec).println("Verified " + r.feature() + ": resolved "
                    + Console.count(r.resolved().size(), "open check") + ".");
        }
        return 0;
    }

    @Command(name = "waive", description = {
            "Waive one open check (ID) or every open check of a feature (NAME, after recording the working tree's",
            "changes of its files). A waiver covers only the file content it was given for: a later edit opens",
            "a new check." })
    int waive(@Mixin OutputMixin output, @Parameters(paramLabel = "ID|NAME") String target,
            @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why this is safe (required).")
            String reason) {
        ProjectScope scope = ProjectScope.of(context);
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
