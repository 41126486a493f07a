-- Team memory (issue 31): this store's link to a team's PostgreSQL database and what it exchanged with it. Hooks never
-- read these tables; serve's team-sync job and `eagle-mem team` do. The password is never stored here.
--
-- team_link: at most one row. url is the connection URL without a password; machine and person label what this
-- store writes to the team; pull_cursor is the team database's sequence number of the last record applied here;
-- pushed_through is the local time up to which every change was pushed (the next push reads from a little before it).
CREATE TABLE team_link (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    url             TEXT NOT NULL,
    team            TEXT NOT NULL,
    machine         TEXT NOT NULL,
    person          TEXT NOT NULL,
    include         TEXT NOT NULL DEFAULT '[]',
    pull_cursor     INTEGER NOT NULL DEFAULT 0,
    pushed_through  TEXT,
    connected_at    TEXT NOT NULL,
    last_push_at    TEXT,
    last_pull_at    TEXT,
    last_error      TEXT,
    last_error_at   TEXT
);

-- A project of this store taking part, and its key in the team (the same repository has other local keys on other
-- machines: ~/code/shop here, ~/work/shop there).
CREATE TABLE team_projects (
    project     TEXT PRIMARY KEY REFERENCES projects(key),
    team_key    TEXT NOT NULL UNIQUE,
    shared_at   TEXT NOT NULL
);

-- Per record exchanged with the team: the revision and content hash this store last pushed or applied, and who wrote
-- that revision. A record whose local content no longer hashes to `hash` has changes to push. local_project and
-- created_at find a local row again (labels in recall: "by alice on laptop-a").
CREATE TABLE team_records (
    type            TEXT NOT NULL,
    record_id       TEXT NOT NULL,
    local_project   TEXT NOT NULL,
    revision        INTEGER NOT NULL,
    hash            TEXT NOT NULL,
    origin_machine  TEXT NOT NULL,
    origin_person   TEXT NOT NULL,
    created_at      TEXT,
    synced_at       TEXT NOT NULL,
    PRIMARY KEY (type, record_id)
);
CREATE INDEX idx_team_records_origin ON team_records(type, local_project, created_at);

-- What sync could not take as it came: an edit of this store that lost to another machine's (kept in the team's
-- history), or a team revision that arrived while this store had unpushed edits of the same record.
CREATE TABLE team_conflicts (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    type            TEXT NOT NULL,
    record_id       TEXT NOT NULL,
    kept            TEXT NOT NULL,
    lost            TEXT NOT NULL,
    rule            TEXT NOT NULL,
    created_at      TEXT NOT NULL
);
