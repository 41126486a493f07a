-- The code index (issue 12): a project's files chunked by their syntax, and the code graph. Written only by
-- `eagle-mem index` and serve's index job, one transaction per file, so an interrupted run leaves every file
-- either as it was or fully replaced. content_hash (SHA-256 of the file's bytes) makes a re-run skip unchanged
-- files; a file whose size and modification time (mtime_ms) are what they were is not even read again, as git's
-- index does (a touched file is hashed, and parsed only when its content changed); deleting a code_files row removes its chunks, nodes and edges (ON DELETE CASCADE).

CREATE TABLE code_files (
    id            INTEGER PRIMARY KEY,
    project       TEXT NOT NULL REFERENCES projects(key),
    path          TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 4096),
    language      TEXT NOT NULL,
    content_hash  TEXT NOT NULL,
    size_bytes    INTEGER NOT NULL,
    mtime_ms      INTEGER NOT NULL,
    lines         INTEGER NOT NULL,
    indexed_at    TEXT NOT NULL,
    UNIQUE (project, path)
);

-- text is redacted before it is stored. words: the chunk's identifiers split into words (retryCheckout →
-- retry checkout, MAX_RETRY_COUNT → max retry count) and its path's words, so a prompt in plain words finds
-- code whose names glue them together; the word tokenizer keeps an identifier whole.
CREATE TABLE code_chunks (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES code_files(id) ON DELETE CASCADE,
    project     TEXT NOT NULL,
    path        TEXT NOT NULL,
    start_line  INTEGER NOT NULL,
    end_line    INTEGER NOT NULL CHECK (end_line >= start_line),
    kind        TEXT NOT NULL,
    name        TEXT,
    words       TEXT NOT NULL,
    text        TEXT NOT NULL
);
CREATE INDEX idx_code_chunks_file ON code_chunks(file_id, start_line);
CREATE INDEX idx_code_chunks_project ON code_chunks(project);

CREATE VIRTUAL TABLE code_chunks_fts USING fts5(
    path, name, words, text,
    content = 'code_chunks', content_rowid = 'id', tokenize = 'porter unicode61'
);
CREATE TRIGGER code_chunks_ai AFTER INSERT ON code_chunks BEGIN
    INSERT INTO code_chunks_fts(rowid, path, name, words, text) VALUES (NEW.id, NEW.path, NEW.name, NEW.words, NEW.text);
END;
CREATE TRIGGER code_chunks_ad AFTER DELETE ON code_chunks BEGIN
    INSERT INTO code_chunks_fts(code_chunks_fts, rowid, path, name, words, text)
    VALUES ('delete', OLD.id, OLD.path, OLD.name, OLD.words, OLD.text);
END;
CREATE TRIGGER code_chunks_au AFTER UPDATE OF path, name, words, text ON code_chunks BEGIN
    INSERT INTO code_chunks_fts(code_chunks_fts, rowid, path, name, words, text)
    VALUES ('delete', OLD.id, OLD.path, OLD.name, OLD.words, OLD.text);
    INSERT INTO code_chunks_fts(rowid, path, name, words, text) VALUES (NEW.id, NEW.path, NEW.name, NEW.words, NEW.text);
END;

-- Graph nodes: the declarations of a file (the file itself is its code_files row). qualified is the name
-- other code uses with its container (Cart.total); name alone is what a call names.
CREATE TABLE code_symbols (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES code_files(id) ON DELETE CASCADE,
    project     TEXT NOT NULL,
    name        TEXT NOT NULL,
    qualified   TEXT NOT NULL,
    kind        TEXT NOT NULL,
    start_line  INTEGER NOT NULL,
    end_line    INTEGER NOT NULL
);
CREATE INDEX idx_code_symbols_file ON code_symbols(file_id);
CREATE INDEX idx_code_symbols_name ON code_symbols(project, name);
CREATE INDEX idx_code_symbols_qualified ON code_symbols(project, qualified);

-- Graph edges out of a file: 'imports' (target as written; to_path is the project file it resolves to, null
-- for a library or when it cannot be resolved) and 'calls' (target is the callee's name; from_symbol the
-- declaration the call sits in, null at top level). Calls are resolved to symbols by name when read, so an
-- edited callee never leaves a stale edge behind. 'declares' edges are the code_symbols rows themselves.
CREATE TABLE code_edges (
    file_id      INTEGER NOT NULL REFERENCES code_files(id) ON DELETE CASCADE,
    project      TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('imports', 'calls')),
    from_symbol  TEXT,
    target       TEXT NOT NULL,
    to_path      TEXT,
    line         INTEGER NOT NULL
);
CREATE INDEX idx_code_edges_file ON code_edges(file_id, kind);
CREATE INDEX idx_code_edges_target ON code_edges(project, kind, target);
CREATE INDEX idx_code_edges_to_path ON code_edges(project, to_path) WHERE to_path IS NOT NULL;
