-- Sentence embeddings of memories and summaries for semantic recall (issue 11). serve's embed job computes them
-- in the background from the record's text; hooks never wait for one. One row per record and model: a new model
-- gets its own rows (and the old model's are deleted by the job once the new ones exist), so switching models
-- never mixes vector spaces. source_at is the record's updated_at when it was embedded: a record edited since is
-- embedded again. vector: little-endian float32, L2-normalised, so a dot product is the cosine similarity.
CREATE TABLE embeddings (
    record_kind  TEXT NOT NULL CHECK (record_kind IN ('memory', 'summary')),
    record_id    INTEGER NOT NULL,
    model        TEXT NOT NULL,
    source_at    TEXT NOT NULL,
    dimensions   INTEGER NOT NULL CHECK (dimensions > 0),
    vector       BLOB NOT NULL CHECK (length(vector) = 4 * dimensions),
    created_at   TEXT NOT NULL,
    PRIMARY KEY (record_kind, record_id, model)
) WITHOUT ROWID;
CREATE INDEX idx_embeddings_model ON embeddings(model, record_kind);
