package dev.eaglemem.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;

import jakarta.inject.Provider;

import dev.eaglemem.hook.HookRunner;
import dev.eaglemem.serve.control.ServeStarter;
import dev.eaglemem.store.Db;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Unmatched;

@Command(name = "hook", header = "Run one agent hook (what install registers).",
        description = { "Reads the event's JSON on stdin and prints nothing or one JSON line. Always exits 0; problems go to"
                + " $EAGLE_MEM_DIR/eagle-mem.log.",
                "Events: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, PreCompact, SessionEnd, TaskCreated,"
                        + " TaskCompleted." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem hook SessionStart < event.json",
                "  eagle-mem hook PreToolUse --agent codex < payload.json" })
public class HookCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "EVENT", description = "The hook event name.")
    String event;

    @Option(names = "--agent", paramLabel = "AGENT", description = "claude-code or codex (default: detected from the payload).")
    String agent;

    // A hook must exit 0 whatever it is given; stray arguments are ignored, not an error.
    @Unmatched
    List<String> ignored;

    private final HookRunner runner;
    private final ServeStarter serve;
    private final Provider<Db> db;

    public HookCommand(HookRunner runner, ServeStarter serve, Provider<Db> db) {
        this.runner = runner;
        this.serve = serve;
        this.db = db;
    }

    @Override
    public Integer call() {
        return answer(event, agent);
    }

    /** Also the entry for the command lines {@link Main} reads without picocli. */
    int answer(String event, String agent) {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        PrintStream previous = System.out;
        // Nothing but the response may reach stdout: a library printing there would corrupt the protocol.
        System.setOut(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
        try {
            if (!runner.disabled()) {
                openDatabaseMeanwhile();
            }
            int exit = runner.run(event, agent, System.in, protocol);
            // This hook took the slow path (no serve answered the shim). After the answer is out, start serve
            // so the next hooks are fast: at SessionStart, and also mid-session when serve died.
            if (!runner.disabled()) {
                serve.startIfNeeded();
            }
            return exit;
        } finally {
            System.setOut(previous);
        }
    }

    /**
     * A cold hook spends ~40 ms loading SQLite and opening the database, and about as long reading its payload and
     * config: done side by side on two cores, the hook answers sooner. The hook's own first query then waits for
     * this open instead of doing it. A failure here is the one the hook meets next and handles (spools, logs).
     */
    private void openDatabaseMeanwhile() {
        Thread.ofPlatform().daemon().name("eagle-mem-db-open").start(() -> {
            try {
                db.get().open();
            } catch (RuntimeException e) {
                // the hook's own query fails the same way, inside its budget, and says so in the log
            }
        });
    }
}
