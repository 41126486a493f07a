-- Hot files feed PreToolUse ("src/cart.py was read in 9 of 12 sessions") before an edit: what the note says is
-- stored with the hint, so the hook stays one primary-key lookup. For hot_file rows: hits = reads, sessions = the
-- sessions that read the file, of_sessions = the project's sessions with any read. Zero on co_edit rows and on
-- rows computed before this version (the next curate run fills them).
ALTER TABLE file_hints ADD COLUMN hits INTEGER NOT NULL DEFAULT 0 CHECK (hits >= 0);
ALTER TABLE file_hints ADD COLUMN sessions INTEGER NOT NULL DEFAULT 0 CHECK (sessions >= 0);
ALTER TABLE file_hints ADD COLUMN of_sessions INTEGER NOT NULL DEFAULT 0 CHECK (of_sessions >= 0);
