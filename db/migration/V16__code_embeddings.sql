-- Code chunks get vectors too (issue 11: "vectors for memories and summaries, and code chunks once the index exists"):
-- serve's embed job embeds each chunk of the code index (V9) after the memories, summaries and cues, and prompt recall
-- brings a chunk close in meaning when the prompt's words find none. SQLite cannot widen a CHECK, so the table is
-- built again with 'code' allowed and its rows copied. For a chunk, source_at is its file's content_hash and start line:
-- a re-indexed file's chunks are new rows (ids may be reused), and a vector whose source_at no longer matches is
-- computed again. Vectors of chunks that are gone are removed by the job's sweep.
CREATE TABLE embeddings_v16 (
    record_kind  TEXT NOT NULL CHECK (record_kind IN ('memory', 'summary', 'code')),
    record_id    INTEGER NOT NULL,
    model        TEXT NOT NULL,
    source_at    TEXT NOT NULL,
    dimensions   INTEGER NOT NULL CHECK (dimensions > 0),
    vector       BLOB NOT NULL CHECK (length(vector) = 4 * dimensions),
    created_at   TEXT NOT NULL,
    PRIMARY KEY (record_kind, record_id, model)
) WITHOUT ROWID;
INSERT INTO embeddings_v16 (record_kind, record_id, model, source_at, dimensions, vector, created_at)
    SELECT record_kind, record_id, model, source_at, dimensions, vector, created_at FROM embeddings;
DROP TABLE embeddings;
ALTER TABLE embeddings_v16 RENAME TO embeddings;
CREATE INDEX idx_embeddings_model ON embeddings(model, record_kind);
