-- Curation (issue 13): what the curator learns from a project's history. The curator PROPOSES; a person accepts
-- (eagle-mem curate accept), and every accepted change names its proposal and job and can be undone. Nothing here
-- is ever deleted by the curator: rules are soft-deleted, memories are superseded (restorable), features archived.

-- One row per proposal. fingerprint identifies the proposal's substance (kind + the ids or text it is about), so a
-- later run that comes to the same conclusion adds nothing: a pending one is not proposed twice, and a rejected or
-- undone one is never proposed again. applied records what accepting created (ids), which is what undo reverses.
CREATE TABLE curation_proposals (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    project      TEXT NOT NULL REFERENCES projects(key),
    kind         TEXT NOT NULL CHECK (kind IN ('promote_gotcha', 'supersede', 'consolidate', 'command_rule', 'feature')),
    fingerprint  TEXT NOT NULL CHECK (length(fingerprint) = 64),
    payload      TEXT NOT NULL CHECK (json_valid(payload)),
    summary      TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 500),
    evidence     TEXT NOT NULL DEFAULT '',
    status       TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'rejected', 'reverted')),
    source       TEXT NOT NULL DEFAULT 'curator' CHECK (source IN ('curator')),
    job_id       INTEGER,
    applied      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(applied)),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    decided_at   TEXT,
    CHECK ((status = 'proposed') = (decided_at IS NULL))
);
CREATE UNIQUE INDEX idx_curation_proposals_once ON curation_proposals(project, kind, fingerprint);
CREATE INDEX idx_curation_proposals_project ON curation_proposals(project, status, id);

-- Learned shell command rules the token guard reads (see dev.eaglemem.tokenguard.TokenGuard): a command line whose
-- first words are pattern is treated as noisy. strategy rtk: route it through rtk like the built-in noisy commands
-- (rtk stays the executor; output is never cut with | head); advise: leave it alone and tell the agent it is
-- typically max_lines+ lines long. Only rows that exist are used: the curator's rules arrive through an accepted
-- proposal (proposal_id), never straight from a model answer.
CREATE TABLE command_rules (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    project      TEXT NOT NULL REFERENCES projects(key),
    pattern      TEXT NOT NULL CHECK (length(pattern) BETWEEN 2 AND 200),
    strategy     TEXT NOT NULL CHECK (strategy IN ('rtk', 'advise')),
    max_lines    INTEGER CHECK (max_lines IS NULL OR max_lines > 0),
    reason       TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
    source       TEXT NOT NULL DEFAULT 'user' CHECK (source IN ('user', 'curator')),
    job_id       INTEGER,
    proposal_id  INTEGER REFERENCES curation_proposals(id),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    deleted_at   TEXT
);
CREATE UNIQUE INDEX idx_command_rules_live ON command_rules(project, pattern) WHERE deleted_at IS NULL;

-- Cheap reads for hooks, recomputed by every curate run (pure SQL over observations): co_edit rows list the files
-- usually edited in the same session as path (partners, strongest first; score = sessions of the strongest pair);
-- hot_file rows are files read in many sessions (score = reads per session).
CREATE TABLE file_hints (
    project      TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('co_edit', 'hot_file')),
    path         TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 4096),
    partners     TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(partners)),
    score        REAL NOT NULL,
    computed_at  TEXT NOT NULL,
    PRIMARY KEY (project, kind, path)
) WITHOUT ROWID;

-- Guard rules say who wrote them: a person ('user', every existing row) or the curator through an accepted proposal.
ALTER TABLE guard_rules ADD COLUMN source TEXT NOT NULL DEFAULT 'user' CHECK (source IN ('user', 'curator'));
ALTER TABLE guard_rules ADD COLUMN job_id INTEGER;
ALTER TABLE guard_rules ADD COLUMN proposal_id INTEGER REFERENCES curation_proposals(id);
