-- Durable tasks (issue 28): what an agent or a person is working on, kept across compactions and sessions. Typed and
-- printed as t-<id>. origin: where the task came from ('person', 'agent:claude-code', 'agent:codex', later 'lane');
-- origin_ref: that origin's own id or list key, so that a mirrored task is updated in place and never copied (one row
-- per project, origin and origin_ref). owner_session is the session working on it, not a foreign key: a mirrored
-- task may name a session the hooks have not recorded yet. started_at: when it first went in progress; ended_at: when
-- it was completed or cancelled (cleared when reopened). Title, details and notes are redacted before they are stored.
CREATE TABLE tasks (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    project         TEXT NOT NULL REFERENCES projects(key),
    title           TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 500),
    details         TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'in_progress', 'blocked', 'completed', 'cancelled')),
    owner_agent     TEXT,
    owner_session   TEXT,
    origin          TEXT NOT NULL,
    origin_ref      TEXT,
    parent_id       INTEGER REFERENCES tasks(id),
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    started_at      TEXT,
    ended_at        TEXT
);
CREATE INDEX idx_tasks_status ON tasks(project, status, updated_at DESC);
CREATE UNIQUE INDEX idx_tasks_origin ON tasks(project, origin, origin_ref) WHERE origin_ref IS NOT NULL;
CREATE INDEX idx_tasks_parent ON tasks(parent_id) WHERE parent_id IS NOT NULL;

-- What was said about a task as it went: a person's or an agent's note, the reason it was blocked. Never edited.
CREATE TABLE task_notes (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    task_id         INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('note', 'blocked', 'completed', 'cancelled')),
    text            TEXT NOT NULL CHECK (length(text) >= 1),
    author          TEXT,
    created_at      TEXT NOT NULL
);
CREATE INDEX idx_task_notes_task ON task_notes(task_id, id);
