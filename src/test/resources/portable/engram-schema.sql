-- engram's database as of Gentleman-Programming/engram 1f46479 (2026-02-28), written for this test from the documented
-- facts of its schema (internal/store/store.go: tables, columns, types, defaults, keys); our own DDL. Times are SQLite's
-- datetime('now'): 'YYYY-MM-DD HH:MM:SS' in UTC. Full-text tables are external-content FTS5 indexes fed by triggers.
CREATE TABLE sessions (id TEXT PRIMARY KEY, project TEXT NOT NULL, directory TEXT NOT NULL,
    started_at TEXT NOT NULL DEFAULT (datetime('now')), ended_at TEXT, summary TEXT);
CREATE TABLE observations (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id),
    type TEXT NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL, tool_name TEXT, project TEXT,
    scope TEXT NOT NULL DEFAULT 'project', topic_key TEXT, normalized_hash TEXT, revision_count INTEGER NOT NULL DEFAULT 1,
    duplicate_count INTEGER NOT NULL DEFAULT 1, last_seen_at TEXT, created_at TEXT NOT NULL DEFAULT (datetime('now')),
    updated_at TEXT NOT NULL DEFAULT (datetime('now')), deleted_at TEXT);
CREATE VIRTUAL TABLE observations_fts USING fts5(title, content, tool_name, type, project, content = 'observations',
    content_rowid = 'id');
CREATE TRIGGER obs_fts_insert AFTER INSERT ON observations BEGIN INSERT INTO observations_fts(rowid, title, content, tool_name, type, project) VALUES (new.id, new.title, new.content, new.tool_name, new.type, new.project); END;
CREATE TABLE user_prompts (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id),
    content TEXT NOT NULL, project TEXT, created_at TEXT NOT NULL DEFAULT (datetime('now')));
CREATE VIRTUAL TABLE prompts_fts USING fts5(content, project, content = 'user_prompts', content_rowid = 'id');
CREATE TRIGGER prompt_fts_insert AFTER INSERT ON user_prompts BEGIN INSERT INTO prompts_fts(rowid, content, project) VALUES (new.id, new.content, new.project); END;
CREATE TABLE sync_chunks (chunk_id TEXT PRIMARY KEY, imported_at TEXT NOT NULL DEFAULT (datetime('now')));
