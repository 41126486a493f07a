-- A claude-mem database for ClaudeMemImportTest, written by us from the facts of claude-mem 13.25.3's schema as its
-- worker creates it (table and column names, types, which columns may be null, how sessions and rows link), not copied
-- from it: only the tables the importer reads or counts, and of those the columns it reads or the test fills.
-- ClaudeMemRealIT checks the importer against a database the real claude-mem 13.25.3 worker wrote.

-- One row per agent session and platform. content_session_id is the agent's own session id; memory_session_id is
-- the id claude-mem's observer model works under, which observations and summaries point at.
CREATE TABLE sdk_sessions (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    content_session_id  TEXT NOT NULL,
    memory_session_id   TEXT UNIQUE,
    project             TEXT NOT NULL,
    platform_source     TEXT NOT NULL DEFAULT 'claude',
    user_prompt         TEXT,
    started_at          TEXT NOT NULL,
    started_at_epoch    INTEGER NOT NULL,
    completed_at        TEXT,
    completed_at_epoch  INTEGER,
    status              TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'failed'))
);

-- The observer model's notes: a type, a title, a narrative and facts (a JSON list), the files (JSON lists).
CREATE TABLE observations (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    memory_session_id  TEXT NOT NULL REFERENCES sdk_sessions (memory_session_id),
    project            TEXT NOT NULL,
    type               TEXT NOT NULL,
    text               TEXT,
    title              TEXT,
    subtitle           TEXT,
    narrative          TEXT,
    facts              TEXT,
    files_read         TEXT,
    files_modified     TEXT,
    prompt_number      INTEGER,
    content_hash       TEXT,
    created_at         TEXT NOT NULL,
    created_at_epoch   INTEGER NOT NULL
);

-- A summary per prompt of a session (request, investigated, learned, completed, next steps, notes, files).
CREATE TABLE session_summaries (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    memory_session_id  TEXT NOT NULL REFERENCES sdk_sessions (memory_session_id),
    project            TEXT NOT NULL,
    request            TEXT,
    investigated       TEXT,
    learned            TEXT,
    completed          TEXT,
    next_steps         TEXT,
    notes              TEXT,
    files_read         TEXT,
    files_edited       TEXT,
    prompt_number      INTEGER,
    created_at         TEXT NOT NULL,
    created_at_epoch   INTEGER NOT NULL
);

-- The user's prompts, linked to the session row (session_db_id) and to the agent's session id.
CREATE TABLE user_prompts (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    session_db_id       INTEGER REFERENCES sdk_sessions (id),
    content_session_id  TEXT NOT NULL,
    prompt_number       INTEGER NOT NULL,
    prompt_text         TEXT NOT NULL,
    created_at          TEXT NOT NULL,
    created_at_epoch    INTEGER NOT NULL
);

-- The worker's queue of tool calls and summary requests not yet processed (counted, not imported).
CREATE TABLE pending_messages (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    session_db_id       INTEGER NOT NULL REFERENCES sdk_sessions (id),
    content_session_id  TEXT NOT NULL,
    message_type        TEXT NOT NULL CHECK (message_type IN ('observation', 'summarize')),
    status              TEXT NOT NULL DEFAULT 'pending',
    created_at_epoch    INTEGER NOT NULL
);

-- The raw tool calls the hooks reported (counted, not imported; a session's first one tells its working directory).
CREATE TABLE tool_uses (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    tool_use_id         TEXT NOT NULL,
    content_session_id  TEXT NOT NULL,
    memory_session_id   TEXT,
    session_db_id       INTEGER,
    project             TEXT NOT NULL,
    platform_source     TEXT NOT NULL DEFAULT 'claude',
    tool_name           TEXT NOT NULL,
    tool_input          TEXT,
    cwd                 TEXT,
    created_at          TEXT NOT NULL,
    created_at_epoch    INTEGER NOT NULL,
    UNIQUE (content_session_id, tool_use_id)
);
