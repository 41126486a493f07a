-- Indexes for big databases (bench/scale.sh measures up to 1M observations and 50k memories).
--
-- A project's live memories in time order: timeline's memory neighbours (by created_at) were a sort of all of
-- the project's memories.
CREATE INDEX idx_memories_created ON memories(project, created_at) WHERE deleted_at IS NULL;
-- Counting a project's live project-scope memories (SessionStart's header, status, the status line): without it
-- SQLite walked every live project-scope memory of every project through idx_memories_personal.
CREATE INDEX idx_memories_scope ON memories(project, scope) WHERE deleted_at IS NULL;
-- A project's forgotten memories, counted by status and the status line: the partial indexes above leave them
-- out, so that count read the whole table.
CREATE INDEX idx_memories_forgotten ON memories(project) WHERE deleted_at IS NOT NULL;
