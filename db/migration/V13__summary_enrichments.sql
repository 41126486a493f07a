-- What a model changed in a session summary (enrich-summary with a provider), so every model-made change is
-- attributable and reversible: the job that asked, the provider and model that answered, and for each field it
-- changed the value before and after (`changes`: [{field, before, after}], before/after a text, null, or a list of
-- paths for key_files). `eagle-mem session show` names the fields a model wrote; `eagle-mem session unenrich`
-- restores the before values (refused when a field changed since, unless --keep-changed) and sets undone_at; the
-- row stays as the trail. source_before is the summary's capture_source before the model wrote (null: the model
-- created the summary). The model-free activity digest is not recorded here: it is recomputed from the tool calls.
CREATE TABLE summary_enrichments (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id     TEXT NOT NULL REFERENCES sessions(id),
    project        TEXT NOT NULL,
    job_id         INTEGER,
    source         TEXT NOT NULL DEFAULT 'enrich' CHECK (source IN ('enrich')),
    provider       TEXT NOT NULL CHECK (length(provider) BETWEEN 1 AND 64),
    model          TEXT NOT NULL CHECK (length(model) BETWEEN 1 AND 200),
    source_before  TEXT CHECK (source_before IS NULL OR source_before IN ('agent', 'manual', 'hook', 'enrich')),
    changes        TEXT NOT NULL CHECK (json_valid(changes) AND json_type(changes) = 'array'),
    created_at     TEXT NOT NULL,
    undone_at      TEXT,
    kept           TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(kept))
);
CREATE INDEX idx_summary_enrichments_session ON summary_enrichments(session_id, id);
