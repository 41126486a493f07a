-- Features and their verification gate, plus manual per-file guard rules.
--
-- Retention: nothing here is ever pruned. PruneJob deletes only old observations and finished jobs
-- (ObservationStore.prune, JobStore.deleteFinished); pending verifications are the release gate's
-- state and their history is an audit trail, so deleting them by age would silently unblock a push.
-- Features are archived, never deleted, so the foreign keys below need no cascade.

CREATE TABLE features (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    project              TEXT NOT NULL REFERENCES projects(key),
    name                 TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    description          TEXT NOT NULL DEFAULT '',
    status               TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    last_verified_at     TEXT,
    last_verified_notes  TEXT,
    created_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    archived_at          TEXT
);
-- A name is unique among a project's active features; archiving frees it for a new feature.
CREATE UNIQUE INDEX idx_features_active_name ON features(project, name) WHERE status = 'active';
CREATE INDEX idx_features_project ON features(project, status, name);

-- Paths or globs relative to the project root (matching rules: dev.eaglemem.feature.FeatureMatcher).
CREATE TABLE feature_files (
    feature_id  INTEGER NOT NULL REFERENCES features(id),
    pattern     TEXT NOT NULL CHECK (length(pattern) BETWEEN 1 AND 1000),
    PRIMARY KEY (feature_id, pattern)
);

-- Dependencies are names, not ids: a feature may name one that is registered later, and names are what
-- people type and read; show resolves them against the active features.
CREATE TABLE feature_dependencies (
    feature_id  INTEGER NOT NULL REFERENCES features(id),
    depends_on  TEXT NOT NULL CHECK (length(depends_on) BETWEEN 1 AND 100),
    PRIMARY KEY (feature_id, depends_on)
);

-- Smoke tests run in order (ord), each through sh -c in the project root.
CREATE TABLE feature_smoke_tests (
    feature_id  INTEGER NOT NULL REFERENCES features(id),
    ord         INTEGER NOT NULL CHECK (ord >= 0),
    command     TEXT NOT NULL CHECK (length(command) BETWEEN 1 AND 4000),
    PRIMARY KEY (feature_id, ord)
);

-- One row per (feature, file, state) that needs verification. fingerprint hashes the file path, its
-- blob at the diff base (base_blob) and its blob in the working tree (final_blob). A verification or
-- waiver covers exactly the content it was given for (final_blob): a later edit is a new row, while a
-- commit of the verified content (which moves only the base) is still covered. At most one open row per
-- feature and file: a newer state marks the older open rows 'superseded'.
CREATE TABLE feature_pending (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    project      TEXT NOT NULL REFERENCES projects(key),
    feature_id   INTEGER NOT NULL REFERENCES features(id),
    file         TEXT NOT NULL CHECK (length(file) BETWEEN 1 AND 4096),
    base_blob    TEXT NOT NULL,
    final_blob   TEXT NOT NULL,
    fingerprint  TEXT NOT NULL CHECK (length(fingerprint) = 64),
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'waived', 'superseded')),
    reason       TEXT NOT NULL DEFAULT '',
    notes        TEXT,
    source       TEXT NOT NULL CHECK (source IN ('post_tool_use', 'stop', 'release', 'cli')),
    session_id   TEXT,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    resolved_at  TEXT,
    CHECK ((status = 'pending') = (resolved_at IS NULL)),
    CHECK (status <> 'waived' OR length(trim(COALESCE(notes, ''))) > 0)
);
CREATE UNIQUE INDEX idx_feature_pending_open ON feature_pending(feature_id, file) WHERE status = 'pending';
CREATE INDEX idx_feature_pending_project ON feature_pending(project, status, file);
CREATE INDEX idx_feature_pending_state ON feature_pending(feature_id, file, final_blob, status);

-- Every verification: by hand (verify --notes) or by feature run (commands with exit codes and
-- durations as a JSON array). A failed run is recorded too (outcome 'failed'); it resolves nothing.
CREATE TABLE feature_verifications (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    feature_id   INTEGER NOT NULL REFERENCES features(id),
    outcome      TEXT NOT NULL CHECK (outcome IN ('verified', 'failed')),
    notes        TEXT NOT NULL DEFAULT '',
    commands     TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(commands)),
    resolved     INTEGER NOT NULL DEFAULT 0 CHECK (resolved >= 0),
    verified_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX idx_feature_verifications_feature ON feature_verifications(feature_id, verified_at DESC);

-- Manual rules shown before an edit of a matching file ("Do not revert without asking"). Soft-deleted so
-- that a removed rule can be looked up by id afterwards.
CREATE TABLE guard_rules (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    project     TEXT NOT NULL REFERENCES projects(key),
    pattern     TEXT NOT NULL CHECK (length(pattern) BETWEEN 1 AND 1000),
    rule        TEXT NOT NULL CHECK (length(rule) BETWEEN 1 AND 2048),
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    deleted_at  TEXT
);
CREATE UNIQUE INDEX idx_guard_rules_live ON guard_rules(project, pattern, rule) WHERE deleted_at IS NULL;
CREATE INDEX idx_guard_rules_project ON guard_rules(project, deleted_at);
