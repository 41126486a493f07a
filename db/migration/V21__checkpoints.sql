-- What a session was doing when its context was compacted (PreCompact), read back after the compaction (or a
-- /clear) as the "where you were" block. One row per session: a later compaction replaces it, so the table grows
-- with the sessions, never with the compactions. Every text is redacted before insert.
CREATE TABLE checkpoints (
    session_id     TEXT PRIMARY KEY REFERENCES sessions(id),
    project        TEXT NOT NULL,
    agent          TEXT NOT NULL,
    compaction     TEXT NOT NULL,
    request        TEXT,
    doing          TEXT,
    files_edited   TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(files_edited)),
    files_read     TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(files_read)),
    notes          TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(notes)),
    task_ids       TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(task_ids)),
    created_at     TEXT NOT NULL
);
CREATE INDEX idx_checkpoints_project ON checkpoints(project, created_at DESC);
