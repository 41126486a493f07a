-- Orchestration lanes (issue 30): broad work split across worker agents, each lane in its own git worktree and branch
-- with one validation command. At most one active orchestration per project. repo_root and coordinator_branch are the
-- coordinator's checkout and branch when init ran: lanes branch from there and merge back into that branch.
CREATE TABLE orchestrations (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    project             TEXT NOT NULL REFERENCES projects(key),
    goal                TEXT NOT NULL CHECK (length(goal) BETWEEN 1 AND 2000),
    repo_root           TEXT,
    coordinator_branch  TEXT,
    baseline_ref        TEXT,
    status              TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'cancelled')),
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    ended_at            TEXT
);
CREATE UNIQUE INDEX idx_orchestrations_active ON orchestrations(project) WHERE status = 'active';

-- One lane: a key (a valid git branch name component), its slug (lower case; unique in the orchestration so that
-- two keys never share a worktree or branch on a case-insensitive disk), the worker agent, the worktree and branch
-- (set when first spawned), the validation command, and the task mirroring it (origin 'lane').
CREATE TABLE lanes (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    orchestration_id    INTEGER NOT NULL REFERENCES orchestrations(id) ON DELETE CASCADE,
    lane_key            TEXT NOT NULL,
    slug                TEXT NOT NULL,
    title               TEXT NOT NULL,
    scope               TEXT NOT NULL DEFAULT '',
    agent               TEXT NOT NULL,
    worktree_path       TEXT,
    branch              TEXT,
    validation          TEXT,
    status              TEXT NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'running', 'completed', 'blocked', 'cancelled')),
    task_id             INTEGER REFERENCES tasks(id),
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    UNIQUE (orchestration_id, lane_key),
    UNIQUE (orchestration_id, slug)
);

-- One run of a worker on a lane. run_dir holds prompt.md, worker.log, exit_code, last-message.txt and validation.log;
-- exit_code here is copied from the run directory by sync (null: not seen yet). validation_exit: the validation
-- command's exit in the lane's worktree (null: not run). A worker gone with no exit code is ended by sync as blocked.
CREATE TABLE lane_attempts (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    lane_id             INTEGER NOT NULL REFERENCES lanes(id) ON DELETE CASCADE,
    run_dir             TEXT NOT NULL,
    command             TEXT NOT NULL,
    pid                 INTEGER,
    exit_code           INTEGER,
    validation_exit     INTEGER,
    log_path            TEXT NOT NULL,
    last_message        TEXT,
    started_at          TEXT NOT NULL,
    ended_at            TEXT
);
CREATE INDEX idx_lane_attempts_lane ON lane_attempts(lane_id, id);
