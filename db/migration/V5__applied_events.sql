-- Hook events applied to the database, by their stable id: the tool-use id, the agent's prompt/turn id
-- with the payload, or a hash of one delivery (dev.eaglemem.hook.EventIds). An event's row is written in
-- the same transaction as what the event records, so an event replayed from the spool
-- ($EAGLE_MEM_DIR/spool/), or delivered twice (serve answered too late and the shim ran the binary), is
-- applied exactly once whichever copy comes first — also when a replay is killed half way.
-- via: 'hook' when the hook wrote it in time, 'spool' when a replay did.
CREATE TABLE applied_events (
    event_id    TEXT PRIMARY KEY CHECK (length(event_id) BETWEEN 1 AND 200),
    kind        TEXT NOT NULL,
    session_id  TEXT,
    via         TEXT NOT NULL CHECK (via IN ('hook', 'spool')),
    event_at    TEXT NOT NULL,
    applied_at  TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX idx_applied_events_applied_at ON applied_events(applied_at);
