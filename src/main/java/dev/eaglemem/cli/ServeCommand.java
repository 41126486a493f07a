package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;

import dev.eaglemem.config.Settings;
import dev.eaglemem.serve.ServeApp;
import dev.eaglemem.serve.ServeDaemon;
import dev.eaglemem.serve.ServeState;
import dev.eaglemem.serve.control.ServeControl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "serve", header = "Run the warm process: hook fast path, HTTP API, jobs.",
        description = { "Hooks reach it on $EAGLE_MEM_DIR/serve.sock, the HTTP API listens on a loopback port (token in"
                + " $EAGLE_MEM_DIR/serve.token), and it runs the background jobs.",
                "It stops on SIGTERM, after serve.idle_minutes without requests and jobs, or with eagle-mem serve --stop."
                        + " Hooks work without it, only slower; a hook that finds it not running starts it when"
                        + " serve.autostart is on." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem serve --status",
                "  eagle-mem serve --idle-minutes 0 --port 7420", "  eagle-mem serve --stop --json" })
public class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Option(names = "--status", description = "Say whether serve is running, and its pid, socket and port.")
    boolean status;

    @Option(names = "--stop", description = "Stop the running serve (SIGTERM; waits for it to exit).")
    boolean stop;

    @Option(names = "--port", paramLabel = "N",
            description = "TCP port of the API (default: config serve.port, 7419; 0 = any free port).")
    Integer port;

    @Option(names = "--bind", paramLabel = "HOST", description = "Address the API listens on (default 127.0.0.1).")
    String bind;

    @Option(names = "--allow-remote", description = "Allow --bind to a non-loopback address (the token is still required).")
    boolean allowRemote;

    @Option(names = "--idle-minutes", paramLabel = "N",
            description = "Exit after N idle minutes; 0 = never (default: config serve.idle_minutes).")
    Integer idleMinutes;

    // used by autostart: a second serve racing the first leaves quietly instead of failing
    @Option(names = "--if-not-running", hidden = true)
    boolean ifNotRunning;

    private final ServeApp app;
    private final ServeControl control;
    private final Settings settings;

    public ServeCommand(ServeApp app, ServeControl control, Settings settings) {
        this.app = app;
        this.control = control;
        this.settings = settings;
    }

    @Override
    public Integer call() {
        if (status) {
            return status();
        }
        if (stop) {
            ServeControl.Stopped stopped = control.stop();
            if (output.json) {
                Console.json(spec, stopped);
            } else {
                Console.out(spec).println(stopped.message());
            }
            return 0;
        }
        int idle = idleMinutes == null ? settings.serveIdleMinutes() : idleMinutes;
        ServeDaemon.Options options = new ServeDaemon.Options(port, bind, allowRemote, Duration.ofMinutes(Math.max(0, idle)),
                ifNotRunning);
        return app.run(options, this::started);
    }

    private void started(ServeState state) {
        if (output.json) {
            Console.json(spec, state);
            return;
        }
        PrintWriter out = Console.out(spec);
        out.println("eagle-mem serve: pid " + state.pid() + ", hooks on " + state.socket());
        out.println(state.tcpPort() > 0
                ? "  API: http://" + state.host() + ":" + state.tcpPort() + " (header X-Eagle-Token: $(cat "
                        + state.socket().resolveSibling("serve.token") + "))"
                : "  API: TCP not listening: " + state.tcpProblem());
        out.flush();
    }

    private int status() {
        ServeControl.Status s = control.status();
        if (output.json) {
            Console.json(spec, s);
        } else {
            PrintWriter out = Console.out(spec);
            switch (s.state()) {
                case RUNNING -> {
                    out.println("serve is running: pid " + s.pid() + ", socket " + s.socket());
                    if (s.health() != null && s.health().path("tcp_port").asInt() > 0) {
                        out.println(
                                "  API: http://" + s.health().path("host").asText() + ":" + s.health().path("tcp_port").asInt());
                    }
                }
                case UNRESPONSIVE -> out.println("serve holds its lock (pid " + s.pid() + ") but does not answer on "
                        + s.socket() + ": starting, or hung. fix: eagle-mem serve --stop");
                case STOPPED -> out.println("serve is not running (hooks start it; or run: eagle-mem serve)");
            }
        }
        // like a probe: 0 running, 1 holding the lock without answering, 3 not running
        return switch (s.state()) {
            case RUNNING -> 0;
            case UNRESPONSIVE -> 1;
            case STOPPED -> 3;
        };
    }
}
