package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import dev.eaglemem.error.ExitCode;
import dev.eaglemem.feature.RunResult;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "run", header = "Run a feature's smoke tests; passing verifies it.",
        description = "The smoke tests run in the project root, their output streamed. The working tree's changes of the"
                + " feature's files are recorded first (as pending does); the feature and those checks are verified only"
                + " when every command exits 0 (exit 1 otherwise). The run is recorded either way.",
        footerHeading = HelpLayout.EXAMPLES,
        footer = { "  eagle-mem feature run checkout", "  eagle-mem feature run checkout --json" })
public class FeatureRunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Parameters(paramLabel = "NAME", description = FeatureOptions.NAME_HELP)
    String name;

    private final VerificationService verifications;
    private final CurrentContext context;

    public FeatureRunCommand(VerificationService verifications, CurrentContext context) {
        this.verifications = verifications;
        this.context = context;
    }

    @Override
    public Integer call() {
        Project scope = context.working();
        // with --json, stdout carries only the result document; the commands' output goes to stderr
        PrintWriter stream = output.json ? spec.commandLine().getErr() : Console.out(spec);
        RunResult r = verifications.run(scope.key(), scope.root(), name, stream);
        stream.flush();
        if (output.json) {
            Console.json(spec, r);
        } else if (r.passed()) {
            Console.out(spec).println("Verified " + r.feature() + ": " + (r.commands().size() == 1 ? "the smoke test"
                    : "all " + Console.count(r.commands().size(), "smoke test")) + " passed; resolved "
                    + Console.count(r.resolved().size(), "open check") + ".");
        } else {
            long failed = r.commands().stream().filter(c -> c.exitCode() != 0).count();
            long empty = r.commands().stream().filter(c -> c.exitCode() == 0 && c.noTests() != null).count();
            String why = failed > 0 ? Console.count(failed, "smoke test") + " failed" : "";
            if (empty > 0) {
                why += (why.isEmpty() ? "" : ", ") + Console.count(empty, "smoke test") + " ran no test (check its filter or"
                        + " file pattern)";
            }
            Console.out(spec).println("Not verified: " + why + ". Fix " + (failed + empty == 1 ? "it" : "them")
                    + " and rerun: eagle-mem feature run " + r.feature());
        }
        return r.passed() ? 0 : ExitCode.FAILURE.code();
    }
}
