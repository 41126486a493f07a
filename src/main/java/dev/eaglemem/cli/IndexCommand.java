package dev.eaglemem.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.code.IndexReport;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import dev.eaglemem.project.ProjectPath;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "index", header = "Index the project's code for search, recall and the graph.",
        description = {
                "Reads the files git tracks or would add (a plain walk without git), skipping binaries, files over 1 MiB and generated or vendored trees.",
                "Stores each file's chunks (a function, a class, a block; redacted), its declarations, its imports and its calls.",
                "Only files whose content changed are parsed again; deleted and renamed files leave nothing behind.",
                "DIR may be anywhere in the project: the whole project is indexed.",
                "A terminal shows a progress bar; Ctrl-C keeps every file finished so far." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem index", "  eagle-mem index --force --json",
                "  eagle-mem index --path src/cart/checkout.ts" })
public class IndexCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Option(names = "--force", description = "Drop the project's index and parse every file again.")
    boolean force;

    @Option(names = "--path", paramLabel = "FILE",
            description = "Re-index only this file (repeat for more): what serve does after an edit.")
    List<Path> paths = new ArrayList<>();

    @Parameters(paramLabel = "DIR", arity = "0..1", description = "A directory of the project (default: the working directory).")
    Path dir;

    private final CodeIndexer indexer;
    private final CurrentContext context;

    public IndexCommand(CodeIndexer indexer, CurrentContext context) {
        this.indexer = indexer;
        this.context = context;
    }

    @Override
    public Integer call() {
        Path target = context.env().cwd().resolve(dir == null ? Path.of(".") : dir).normalize();
        if (!target.toFile().isDirectory()) {
            throw EagleException.invalidInput("index: " + target + " is not a directory", "eagle-mem index DIR");
        }
        Project project = context.at(target).orElseThrow(() -> EagleException.invalidInput(
                "index: " + target + " belongs to no project (a temporary or ignored directory)",
                "EAGLE_MEM_PROJECT=KEY eagle-mem index " + target));
        Path root = project.root() != null ? project.root() : target;
        IndexReport report;
        if (!paths.isEmpty()) {
            report = indexer.indexPaths(project.key(), root, relative(root));
        } else if (!output.json && System.console() != null && System.console().isTerminal()) {
            try (ProgressBar bar = new ProgressBarBuilder().setTaskName("Indexing").setStyle(ProgressBarStyle.ASCII)
                    .setUnit(" files", 1).showSpeed().setUpdateIntervalMillis(200).build()) {
                report = indexer.index(project.key(), root, force, new CodeIndexer.Progress() {
                    @Override
                    public void start(int files) {
                        bar.maxHint(files);
                    }

                    @Override
                    public void step(String path) {
                        bar.step();
                    }
                });
            }
        } else {
            report = indexer.index(project.key(), root, force, CodeIndexer.Progress.NONE);
        }
        if (output.json) {
            Console.json(spec, report);
        } else {
            Console.out(spec).println(render(report));
        }
        return 0;
    }

    /** The --path files as the index names them (relative to the project root); a file outside it is refused. */
    private List<String> relative(Path root) {
        List<String> out = new ArrayList<>();
        for (Path p : paths) {
            String given = context.env().cwd().resolve(p).toString();
            out.add(ProjectPath.relative(root, given).orElseThrow(() -> EagleException.invalidInput(
                    "index: " + given + " is not inside the project at " + root,
                    "eagle-mem index --path FILE   (a file of " + root + ")")));
        }
        return out;
    }

    static String render(IndexReport r) {
        return "Indexed " + Console.count(r.files(), "file") + " of " + r.project() + " in "
                + String.format("%.1f s", Duration.ofMillis(r.millis()).toMillis() / 1000.0) + ": " + r.indexed()
                + " parsed, " + r.unchanged() + " unchanged, " + r.removed() + " removed, " + r.skipped() + " skipped"
                + (r.git() ? "" : " (no git: a directory walk)") + ".\nIndex: " + Console.count(r.chunks(), "chunk") + ", "
                + Console.count(r.declarations(), "declaration") + ", " + Console.count(r.imports(), "import") + " ("
                + r.resolvedImports() + " to project files), " + Console.count(r.calls(), "call") + ".";
    }
}
