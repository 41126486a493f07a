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

/** {@code serve --status} and {@code serve --stop}, from outside the serve process. */
@ApplicationScoped
public class ServeControl {

    /** Whether serve runs for this data directory, as {@code serve --status} and {@code service status} say. */
    public enum State implements StateId {
        /** It answers on the socket. */
        RUNNING,
        /** It holds the lock but does not answer: starting, or hung. */
        UNRESPONSIVE,
        STOPPED;

        public static State parse(String id) {
            return StateId.parse(values(), id);
        }
    }

    /**
     * What is known about serve for this data directory.
     *
     * @param health serve's own /health answer when it is running
     */
    public record Status(State state, long pid, String socket, JsonNode health) {
    }

    /** The outcome of --stop. */
    public record Stopped(boolean wasRunning, long pid, boolean stopped, String message) {
    }

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final DataDir dataDir;

    public ServeControl(DataDir dataDir) {
        this.dataDir = dataDir;
    }

    public Status status() {
        ServeFiles files = ServeFiles.of(dataDir);
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

    /** Sends SIGTERM and waits for a clean exit. Only a process that holds the serve lock is ever signalled. */
    public Stopped stop() {
        ServeFiles files = ServeFiles.of(dataDir);
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
