-- eagle-mem baseline schema.
-- Timestamps are UTC ISO-8601 text with milliseconds (2026-11-22T15:48:03.123Z): they sort as text and
-- read well in sqlite3. Foreign keys are enforced (every connection sets foreign_keys=ON).
-- FTS5 tables are external-content indexes kept in sync by triggers; the UPDATE triggers fire only
-- when an indexed column changes so bookkeeping updates (counters, timestamps) do not churn the index.

CREATE TABLE projects (
    key           TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200),
    root_path     TEXT,
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_seen_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE sessions (
    id                TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 128),
    project           TEXT NOT NULL REFERENCES projects(key),
    agent             TEXT NOT NULL,
    cwd               TEXT,
    model             TEXT,
    source            TEXT,
    status            TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'abandoned')),
    started_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ended_at          TEXT,
    last_activity_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX idx_sessions_project ON sessions(project, started_at DESC);
CREATE INDEX idx_sessions_status ON sessions(status, last_activity_at);

-- One row per tool call. Commands are normalized and redacted; file contents are never stored.
CREATE TABLE observations (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id      TEXT NOT NULL REFERENCES sessions(id),
    project         TEXT NOT NULL REFERENCES projects(key),
    agent           TEXT NOT NULL,
    tool_name       TEXT NOT NULL,
    command         TEXT,
    category        TEXT,
    files_read      TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(files_read)),
    files_modified  TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(files_modified)),
    exit_status     INTEGER,
    output_bytes    INTEGER,
    output_lines    INTEGER,
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX idx_observations_session ON observations(session_id, created_at);
CREATE INDEX idx_observations_project ON observations(project, created_at);

CREATE TRIGGER observations_touch_session AFTER INSERT ON observations BEGIN
    UPDATE sessions SET last_activity_at = NEW.created_at WHERE id = NEW.session_id;
END;

-- One summary per session. capture_source records who wrote it: 'agent' (eagle-mem session save) is
-- authoritative; automatic capture ('hook', 'enrich') may only fill fields that are still empty.
CREATE TABLE summaries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id      TEXT NOT NULL UNIQUE REFERENCES sessions(id),
    project         TEXT NOT NULL REFERENCES projects(key),
    agent           TEXT NOT NULL,
    request         TEXT,
    investigated    TEXT,
    learned         TEXT,
    completed       TEXT,
    decisions       TEXT,
    gotchas         TEXT,
    next_steps      TEXT,
    notes           TEXT,
    key_files       TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(key_files)),
    files_read      TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(files_read)),
    files_modified  TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(files_modified)),
    capture_source  TEXT NOT NULL CHECK (capture_source IN ('agent', 'manual', 'hook', 'enrich')),
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX idx_summaries_project ON summaries(project, updated_at DESC);

