-- Anchors (issue 26): what a memory or a session summary was written against, so that recall can say when the code
-- moved on. One anchor per record, replaced when the record is written again, updated or confirmed.
-- commit_id: the working tree's HEAD at that moment (null in a repository without a commit yet). A record written
-- outside git has no anchor and is never called stale. verdict: what the re-verification job concluded with a model
-- ('contradicted', with the model's one-line reason); never set without one, cleared by a confirm.
CREATE TABLE anchors (
    id              INTEGER PRIMARY KEY,
    record_kind     TEXT NOT NULL CHECK (record_kind IN ('memory', 'summary')),
    record_id       INTEGER NOT NULL,
    project         TEXT NOT NULL,
    commit_id       TEXT,
    anchored_at     TEXT NOT NULL,
    how             TEXT NOT NULL CHECK (how IN ('written', 'updated', 'confirmed', 'reverified')),
    verdict         TEXT CHECK (verdict IN ('contradicted')),
    verdict_reason  TEXT,
    verdict_by      TEXT,
    verdict_at      TEXT,
    UNIQUE (record_kind, record_id)
);
CREATE INDEX idx_anchors_project ON anchors(project, record_kind);

-- What an anchor holds on to: each file the record names, by the git blob id of its content then (of the working
-- file, dirty or not), and each declaration it names in that file, by a hash of the declaration's text. path follows
-- a rename (moved_from keeps the name it was written against). named_as: the name the record itself uses for a file
-- the anchor followed through a rename before it was anchored again (a confirm, an update), so that the file stays
-- watched while the record still names it by its old name. The seen_* columns are what serve last learnt from git
-- about the target while HEAD was seen_head: hooks that run without serve read them and never run git themselves.
-- reviewed_blob: the file content the re-verification job looked at and could not decide about (it does not look again
-- until the file changes once more).
CREATE TABLE anchor_targets (
    anchor_id       INTEGER NOT NULL REFERENCES anchors(id) ON DELETE CASCADE,
    path            TEXT NOT NULL,
    blob            TEXT NOT NULL,
    decl            TEXT,
    decl_hash       TEXT,
    moved_from      TEXT,
    named_as        TEXT,
    seen_head       TEXT,
    seen_commits    INTEGER,
    seen_newest     TEXT,
    seen_subject    TEXT,
    seen_deleted    INTEGER NOT NULL DEFAULT 0,
    reviewed_blob   TEXT
);
CREATE INDEX idx_anchor_targets_anchor ON anchor_targets(anchor_id);
