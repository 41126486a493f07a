package dev.eaglemem.serve.api;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import dev.eaglemem.config.BuildInfo;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.DbCondition;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.Timestamps;

/**
 * The body of {@code GET /health}, assembled in one place: the server's own facts, the database's
 * schema version, then any sections added with {@link #with} (serve adds job counts).
 */
public final class HealthInfo {

    private final Db db;
    private final HealthStore health;
    private final Clock clock;
    private final Instant startedAt;
    private final Map<String, Supplier<?>> sections = new LinkedHashMap<>();

    /** Call when serve starts: started_at and uptime count from here. */
    public HealthInfo(Db db, HealthStore health, Clock clock) {
        this.db = db;
        this.health = health;
        this.clock = clock;
        this.startedAt = clock.instant();
    }

    /** Adds a field computed on each request (on a worker thread; it may read the database). Call before serving. */
    public synchronized HealthInfo with(String field, Supplier<?> value) {
        sections.put(field, value);
        return this;
    }

    /**
     * {@code status} is {@code ok}, or {@code degraded} with {@code db_problem} (kind, detail, fix, since) while the
     * database cannot take writes (full, read-only, damaged) or a copy kept when it was deleted or replaced waits
     * for the user's decision. Always 200: serve itself is up ({@code serve --status} and doctor read the body),
     * and what the database went through is kept here because the log may be on the disk that failed.
     */
    Reply read() {
        Map<String, Supplier<?>> added;
        synchronized (this) {
            added = new LinkedHashMap<>(sections);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "ok");
        body.put("version", BuildInfo.version());
        body.put("pid", ProcessHandle.current().pid());
        body.put("started_at", Timestamps.format(startedAt));
        body.put("uptime_seconds", Duration.between(startedAt, clock.instant()).toSeconds());
        body.put("db", db.file());
        boolean readable = true;
        try {
            body.put("schema_version", db.read(health::schemaVersion));
        } catch (EagleException e) {
            readable = false;
            body.put("status", "degraded");
            body.put("schema_version", null);
            body.put("db_error", e.getMessage());
        }
        // after the read: it is what notices a file deleted or replaced under serve
        DbCondition condition = db.condition();
        List<Path> kept = condition.keptCopies();
        Optional<DbCondition.Problem> problem = condition.current().or(() -> kept.stream().findFirst().map(condition::kept));
        problem.ifPresent(p -> {
            body.put("status", "degraded");
            body.put("db_problem", describe(p));
        });
        condition.last().ifPresent(p -> body.put("last_db_problem", describe(p)));
        if (!kept.isEmpty()) {
            body.put("db_kept_copies", kept.stream().map(Path::toString).toList());
        }
        if (readable) {
            added.forEach((field, value) -> body.put(field, value.get()));
        }
        return Reply.ok(body);
    }

    private static Map<String, Object> describe(DbCondition.Problem p) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kind", p.kind());
        out.put("summary", DbCondition.summary(p));
        out.put("detail", p.detail());
        out.put("fix", p.fix());
        out.put("since", p.since() == null ? null : Timestamps.format(p.since()));
        return out;
    }
}