CREATE VIRTUAL TABLE summaries_fts USING fts5(
    request, investigated, learned, completed, decisions, gotchas, next_steps, key_files,
    content = 'summaries', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER summaries_ai AFTER INSERT ON summaries BEGIN
    INSERT INTO summaries_fts(rowid, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files)
    VALUES (NEW.id, NEW.request, NEW.investigated, NEW.learned, NEW.completed, NEW.decisions, NEW.gotchas, NEW.next_steps, NEW.key_files);
END;
CREATE TRIGGER summaries_ad AFTER DELETE ON summaries BEGIN
    INSERT INTO summaries_fts(summaries_fts, rowid, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files)
    VALUES ('delete', OLD.id, OLD.request, OLD.investigated, OLD.learned, OLD.completed, OLD.decisions, OLD.gotchas, OLD.next_steps, OLD.key_files);
END;
CREATE TRIGGER summaries_au AFTER UPDATE OF request, investigated, learned, completed, decisions, gotchas, next_steps, key_files ON summaries BEGIN
    INSERT INTO summaries_fts(summaries_fts, rowid, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files)
    VALUES ('delete', OLD.id, OLD.request, OLD.investigated, OLD.learned, OLD.completed, OLD.decisions, OLD.gotchas, OLD.next_steps, OLD.key_files);
    INSERT INTO summaries_fts(rowid, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files)
    VALUES (NEW.id, NEW.request, NEW.investigated, NEW.learned, NEW.completed, NEW.decisions, NEW.gotchas, NEW.next_steps, NEW.key_files);
END;

-- Typed memories. 'feedback' carries situation/behavior/impact/action and 'fact' carries
-- situation/subject/predicate/object; for both, content holds the rendered text that FTS indexes.
-- topic_key turns an add into an upsert (revision_count counts revisions); normalized_hash catches
-- re-adds of the same content (duplicate_count). Personal memories follow the user across projects.
CREATE TABLE memories (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    project          TEXT REFERENCES projects(key),
    scope            TEXT NOT NULL DEFAULT 'project' CHECK (scope IN ('project', 'personal')),
    kind             TEXT NOT NULL CHECK (kind IN ('decision', 'gotcha', 'pattern', 'preference', 'discovery',
                                                   'friction', 'context', 'feedback', 'fact')),
    title            TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
    content          TEXT NOT NULL CHECK (length(content) >= 1),
    situation        TEXT,
    behavior         TEXT,
    impact           TEXT,
    action           TEXT,
    subject          TEXT,
    predicate        TEXT,
    object           TEXT,
    topic_key        TEXT,
    files            TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(files)),
    normalized_hash  TEXT NOT NULL,
    revision_count   INTEGER NOT NULL DEFAULT 1,
    duplicate_count  INTEGER NOT NULL DEFAULT 0,
    source_agent     TEXT NOT NULL,
    session_id       TEXT REFERENCES sessions(id),
    superseded_by    INTEGER REFERENCES memories(id),
    created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_seen_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    deleted_at       TEXT,
    delete_reason    TEXT,
    CHECK (scope = 'personal' OR project IS NOT NULL),
    CHECK (kind <> 'feedback' OR (situation IS NOT NULL AND behavior IS NOT NULL AND impact IS NOT NULL AND action IS NOT NULL)),
    CHECK (kind <> 'fact' OR (situation IS NOT NULL AND subject IS NOT NULL AND predicate IS NOT NULL AND object IS NOT NULL))
);
CREATE INDEX idx_memories_project ON memories(project, kind, updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX idx_memories_personal ON memories(scope, updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX idx_memories_hash ON memories(normalized_hash) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX idx_memories_topic ON memories(scope, COALESCE(project, ''), topic_key)
    WHERE topic_key IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX idx_memories_fact ON memories(lower(subject), lower(predicate)) WHERE kind = 'fact' AND deleted_at IS NULL;

CREATE VIRTUAL TABLE memories_fts USING fts5(
    title, content, topic_key,
    content = 'memories', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts(rowid, title, content, topic_key) VALUES (NEW.id, NEW.title, NEW.content, NEW.topic_key);
END;
CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, title, content, topic_key) VALUES ('delete', OLD.id, OLD.title, OLD.content, OLD.topic_key);
END;
CREATE TRIGGER memories_au AFTER UPDATE OF title, content, topic_key ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, title, content, topic_key) VALUES ('delete', OLD.id, OLD.title, OLD.content, OLD.topic_key);
    INSERT INTO memories_fts(rowid, title, content, topic_key) VALUES (NEW.id, NEW.title, NEW.content, NEW.topic_key);
END;

CREATE TABLE user_prompts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  TEXT NOT NULL REFERENCES sessions(id),
    project     TEXT NOT NULL REFERENCES projects(key),
    agent       TEXT NOT NULL,
    prompt      TEXT NOT NULL,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX idx_user_prompts_project ON user_prompts(project, created_at DESC);
CREATE INDEX idx_user_prompts_session ON user_prompts(session_id, created_at);

CREATE VIRTUAL TABLE user_prompts_fts USING fts5(
    prompt, content = 'user_prompts', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER user_prompts_ai AFTER INSERT ON user_prompts BEGIN
    INSERT INTO user_prompts_fts(rowid, prompt) VALUES (NEW.id, NEW.prompt);
END;
CREATE TRIGGER user_prompts_ad AFTER DELETE ON user_prompts BEGIN
    INSERT INTO user_prompts_fts(user_prompts_fts, rowid, prompt) VALUES ('delete', OLD.id, OLD.prompt);
END;
CREATE TRIGGER user_prompts_au AFTER UPDATE OF prompt ON user_prompts BEGIN
    INSERT INTO user_prompts_fts(user_prompts_fts, rowid, prompt) VALUES ('delete', OLD.id, OLD.prompt);
    INSERT INTO user_prompts_fts(rowid, prompt) VALUES (NEW.id, NEW.prompt);
END;

CREATE TABLE overviews (
    project     TEXT PRIMARY KEY REFERENCES projects(key),
    content     TEXT NOT NULL CHECK (length(content) BETWEEN 1 AND 16384),
    source      TEXT NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'scan')),
    updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Observability: what eagle-mem did and why (memory writes, hook runs, failures that were surfaced).
CREATE TABLE events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    project     TEXT,
    session_id  TEXT,
    agent       TEXT,
    event_type  TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'error', 'skipped')),
    detail      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail)),
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX idx_events_project ON events(project, created_at DESC);
CREATE INDEX idx_events_type ON events(event_type, created_at DESC);
