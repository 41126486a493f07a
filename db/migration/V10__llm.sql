-- Models in the background (dev.eaglemem.llm). Every model call, answered or not, is one row of llm_usage:
-- the cost governor sums a day's rows before each call, and `eagle-mem llm usage` reports them.
-- day is the budget's calendar day in the user's time zone (YYYY-MM-DD), so a day's sum is one index range.
CREATE TABLE llm_usage (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    at             TEXT NOT NULL,
    day            TEXT NOT NULL CHECK (length(day) = 10),
    provider       TEXT NOT NULL,
    model          TEXT NOT NULL,
    purpose        TEXT NOT NULL,
    job_id         INTEGER,
    project        TEXT,
    input_tokens   INTEGER NOT NULL DEFAULT 0 CHECK (input_tokens >= 0),
    output_tokens  INTEGER NOT NULL DEFAULT 0 CHECK (output_tokens >= 0),
    estimated      INTEGER NOT NULL DEFAULT 0 CHECK (estimated IN (0, 1)),
    cost_usd       REAL NOT NULL DEFAULT 0 CHECK (cost_usd >= 0),
    latency_ms     INTEGER NOT NULL DEFAULT 0,
    ok             INTEGER NOT NULL CHECK (ok IN (0, 1)),
    error          TEXT
);
CREATE INDEX idx_llm_usage_day ON llm_usage(day);

-- A job waiting for the next day's model budget: pending, run_after at the day's start, and this says why.
-- It is cleared when the job next runs. Nothing is dropped and no attempt is spent on waiting.
ALTER TABLE jobs ADD COLUMN deferred TEXT;

-- The agent's final message of each turn (redacted, <private> stripped, cut to 4,000 characters): what a model
-- reads to enrich the session's summary with decisions and their reasons. Pruned with the observations
-- (retention.observation_days).
CREATE TABLE turn_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  TEXT NOT NULL REFERENCES sessions(id),
    project     TEXT NOT NULL,
    message     TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 4000),
    created_at  TEXT NOT NULL
);
CREATE INDEX idx_turn_messages_session ON turn_messages(session_id, id);
CREATE INDEX idx_turn_messages_project ON turn_messages(project, created_at);
