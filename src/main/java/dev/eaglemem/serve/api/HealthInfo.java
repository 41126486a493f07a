package dev.eaglemem.serve.api;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import dev.eaglemem.config.BuildInfo;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.Db;
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

    /** {@code status} is {@code ok}, or {@code degraded} (with {@code db_error}) when the database cannot be read. */
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
        try {
            body.put("schema_version", db.read(health::schemaVersion));
        } catch (EagleException e) {
            body.put("status", "degraded");
            body.put("schema_version", null);
            body.put("db_error", e.getMessage());
            return new Reply(503, body, Map.of());
        }
        added.forEach((field, value) -> body.put(field, value.get()));
        return Reply.ok(body);
    }
}
