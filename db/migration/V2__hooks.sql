-- What the hooks add: idempotent observations, and a record of every recall injection.

-- A tool call delivered twice (a retried hook, a shim fallback after a timeout) is stored once.
ALTER TABLE observations ADD COLUMN tool_use_id TEXT;
CREATE UNIQUE INDEX idx_observations_tool_use ON observations(session_id, tool_use_id) WHERE tool_use_id IS NOT NULL;

-- One row per SessionStart / UserPromptSubmit recall: what was searched, what was injected, how big.
-- SessionStart uses content_hash to avoid injecting the same recall twice in a session; UserPromptSubmit
-- uses the refs to avoid repeating records the agent already has in context. Compactions reset both.
CREATE TABLE recall_events (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id      TEXT NOT NULL,
    project         TEXT NOT NULL,
    agent           TEXT NOT NULL,
    hook_event      TEXT NOT NULL CHECK (hook_event IN ('SessionStart', 'UserPromptSubmit', 'PreCompact')),
    source          TEXT,
    query           TEXT,
    memory_ids      TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(memory_ids)),
    summary_ids     TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(summary_ids)),
    injected_chars  INTEGER NOT NULL DEFAULT 0,
    sections_trimmed INTEGER NOT NULL DEFAULT 0,
    content_hash    TEXT,
    status          TEXT NOT NULL CHECK (status IN ('injected', 'empty', 'unchanged', 'skipped_short_prompt',
                                                    'skipped_no_query', 'no_match', 'compaction')),
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX idx_recall_events_session ON recall_events(session_id, created_at);
CREATE INDEX idx_recall_events_project ON recall_events(project, created_at DESC);
