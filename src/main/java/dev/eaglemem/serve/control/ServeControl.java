package dev.eaglemem.serve.control;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.format.StateId;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** {@code serve --status} and {@code serve --stop}, from outside the serve process. */
@ApplicationScoped
public class ServeControl {

    /** Whether serve runs for this data directory, as {@code serve --status} and {@code service status} say. */
    @RegisterForReflection
    public enum State implements StateId {
        /** It answers on the socket. */
        RUNNING,
        /** It holds the lock but does not answer: starting, or hung. */
        UNRESPONSIVE, STOPPED;

        public static State parse(String id) {
            return StateId.parse(values(), id);
        }
    }

    /**
     * What is known about serve for this data directory.
     *
     * @param health serve's own /health answer when it is running
     */
    @RegisterForReflection
    public record Status(State state, long pid, String socket, JsonNode health) {
    }

    /** The outcome of --stop. */
    @RegisterForReflection
    public record Stopped(boolean wasRunning, long pid, boolean stopped, String message) {
    }

    /**
     * A web viewer login link: open it once within {@code expiresInSeconds}.
     *
     * @param url {@code http://127.0.0.1:PORT/login?code=…}
     */
    public record ViewerLink(String url, long expiresInSeconds) {
    }

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final DataDir dataDir;

    public ServeControl(DataDir dataDir) {
        this.dataDir = dataDir;
    }

    public Status status() {
        ServeFiles files = files();
        Optional<SocketClient.Response> health = SocketClient.request(files.socket(), "GET", "/health", null, PROBE_TIMEOUT)
                .filter(r -> r.status() == 200);
        if (health.isPresent()) {
            JsonNode body = parse(health.get().body());
            long pid = body.path("pid").asLong(files.recordedPid());
            return new Status(State.RUNNING, pid, files.socket().toString(), body);
        }
        if (lockHeld(files)) {
            return new Status(State.UNRESPONSIVE, files.recordedPid(), files.socket().toString(), null);
        }
        return new Status(State.STOPPED, -1, files.socket().toString(), null);
    }

    /**
     * Asks the running serve, over its owner-only socket, for a one-time login code and makes the link. The
     * socket is the proof of who asks: only this user can reach it, so only they get a code.
     */
    public ViewerLink viewerLink() {
        ServeFiles files = files();
        Status status = status();
        if (status.state() != State.RUNNING) {
            throw EagleException.failure("serve_not_running", "serve is not running for " + dataDir.root()
                    + " (the viewer is part of it)", "eagle-mem serve   (or keep it running: eagle-mem service install)", null);
        }
        int port = status.health().path("tcp_port").asInt(0);
        if (port <= 0) {
            throw EagleException.failure("viewer_unavailable", "serve listens on no TCP port ("
                    + status.health().path("tcp_problem").asText("unknown reason") + "), so a browser cannot reach it",
                    "eagle-mem serve --stop; eagle-mem serve --port 8765   (a free port)", null);
        }
        SocketClient.Response code = SocketClient.request(files.socket(), "POST", "/viewer/code", "", PROBE_TIMEOUT)
                .filter(r -> r.status() == 200).orElseThrow(() -> EagleException.failure("viewer_code_failed",
                        "serve did not hand out a login code", "eagle-mem serve --status; see $EAGLE_MEM_DIR/eagle-mem.log",
                        null));
        JsonNode body = parse(code.body());
        String host = status.health().path("host").asText("127.0.0.1");
        // the viewer answers only to a loopback name (its cookie must never be sent to another host)
        String reach = host.contains(":") ? "[::1]" : "127.0.0.1";
        return new ViewerLink("http://" + reach + ":" + port + body.path("path").asText() + body.path("code").asText(),
                body.path("expires_in_seconds").asLong());
    }

    /** Sends SIGTERM and waits for a clean exit. Only a process that holds the serve lock is ever signalled. */
    public Stopped stop() {
        ServeFiles files = files();
        if (!lockHeld(files)) {
            return new Stopped(false, -1, true, "serve is not running");
        }
        long pid = files.recordedPid();
        Optional<ProcessHandle> process = pid > 0 ? ProcessHandle.of(pid) : Optional.empty();
        if (process.isEmpty()) {
            throw EagleException.failure("serve_pid_unknown", "serve holds " + files.lock() + " but its pid is not known",
                    "find it with: fuser " + files.lock() + " (or lsof), then kill it", null);
        }
        process.get().destroy();
        try {
            process.get().onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return new Stopped(true, pid, true, "serve (pid " + pid + ") stopped");
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw EagleException.failure("serve_stop_timeout", "serve (pid " + pid + ") did not exit within "
                    + STOP_TIMEOUT.toSeconds() + " s of SIGTERM", "kill -9 " + pid + " (no data is lost: hooks fall back)", e);
        }
    }

    /**
     * The serve files of a data directory only this user can touch: a pid, lock or socket another user planted would
     * make {@code --stop} signal, or {@code --status} trust, a process of their choosing.
     */
    private ServeFiles files() {
        return ServeFiles.of(dataDir.checkSafe());
    }

    /** True when some serve holds the lock, i.e. is running or still starting. */
    static boolean lockHeld(ServeFiles files) {
        if (!java.nio.file.Files.exists(files.lock())) {
            return false;
        }
        Optional<ServeLock> lock = ServeLock.tryAcquire(files);
        lock.ifPresent(ServeControl::release);
        return lock.isEmpty();
    }

    private static void release(ServeLock lock) {
        try {
            lock.close();
        } catch (java.io.IOException e) {
            // closing our own probe lock; the OS releases it at exit anyway
        }
    }

    private static JsonNode parse(String body) {
        try {
            return JsonOutput.mapper().readTree(body);
        } catch (java.io.IOException e) {
            return JsonOutput.mapper().createObjectNode();
        }
    }
}
