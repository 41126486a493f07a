-- The team database (issue 31): PostgreSQL, schema eagle_mem, applied by `eagle-mem team connect` with its own Flyway
-- history table. Several teams, and several projects of each, share one database: every row names its team and the
-- project's team key. No eagle-mem server sits in front of it: each machine's serve pushes and pulls here.

-- Every change of a current record takes the next number; a machine pulls the rows after the last number it applied.
-- Pushes of one team are serialized by a transaction-level advisory lock, so numbers become visible in order and a
-- puller never skips a number that commits late.
CREATE SEQUENCE team_seq;

-- The current revision of each shared record (its body: the export format's record, in the team's project key).
-- deleted: a tombstone (the record was forgotten or removed; its body says when).
CREATE TABLE team_records (
    team            TEXT NOT NULL,
    project         TEXT NOT NULL,
    type            TEXT NOT NULL,
    record_id       TEXT NOT NULL,
    revision        INTEGER NOT NULL CHECK (revision >= 1),
    hash            TEXT NOT NULL,
    body            JSONB NOT NULL,
    deleted         BOOLEAN NOT NULL DEFAULT false,
    changed_at      TEXT,
    origin_machine  TEXT NOT NULL,
    origin_person   TEXT NOT NULL,
    seq             BIGINT NOT NULL,
    pushed_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (team, project, type, record_id)
);
CREATE UNIQUE INDEX team_records_seq ON team_records (team, seq);

-- Every revision ever pushed, the current one included: a revision that lost a conflict stays here (outcome 'lost'),
-- one replaced by a later edit too ('superseded'). A replayed push finds its row here and changes nothing.
CREATE TABLE team_revisions (
    team            TEXT NOT NULL,
    project         TEXT NOT NULL,
    type            TEXT NOT NULL,
    record_id       TEXT NOT NULL,
    revision        INTEGER NOT NULL,
    hash            TEXT NOT NULL,
    body            JSONB NOT NULL,
    changed_at      TEXT,
    origin_machine  TEXT NOT NULL,
    origin_person   TEXT NOT NULL,
    outcome         TEXT NOT NULL CHECK (outcome IN ('current', 'superseded', 'lost')),
    lost_to_machine TEXT,
    lost_to_person  TEXT,
    lost_to_revision INTEGER,
    pushed_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    decided_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (team, project, type, record_id, revision, hash)
);
CREATE INDEX team_revisions_lost ON team_revisions (team, project, decided_at) WHERE outcome = 'lost';

-- The machines (and people) of a team: who pushed and pulled last when, for `eagle-mem team members`.
CREATE TABLE team_machines (
    team            TEXT NOT NULL,
    machine         TEXT NOT NULL,
    person          TEXT NOT NULL,
    eagle_mem       TEXT,
    first_seen_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_seen_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_push_at    TIMESTAMPTZ,
    last_pull_at    TIMESTAMPTZ,
    records_pushed  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (team, machine)
);
