-- The original bash Eagle Mem's final schema (after its migrations 001-045), written for this test from the
-- documented facts of that schema (docs: ../shared/reference/eagle-mem-behaviour.md §7.2): tables, columns,
-- types, defaults and keys. Only what the importer reads, plus tables it must count as not imported.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY, project TEXT NOT NULL, cwd TEXT, model TEXT, source TEXT,
    started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')), ended_at TEXT,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','completed','abandoned')),
    last_activity_at TEXT, agent TEXT NOT NULL DEFAULT 'claude-code');
CREATE TABLE observations (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id), project TEXT NOT NULL,
    tool_name TEXT NOT NULL, tool_input_summary TEXT, files_read TEXT DEFAULT '[]', files_modified TEXT DEFAULT '[]',
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')), output_bytes INTEGER, output_lines INTEGER,
    command_category TEXT, agent TEXT NOT NULL DEFAULT 'claude-code');
CREATE TABLE summaries (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL UNIQUE REFERENCES sessions(id), project TEXT NOT NULL,
    request TEXT, investigated TEXT, learned TEXT, completed TEXT, next_steps TEXT, files_read TEXT DEFAULT '[]',
    files_modified TEXT DEFAULT '[]', notes TEXT, created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    decisions TEXT, gotchas TEXT, key_files TEXT, agent TEXT NOT NULL DEFAULT 'claude-code',
    capture_source TEXT NOT NULL DEFAULT '');
CREATE TABLE overviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT, project TEXT NOT NULL UNIQUE, content TEXT NOT NULL, updated_at TEXT,
    source TEXT NOT NULL DEFAULT 'manual');
CREATE TABLE agent_memories (
    id INTEGER PRIMARY KEY AUTOINCREMENT, project TEXT NOT NULL, file_path TEXT NOT NULL UNIQUE, memory_name TEXT,
    description TEXT, memory_type TEXT, content TEXT, content_hash TEXT, origin_session_id TEXT, captured_at TEXT,
    updated_at TEXT, origin_agent TEXT NOT NULL DEFAULT 'claude-code');
CREATE TABLE agent_tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT, project TEXT NOT NULL DEFAULT '', source_session_id TEXT NOT NULL,
    source_task_id TEXT NOT NULL, file_path TEXT UNIQUE, subject TEXT, description TEXT, active_form TEXT,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','in_progress','completed','cancelled')),
    blocks TEXT DEFAULT '[]', blocked_by TEXT DEFAULT '[]', content_hash TEXT, captured_at TEXT, updated_at TEXT,
    origin_agent TEXT);
CREATE TABLE features (
    id INTEGER PRIMARY KEY, project TEXT NOT NULL, name TEXT NOT NULL, description TEXT,
    status TEXT DEFAULT 'active' CHECK (status IN ('active','archived','deprecated')), last_verified_at TEXT,
    last_verified_notes TEXT, created_at TEXT, updated_at TEXT, UNIQUE (project, name));
CREATE TABLE feature_dependencies (
    id INTEGER PRIMARY KEY, feature_id INTEGER NOT NULL REFERENCES features(id) ON DELETE CASCADE, kind TEXT NOT NULL,
    target TEXT NOT NULL, name TEXT NOT NULL, notes TEXT, UNIQUE (feature_id, kind, target, name));
CREATE TABLE feature_files (
    id INTEGER PRIMARY KEY, feature_id INTEGER REFERENCES features(id) ON DELETE CASCADE, file_path TEXT NOT NULL, role TEXT,
    UNIQUE (feature_id, file_path));
CREATE TABLE feature_smoke_tests (
    id INTEGER PRIMARY KEY, feature_id INTEGER REFERENCES features(id) ON DELETE CASCADE, command TEXT NOT NULL,
    description TEXT, UNIQUE (feature_id, command));
CREATE TABLE pending_feature_verifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT, project TEXT NOT NULL, feature_id INTEGER NOT NULL REFERENCES features(id),
    feature_name TEXT NOT NULL, file_path TEXT NOT NULL DEFAULT '', reason TEXT NOT NULL DEFAULT '', source_session_id TEXT,
    trigger_tool TEXT, status TEXT NOT NULL DEFAULT 'pending', created_at TEXT, updated_at TEXT, resolved_at TEXT, notes TEXT,
    change_fingerprint TEXT NOT NULL DEFAULT '');
CREATE TABLE guardrails (
    id INTEGER PRIMARY KEY AUTOINCREMENT, project TEXT NOT NULL, file_pattern TEXT NOT NULL DEFAULT '', rule TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT 'manual', active INTEGER NOT NULL DEFAULT 1, created_at TEXT, updated_at TEXT);
CREATE UNIQUE INDEX idx_guardrails_dedup ON guardrails(project, COALESCE(file_pattern, ''), rule);
CREATE TABLE eagle_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT, project TEXT, session_id TEXT, agent TEXT, event_type TEXT NOT NULL, command TEXT,
    hook_event_name TEXT, status TEXT NOT NULL DEFAULT 'ok', detail_json TEXT NOT NULL DEFAULT '{}', created_at TEXT);
