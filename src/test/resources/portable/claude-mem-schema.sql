-- claude-mem's database (its schema after migration 35), written for this test from the documented facts of that
-- schema (thedotmack/claude-mem, src/services/sqlite: tables, columns, types, keys); our own DDL, only the tables
-- the importer reads or counts.
CREATE TABLE sdk_sessions (id INTEGER PRIMARY KEY AUTOINCREMENT, content_session_id TEXT UNIQUE NOT NULL,
    memory_session_id TEXT UNIQUE, project TEXT NOT NULL, platform_source TEXT NOT NULL DEFAULT 'claude', user_prompt TEXT,
    started_at TEXT NOT NULL, started_at_epoch INTEGER NOT NULL, completed_at TEXT, completed_at_epoch INTEGER,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'failed')), worker_port INTEGER,
    prompt_counter INTEGER DEFAULT 0, custom_title TEXT);
CREATE TABLE observations (id INTEGER PRIMARY KEY AUTOINCREMENT, memory_session_id TEXT NOT NULL REFERENCES sdk_sessions(memory_session_id),
    project TEXT NOT NULL, text TEXT, type TEXT NOT NULL, title TEXT, subtitle TEXT, facts TEXT, narrative TEXT, concepts TEXT,
    files_read TEXT, files_modified TEXT, prompt_number INTEGER, discovery_tokens INTEGER DEFAULT 0, content_hash TEXT,
    agent_type TEXT, agent_id TEXT, merged_into_project TEXT, generated_by_model TEXT, metadata TEXT, created_at TEXT NOT NULL,
    created_at_epoch INTEGER NOT NULL, UNIQUE (memory_session_id, content_hash));
CREATE TABLE session_summaries (id INTEGER PRIMARY KEY AUTOINCREMENT, memory_session_id TEXT NOT NULL, project TEXT NOT NULL,
    request TEXT, investigated TEXT, learned TEXT, completed TEXT, next_steps TEXT, files_read TEXT, files_edited TEXT, notes TEXT,
    prompt_number INTEGER, discovery_tokens INTEGER DEFAULT 0, merged_into_project TEXT, created_at TEXT NOT NULL,
    created_at_epoch INTEGER NOT NULL);
CREATE TABLE user_prompts (id INTEGER PRIMARY KEY AUTOINCREMENT, content_session_id TEXT NOT NULL, prompt_number INTEGER NOT NULL,
    prompt_text TEXT NOT NULL, created_at TEXT NOT NULL, created_at_epoch INTEGER NOT NULL);
CREATE TABLE pending_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_db_id INTEGER NOT NULL, content_session_id TEXT NOT NULL,
    tool_use_id TEXT, message_type TEXT NOT NULL, tool_name TEXT, tool_input TEXT, tool_response TEXT, cwd TEXT,
    status TEXT NOT NULL DEFAULT 'pending', created_at_epoch INTEGER NOT NULL);
CREATE TABLE directives (id INTEGER PRIMARY KEY AUTOINCREMENT, scope TEXT NOT NULL DEFAULT 'global', project TEXT,
    content TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'active', source TEXT NOT NULL DEFAULT 'manual', created_at TEXT NOT NULL,
    created_at_epoch INTEGER NOT NULL, updated_at_epoch INTEGER NOT NULL);
