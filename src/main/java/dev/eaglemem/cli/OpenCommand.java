package dev.eaglemem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.serve.control.ServeStarter;
import io.quarkus.runtime.annotations.RegisterForReflection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "open", header = "Open the web viewer (prints a one-time login link).",
        description = { "Asks the running serve for a login code and prints the link; on a desktop it also opens it in the"
                + " browser. The link works once, for two minutes, and turns into a session cookie (12 hours, until serve"
                + " restarts); the code does not stay in the address bar.",
                "Starts serve first when it is not running (unless autostart is off)." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem open", "  eagle-mem open --no-browser",
                "  eagle-mem open --json" })
public class OpenCommand implements Callable<Integer> {

    /** The link, and whether a browser was started for it. */
    @RegisterForReflection
    public record Link(String url, long expiresInSeconds, boolean browserStarted) {
    }

    private static final Duration START_WAIT = Duration.ofSeconds(20);

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Option(names = "--no-browser",
            description = "Only print the link (for another machine's browser via an SSH tunnel, or a script).")
    boolean noBrowser;

    private final ServeControl control;
    private final ServeStarter starter;
    private final EagleEnv env;

    public OpenCommand(ServeControl control, ServeStarter starter, EagleEnv env) {
        this.control = control;
        this.starter = starter;
        this.env = env;
    }

    @Override
    public Integer call() {
        awaitServe();
        ServeControl.ViewerLink link = control.viewerLink();
        boolean started = !noBrowser && !output.json && browse(link.url());
        if (output.json) {
            Console.json(spec, new Link(link.url(), link.expiresInSeconds(), false));
        } else {
            Console.out(spec).println(link.url());
            spec.commandLine().getErr().println(started ? "Opened in your browser. The link works once, for "
                    + link.expiresInSeconds() + " s."
                    : "Open it in a browser on this machine; it works once, for "
                            + link.expiresInSeconds() + " s.");
        }
        return 0;
    }

    /** Starts serve when it is not running, and waits until it answers (a cold start loads the database). */
    private void awaitServe() {
        if (control.status().state() == ServeControl.State.RUNNING || !starter.startIfNeeded()) {
            return;
        }
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (System.nanoTime() < deadline && control.status().state() != ServeControl.State.RUNNING) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Hands the link to the desktop's opener, when there is a desktop. Not through ProcessRunner: the opener may
     * stay for as long as the browser it started, which must outlive this command, so it is started and left.
     */
    private boolean browse(String url) {
        boolean mac = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("mac");
        if (!mac && env.get("DISPLAY").isEmpty() && env.get("WAYLAND_DISPLAY").isEmpty()) {
            return false;
        }
        Optional<Path> opener = Executables.find(env.vars(), mac ? "open" : "xdg-open");
        if (opener.isEmpty()) {
            return false;
        }
        try {
            new ProcessBuilder(List.of(opener.get().toString(), url))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
