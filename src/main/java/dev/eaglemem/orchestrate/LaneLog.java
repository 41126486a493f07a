package dev.eaglemem.orchestrate;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The end of a lane's current worker.log, for the HTTP route and the viewer. Bounded twice (lines and bytes read from
 * the end) because a worker's log can grow to megabytes; redacted because the worker may have echoed a secret that the
 * file on disk keeps but no answer should carry.
 */
@ApplicationScoped
public class LaneLog {

    public static final int MAX_LINES = 500;
    public static final int DEFAULT_LINES = 100;
    static final int MAX_BYTES = 256 * 1024;

    private final OrchestrateService service;
    private final Redactor redactor;

    public LaneLog(OrchestrateService service, Redactor redactor) {
        this.service = service;
        this.redactor = redactor;
    }

    /** A log's tail: the lane, its log path (null: never spawned), whether the log exists yet, and the last lines. */
    @RegisterForReflection
    public record Tail(String key, LaneStatus status, String log, boolean exists, List<String> lines, boolean truncated) {

        public Tail {
            lines = List.copyOf(lines);
        }
    }

    /** The last {@code lines} (1..{@value #MAX_LINES}) lines of lane {@code key}'s newest attempt's log. */
    public Tail tail(String project, String key, int lines) {
        Lane lane = service.requireLane(project, key);
        Attempt a = lane.lastAttempt();
        if (a == null) {
            return new Tail(lane.key(), lane.status(), null, false, List.of(), false);
        }
        Path log = a.log();
        if (!Files.isRegularFile(log)) {
            return new Tail(lane.key(), lane.status(), log.toString(), false, List.of(), false);
        }
        int want = Math.clamp(lines, 1, MAX_LINES);
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long size = file.length();
            int read = (int) Math.min(size, MAX_BYTES);
            byte[] bytes = new byte[read];
            file.seek(size - read);
            file.readFully(bytes);
            List<String> all = Arrays.asList(redactor.redact(new String(bytes, StandardCharsets.UTF_8)).split("\n", -1));
            if (!all.isEmpty() && all.getLast().isEmpty()) {
                all = all.subList(0, all.size() - 1);
            }
            if (read < size && !all.isEmpty()) {
                all = all.subList(1, all.size()); // the first line read is cut in the middle
            }
            boolean cut = read < size || all.size() > want;
            return new Tail(lane.key(), lane.status(), log.toString(), true,
                    all.subList(Math.max(0, all.size() - want), all.size()), cut);
        } catch (IOException e) {
            throw EagleException.failure("lane_log_unreadable", "cannot read " + log + ": " + e.getMessage(),
                    "check the file's permissions, or read it with tail -n " + want + " " + log, e);
        }
    }
}
