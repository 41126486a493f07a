package dev.eaglemem.serve.api;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.eaglemem.config.BuildInfo;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.DbCondition;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.Timestamps;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The body of {@code GET /health}, assembled in one place: the server's own facts, the database's
 * schema version, then what serve tells about itself ({@link #serving}: listeners, jobs, spool).
 */
public final class HealthInfo {

    /**
     * {@code db_error}, {@code db_problem}, {@code last_db_problem} and {@code db_kept_copies} are there only when
     * they say something; serve's own fields follow once it has said them, and only while the database reads.
     */
    @RegisterForReflection
    record Health(String status, String version, long pid, String startedAt, long uptimeSeconds, Path db,
            Integer schemaVersion, @JsonInclude(JsonInclude.Include.NON_NULL) String dbError,
            @JsonInclude(JsonInclude.Include.NON_NULL) Problem dbProblem,
            @JsonInclude(JsonInclude.Include.NON_NULL) Problem lastDbProblem,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> dbKeptCopies, @JsonUnwrapped Serving serving) {
    }

    /** What the database went through: {@code since} is when it began. */
    @RegisterForReflection
    record Problem(String kind, String summary, String detail, String fix, String since) {
    }

    /**
     * What serve says about itself, read on every request (on a worker thread; it may read the database). The
     * listener fields are null in the moment between listening and being told so.
     */
    @RegisterForReflection
    public record Serving(String socket, String host, Integer tcpPort, String tcpProblem, Long hookRequests, JobCounts jobs,
            int jobsRunningHere, int eventStreams, long spoolPending, int eventsHeldInMemory, long eventsDroppedFromMemory,
            String semantic) {
    }

    private final Db db;
    private final HealthStore health;
    private final Clock clock;
    private final Instant startedAt;
    private volatile Supplier<Serving> serving = () -> null;

    /** Call when serve starts: started_at and uptime count from here. */
    public HealthInfo(Db db, HealthStore health, Clock clock) {
        this.db = db;
        this.health = health;
        this.clock = clock;
        this.startedAt = clock.instant();
    }

    /** Serve's own fields, computed on each request. Call before serving. */
    public HealthInfo serving(Supplier<Serving> value) {
        this.serving = value;
        return this;
    }

    /**
     * {@code status} is {@code ok}, or {@code degraded} with {@code db_problem} (kind, detail, fix, since) while the
     * database cannot take writes (full, read-only, damaged) or a copy kept when it was deleted or replaced waits
     * for the user's decision. Always 200: serve itself is up ({@code serve --status} and doctor read the body),
     * and what the database went through is kept here because the log may be on the disk that failed.
     */
    Reply read() {
        Integer schema = null;
        String dbError = null;
        try {
            schema = db.read(health::schemaVersion);
        } catch (EagleException e) {
            dbError = e.getMessage();
        }
        // after the read: it is what notices a file deleted or replaced under serve
        DbCondition condition = db.condition();
        List<Path> kept = condition.keptCopies();
        Optional<DbCondition.Problem> problem = condition.current().or(() -> kept.stream().findFirst().map(condition::kept));
        String status = dbError == null && problem.isEmpty() ? "ok" : "degraded";
        return Reply.ok(new Health(status, BuildInfo.version(), ProcessHandle.current().pid(), Timestamps.format(startedAt),
                Duration.between(startedAt, clock.instant()).toSeconds(), db.file(), schema, dbError,
                problem.map(HealthInfo::describe).orElse(null), condition.last().map(HealthInfo::describe).orElse(null),
                kept.isEmpty() ? null : kept.stream().map(Path::toString).toList(), dbError == null ? serving.get() : null));
    }

    private static Problem describe(DbCondition.Problem p) {
        return new Problem(p.kind(), DbCondition.summary(p), p.detail(), p.fix(),
                p.since() == null ? null : Timestamps.format(p.since()));
    }
}
