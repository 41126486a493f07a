package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.feature.FeatureSpec;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "add", header = "Register a feature: its files, dependencies and smoke tests.",
        description = "File patterns are relative to the project root: a path matches that file or the files below that"
                + " directory; globs use * and ? (within one path segment) and ** (any depth).",
        footerHeading = HelpLayout.EXAMPLES, footer = {
                "  eagle-mem feature add checkout -f src/cart.ts -f 'src/pay/**' -s 'npm test'",
                "  eagle-mem feature add search -d 'Product search' -f api/search/ -r catalog" })
public class FeatureAddCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    FeatureOptions options;

    @Parameters(paramLabel = "NAME", description = "Letters, digits, . _ / - (e.g. checkout-flow).")
    String name;

    @Option(names = { "-f", "--file" }, paramLabel = "PATTERN", description = "A file, directory or glob (repeatable).")
    List<String> files;

    @Option(names = { "-r", "--depends-on" }, paramLabel = "NAME", description = "A feature this one depends on (repeatable).")
    List<String> dependsOn;

    private final FeatureService features;
    private final CurrentContext context;

    public FeatureAddCommand(FeatureService features, CurrentContext context) {
        this.features = features;
        this.context = context;
    }

    @Override
    public Integer call() {
        Project scope = context.working();
        Feature f = features.add(scope.key(), scope.root(),
                new FeatureSpec(name, options.description, files, dependsOn, options.smoke));
        if (output.json) {
            Console.json(spec, new FeatureWritten(f));
        } else {
            Console.out(spec).println("Added feature " + f.name() + " (" + f.files().size() + " file pattern(s), "
                    + f.smokeTests().size() + " smoke test(s)).");
        }
        return 0;
    }
}
