-- Search cues of a memory (issue 11): what a developer who runs into the problem a memory answers would type, written
-- by the configured model (the cue-memories job) from the memory alone, or by the agent (memories add --cue). People
-- describe the symptom ("the weekly report went out twice"), memories name the cause ("cron runs in local time: DST
-- fires jobs twice"), and a small embedding model does not bridge the two; each cue is embedded, and a prompt's
-- similarity to a memory is the better of the memory's own vector and the mean of its cues'. One row per memory:
-- source_at is the memory's updated_at the cues were written from (an edited memory is asked about again, and recall
-- ignores cues of an older text); cues is a JSON array of strings ([] when the model's answer was unusable, so it is
-- not asked again until the memory changes). job_id, provider and model attribute the row (provider = the agent and
-- model = 'written' for an agent's cues; provider = 'person' once taken back; `eagle-mem memories cues ID` shows it,
-- `--clear` takes them back). The
-- vectors (vector_model, vectors: the cues' float32 vectors one after another, little-endian, L2-normalised) are
-- written by the embed job like the memories' own. Derived data: export leaves it out, a new model rewrites it.
CREATE TABLE memory_cues (
    memory_id     INTEGER PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
    source_at     TEXT NOT NULL,
    cues          TEXT NOT NULL CHECK (json_valid(cues) AND json_type(cues) = 'array'),
    job_id        INTEGER,
    provider      TEXT NOT NULL CHECK (length(provider) BETWEEN 1 AND 64),
    model         TEXT NOT NULL CHECK (length(model) BETWEEN 1 AND 200),
    created_at    TEXT NOT NULL,
    vector_model  TEXT,
    dimensions    INTEGER CHECK (dimensions IS NULL OR dimensions > 0),
    vectors       BLOB CHECK (vectors IS NULL OR length(vectors) % (4 * dimensions) = 0)
);
CREATE INDEX idx_memory_cues_vector_model ON memory_cues(vector_model);
-- serve's vector cache asks for the newest created_at before each prompt: cues written or taken back by another
-- process (the CLI) are seen at once
CREATE INDEX idx_memory_cues_created ON memory_cues(created_at);
