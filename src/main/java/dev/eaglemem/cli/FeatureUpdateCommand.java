package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureChange;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "update", header = "Change a feature's files, dependencies or smoke tests.",
        description = "Files and dependencies are added or removed one by one. --smoke replaces the whole list of smoke"
                + " tests (their order matters); --no-smoke clears it.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem feature update checkout --add-file src/tax.ts",
                "  eagle-mem feature update checkout --remove-file src/cart.ts -s 'npm test'",
                "  eagle-mem feature update checkout -d 'Cart and payment' --json" })
public class FeatureUpdateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    FeatureOptions options;

    @Parameters(paramLabel = "NAME", description = FeatureOptions.NAME_HELP)
    String name;

    @Option(names = { "--add-file", "-f", "--file" }, paramLabel = "PATTERN", description = "Add a file pattern (repeatable).")
    List<String> addFiles;

    @Option(names = "--remove-file", paramLabel = "PATTERN", description = "Remove a file pattern (repeatable).")
    List<String> removeFiles;

    @Option(names = { "--depends-on", "-r" }, paramLabel = "NAME", description = "Add a dependency (repeatable).")
    List<String> addDeps;

    @Option(names = "--remove-dependency", paramLabel = "NAME", description = "Remove a dependency (repeatable).")
    List<String> removeDeps;

    @Option(names = "--no-smoke", description = "Remove every smoke test.")
    boolean noSmoke;

    private final FeatureService features;
    private final CurrentContext context;

    public FeatureUpdateCommand(FeatureService features, CurrentContext context) {
        this.features = features;
        this.context = context;
    }

    @Override
    public Integer call() {
        Project scope = context.working();
        List<String> smoke = noSmoke ? List.of() : options.smoke;
        Feature f = features.update(scope.key(), scope.root(), name,
                new FeatureChange(options.description, addFiles, removeFiles, addDeps, removeDeps, smoke));
        if (output.json) {
            Console.json(spec, new FeatureWritten(f));
        } else {
            Console.out(spec).println("Updated feature " + f.name() + ": " + String.join(", ", f.files()));
        }
        return 0;
    }
}
