package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code eagle-mem version}: what {@code eagle-mem --version} prints; {@code --json} gives {@code {"version"}}. */
@Command(name = "version", header = "Print the version (as eagle-mem --version does).",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem version", "  eagle-mem version --json" })
public class VersionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Override
    public Integer call() {
        if (output.json) {
            Console.json(spec, new VersionInfo(VersionProvider.version()));
        } else {
            spec.root().commandLine().printVersionHelp(Console.out(spec));
        }
        return 0;
    }
}
