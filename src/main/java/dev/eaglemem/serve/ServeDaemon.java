package dev.eaglemem.serve;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.hook.HookRunner;
import dev.eaglemem.serve.control.ServeFiles;
import dev.eaglemem.serve.control.ServeLock;
import dev.eaglemem.store.Db;
import io.vertx.ext.web.Router;

/**
 * The life of one {@code eagle-mem serve} process: take the per-data-directory lock, migrate, listen,
 * then wait until SIGTERM, idle time-out, or the data directory disappearing (uninstall --purge, a test's
 * temp dir) — and clean up after itself on the way out. kill -9 leaves a stale socket and pid file; the
 * next serve replaces both, because holding the lock proves the old one is gone.
 */
@ApplicationScoped
public class ServeDaemon {

    /**
     * @param port TCP port; null = config {@code serve.port}, and then a busy port only costs the TCP API
     * @param idle exit after this long without requests and without pending jobs; zero = never
     * @param quietIfRunning exit 0 without complaint when another serve holds the lock (autostart)
     */
    public record Options(Integer port, String bind, boolean allowRemote, Duration idle, boolean quietIfRunning) {
    }

    /** What the process does while it runs: starts background work, reports whether it is idle, stops it. */
    public interface Companion extends AutoCloseable {
        void start();

        boolean busy();

        @Override
        void close();
    }

    /** A serve that is up: how it describes itself, and its server for live figures. */
    public record Running(ServeState state, ServeServer server) {
    }

    private static final Duration CHECK_EVERY = Duration.ofSeconds(5);

    private final EagleEnv env;
    private final DataDir dataDir;
    private final HookRunner hooks;
    private final Db db;
    private final LogFile log;
    private final Clock clock;

    public ServeDaemon(EagleEnv env, DataDir dataDir, HookRunner hooks, Db db, LogFile log, Clock clock) {
        this.env = env;
        this.dataDir = dataDir;
        this.hooks = hooks;
        this.db = db;
        this.log = log;
        this.clock = clock;
    }

    /** Runs until asked to stop; {@code started} is told once both listeners are up. */
    public int run(Options options, int configPort, Consumer<Router> api, Companion companion,
            Consumer<Running> started) {
        String host = checkedHost(options);
        ServeFiles files = ServeFiles.of(dataDir.ensureExists());
        ServeFiles.checkSocketPath(files.socket());
        Optional<ServeLock> lock = ServeLock.tryAcquire(files);
        if (lock.isEmpty()) {
            if (options.quietIfRunning()) {
                return 0;
            }
            throw EagleException.conflict("serve_running", "serve is already running for " + dataDir.root()
                    + (files.recordedPid() > 0 ? " (pid " + files.recordedPid() + ")" : ""),
                    "see it with: eagle-mem serve --status; stop it with: eagle-mem serve --stop");
        }
        try (ServeLock held = lock.get()) {
            // first thing: --stop can find a serve that is still starting
            files.writePid(ProcessHandle.current().pid());
            try {
                return serve(options, host, configPort, files, api, companion, started);
            } finally {
                files.removeRuntimeFiles();
            }
        } catch (IOException e) {
            throw EagleException.failure("serve_lock_failed", "cannot release " + files.lock() + ": " + e.getMessage(),
                    "remove " + files.lock() + " if no serve is running", e);
        }
    }

    private int serve(Options options, String host, int configPort, ServeFiles files, Consumer<Router> api,
            Companion companion, Consumer<Running> started) {
        db.open();
        String token = files.loadOrCreateToken();
        ServeServer server = ServeServer.start(new ServeServer.Options(files.socket(), host,
                options.port() == null ? configPort : options.port(), options.port() != null, token), hooks, env, api);
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch cleaned = new CountDownLatch(1);
        Thread onSignal = new Thread(() -> {
            stop.countDown();
            awaitQuietly(cleaned, Duration.ofSeconds(15));
        }, "eagle-mem-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(onSignal);
        String reason = "stopped";
        try {
            if (server.tcpPort() > 0) {
                files.writePort(host, server.tcpPort());
            } else {
                files.removePort();
            }
            files.clearStarting();
            companion.start();
            ServeState state = new ServeState(ProcessHandle.current().pid(), files.socket(), host, server.tcpPort(),
                    server.tcpProblem(), Instant.now(clock).toString());
            log.info("serve started: pid " + state.pid() + ", socket " + files.socket() + ", "
                    + (server.tcpPort() > 0 ? "http://" + host + ":" + server.tcpPort()
                            : "no TCP (" + server.tcpProblem() + ")"));
            if (options.port() == null && configPort != 0 && server.tcpPort() > 0 && server.tcpPort() != configPort) {
                log.warn("serve: port " + configPort + " on " + host + " is taken (another user's serve, or another program);"
                        + " the API listens on " + server.tcpPort() + " instead, recorded in " + files.port()
                        + " for the hooks and eagle-mem open. To keep one port: eagle-mem config set serve.port N");
            }
            started.accept(new Running(state, server));
            // start-up garbage (migrations, class loading) grew the heap; one collection now returns it for the hours
            // serve then spends mostly idle (the launcher's heap flags shrink it at once)
            System.gc();
            reason = waitForExit(options, files, server, companion, stop);
        } finally {
            companion.close();
            server.close();
            // before `cleaned`: once it counts down the signal hook returns and the JVM may halt before
            // run()'s own finally gets to remove the pid file
            files.removeRuntimeFiles();
            log.info("serve exited: " + reason);
            cleaned.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onSignal);
            } catch (IllegalStateException e) {
                // already shutting down: the hook is running and waits for `cleaned`
            }
        }
        return 0;
    }

    /** Why serve stops: a signal, idle time-out, or its socket or data directory vanished. */
    private String waitForExit(Options options, ServeFiles files, ServeServer server, Companion companion,
            CountDownLatch stop) {
        Object socketKey = fileKey(files.socket());
        while (!awaitQuietly(stop, CHECK_EVERY)) {
            if (!Files.isDirectory(dataDir.root())) {
                return "data directory " + dataDir.root() + " is gone";
            }
            Object now = fileKey(files.socket());
            if (now == null || !now.equals(socketKey)) {
                return "socket " + files.socket() + " was removed or replaced";
            }
            // notices memory.db deleted or replaced even when no hook comes (a stat; see Db.follow)
            try {
                db.follow();
            } catch (RuntimeException e) {
                log.warn("database: " + e.getMessage());
            }
            if (IdlePolicy.shouldExit(options.idle(), Duration.ofNanos(server.idleNanos()), companion.busy())) {
                return "idle for " + options.idle().toMinutes() + " min";
            }
        }
        return "signal";
    }

    private static String checkedHost(Options options) {
        String host = options.bind() == null ? "127.0.0.1" : options.bind();
        boolean loopback;
        try {
            loopback = InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw EagleException.invalidInput("cannot resolve --bind " + host, "use an address such as 127.0.0.1");
        }
        if (!loopback && !options.allowRemote()) {
            throw EagleException.invalidInput("--bind " + host + " would expose the API beyond this machine",
                    "keep the default (127.0.0.1), or add --allow-remote if you really mean it (the token is still required)");
        }
        return host;
    }

    private static Object fileKey(Path file) {
        try {
            return Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean awaitQuietly(CountDownLatch latch, Duration timeout) {
        try {
            return latch.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }
}
