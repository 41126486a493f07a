package dev.eaglemem.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.hook.HookRunner;
import dev.eaglemem.store.SqliteNative;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The JDK AOT cache's training run ({@code eagle-mem --aot-train} in the launcher): a realistic pass
 * through the commands and the hooks ({@link AotHookWorkload}) so the cache holds the classes a normal run loads.
 * It also unpacks SQLite's native library next to the launcher ({@link SqliteNative}). Run only in a scratch
 * data directory; hidden from help.
 */
@Command(name = "aot-train", hidden = true, header = "Train the start-up cache (the launcher's --aot-train).",
        description = "Runs a realistic pass through the commands; only in a scratch data directory.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  EAGLE_MEM_DIR=$(mktemp -d) eagle-mem aot-train" })
public class AotTrainCommand implements Callable<Integer> {

    private record Step(List<String> args, boolean mustSucceed) {
    }

    private static final List<Step> WORKLOAD = List.of(
            new Step(List.of("status"), true),
            new Step(List.of("status", "--json"), true),
            new Step(List.of("memories", "add", "--kind", "decision", "--title", "Use WAL mode",
                    "--content", "SQLite runs in WAL mode so concurrent hooks never block readers.", "--file", "db/V1.sql"),
                    true),
            new Step(List.of("memories", "add", "--kind", "decision", "--title", "Use WAL mode",
                    "--content", "SQLite runs in WAL mode so concurrent hooks never block readers.", "--json"), true),
            new Step(List.of("memories", "add", "--kind", "fact", "--situation", "storage", "--subject", "the store",
                    "--predicate", "runs on", "--object", "SQLite", "--topic", "architecture/storage", "--json"), true),
            new Step(List.of("memories", "add", "--kind", "feedback", "--situation", "editing migrations",
                    "--behavior", "edited an applied migration", "--impact", "checksum mismatch",
                    "--action", "add a new migration instead", "--json"), true),
            new Step(List.of("session", "save", "--completed", "Trained the AOT cache", "--decisions", "a; b",
                    "--key-files", "pom.xml", "--json"), true),
            new Step(List.of("search", "WAL", "hooks"), true),
            new Step(List.of("search", "sqlite", "--json"), true),
            new Step(List.of("memories", "list"), true),
            new Step(List.of("memories", "list", "--json"), true),
            new Step(List.of("memories", "show", "1"), true),
            new Step(List.of("show", "mem-1", "--json"), true),
            new Step(List.of("session", "list", "--json"), true),
            new Step(List.of("config", "list", "--json"), true),
            new Step(List.of("doctor", "--json"), true),
            new Step(List.of("search", "!!!"), false));

    @Spec
    CommandSpec spec;

    private final HookRunner hooks;

    public AotTrainCommand(HookRunner hooks) {
        this.hooks = hooks;
    }

    @Override
    public Integer call() {
        String appDir = System.getProperty("eagle.app.dir");
        if (appDir != null) {
            try {
                SqliteNative.unpack(Path.of(appDir, "native"));
            } catch (IOException e) {
                spec.commandLine().getErr().println("aot-train: SQLite's library stays packed (" + e.getMessage()
                        + "); each process unpacks its own copy");
            }
        }
        CommandLine root = spec.root().commandLine();
        PrintWriter realOut = root.getOut();
        PrintWriter realErr = root.getErr();
        StringWriter captured = new StringWriter();
        try {
            root.setOut(new PrintWriter(new StringWriter()));
            root.setErr(new PrintWriter(captured));
            for (Step step : WORKLOAD) {
                int code = root.execute(step.args().toArray(String[]::new));
                if (step.mustSucceed() && code != 0) {
                    realErr.println("aot-train: '" + String.join(" ", step.args()) + "' exited " + code + ": " + captured);
                    return 1;
                }
            }
            AotHookWorkload.run(hooks, System.getProperty("user.dir"));
            return 0;
        } finally {
            root.setOut(realOut);
            root.setErr(realErr);
        }
    }
}
