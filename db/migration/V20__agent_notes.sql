-- The agents' own notes and plans, mirrored (issue 28): Claude Code's auto-memory files and plan files, Codex's
-- memory files. Each file is one memory of the new kind 'note'; this table ties it to the file it mirrors, so a sync
-- updates that memory when the file changes (content_hash) and marks it gone (the memory is forgotten with reason
-- 'gone', never deleted) when the file is deleted. eagle-mem only reads those files: docs/agent-notes.md.
--
-- The kind: SQLite cannot alter a CHECK constraint, and rebuilding memories would drop and re-create its full-text
-- indexes, triggers and the foreign keys that point at it. Widening the IN list changes no stored row, which is the
-- case SQLite documents as safe to make by editing the schema text (https://sqlite.org/lang_altertable.html, "making
-- other kinds of table schema changes"). RESET turns the flag off and makes this connection re-read the schema; the
-- CREATE TABLE below bumps the schema cookie, so every other connection re-reads it too.
PRAGMA writable_schema = ON;
UPDATE sqlite_master SET sql = replace(sql, '''feedback'', ''fact''))', '''feedback'', ''fact'', ''note''))')
    WHERE type = 'table' AND name = 'memories';
PRAGMA writable_schema = RESET;

CREATE TABLE agent_notes (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    project      TEXT NOT NULL REFERENCES projects(key),
    origin       TEXT NOT NULL CHECK (origin IN ('claude-code:auto-memory', 'claude-code:plan', 'codex:memory')),
    path         TEXT NOT NULL,
    memory_id    INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    content_hash TEXT NOT NULL,
    synced_at    TEXT NOT NULL,
    gone_at      TEXT,
    UNIQUE (project, path)
);
CREATE INDEX idx_agent_notes_memory ON agent_notes(memory_id);
