-- The background-job outbox. Hooks and commands only enqueue; eagle-mem serve (or eagle-mem jobs run)
-- claims due rows inside one IMMEDIATE transaction, so two workers never take the same job.
-- project is a plain key, not a foreign key: a job may be queued before its project row exists and
-- must never make a hook's write fail.
CREATE TABLE jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    kind         TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
    project      TEXT,
    payload      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
    dedupe_key   TEXT,
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'dead', 'cancelled')),
    attempts     INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    run_after    TEXT NOT NULL,
    locked_by    TEXT,
    locked_at    TEXT,
    last_error   TEXT,
    result       TEXT,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    finished_at  TEXT,
    CHECK (status <> 'running' OR (locked_by IS NOT NULL AND locked_at IS NOT NULL))
);

-- De-duplication: at most one pending job per (kind, dedupe_key). A running job does not block a new
-- pending one, so work that arrives while its predecessor runs is not lost.
CREATE UNIQUE INDEX idx_jobs_dedupe ON jobs(kind, dedupe_key) WHERE status = 'pending' AND dedupe_key IS NOT NULL;
-- Claiming: the due pending jobs, oldest first.
CREATE INDEX idx_jobs_due ON jobs(status, run_after);
