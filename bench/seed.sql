-- A busy project for the hook benchmarks: 2,000 sessions with summaries, 500 memories, 20,000
-- observations and 4,000 prompts in work/shop-api (the project of the captured payloads), plus a
-- second project so scoping matters. Run against a database eagle-mem has migrated.
PRAGMA foreign_keys = ON;
INSERT OR IGNORE INTO projects(key) VALUES ('work/shop-api'), ('work/other');

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
INSERT INTO sessions(id, project, agent, cwd, source, status, started_at, last_activity_at)
SELECT 'bench-' || i, CASE WHEN i % 10 = 0 THEN 'work/other' ELSE 'work/shop-api' END,
       CASE WHEN i % 3 = 0 THEN 'codex' ELSE 'claude-code' END, '/home/dev/work/shop-api', 'startup', 'completed',
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 3) || ' hours'),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 3 + 1) || ' hours')
FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
INSERT INTO summaries(session_id, project, agent, request, completed, learned, decisions, gotchas, next_steps,
                      key_files, files_modified, capture_source, created_at, updated_at)
SELECT 'bench-' || i, s.project, s.agent,
       'Work item ' || i || ': adjust the ' || (CASE i % 5 WHEN 0 THEN 'cart' WHEN 1 THEN 'release gate' WHEN 2 THEN 'checkout'
            WHEN 3 THEN 'invoice export' ELSE 'login flow' END) || ' module',
       'Changed ' || (i % 7 + 1) || ' files and ran the test suite; all green after fixing fixture ' || i,
       'The ' || (CASE i % 4 WHEN 0 THEN 'tax' WHEN 1 THEN 'rounding' WHEN 2 THEN 'session' ELSE 'cache' END) || ' code has a quirk number ' || i,
       CASE WHEN i % 3 = 0 THEN 'Keep decision ' || i || ' about the storage layer' END,
       CASE WHEN i % 4 = 0 THEN 'Watch out for gotcha ' || i || ' in CI timezones' END,
       'Follow up on item ' || (i + 1),
       '["src/module' || (i % 40) || '.py"]', '["src/module' || (i % 40) || '.py","tests/test_' || (i % 40) || '.py"]',
       'hook', s.started_at, s.last_activity_at
FROM n JOIN sessions s ON s.id = 'bench-' || n.i;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
INSERT INTO memories(project, scope, kind, title, content, normalized_hash, source_agent, created_at, updated_at, last_seen_at)
SELECT 'work/shop-api', 'project',
       CASE i % 7 WHEN 0 THEN 'decision' WHEN 1 THEN 'gotcha' WHEN 2 THEN 'pattern' WHEN 3 THEN 'discovery'
                  WHEN 4 THEN 'preference' WHEN 5 THEN 'friction' ELSE 'context' END,
       'Memory ' || i || ' about the ' || (CASE i % 5 WHEN 0 THEN 'cart' WHEN 1 THEN 'release gate' WHEN 2 THEN 'checkout'
            WHEN 3 THEN 'invoice export' ELSE 'login flow' END),
       'Detail of memory ' || i || ': totals, rounding, fixtures and the deploy pipeline interact in case ' || i || '.',
       'bench-hash-' || i, 'claude-code',
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-02-01', '+' || i || ' hours'),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-02-01', '+' || i || ' hours'),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-02-01', '+' || i || ' hours')
FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
INSERT INTO observations(session_id, project, agent, tool_name, command, category, files_read, files_modified, created_at)
SELECT 'bench-' || (i % 2000 + 1), 'work/shop-api', 'claude-code', CASE i % 3 WHEN 0 THEN 'Bash' WHEN 1 THEN 'Read' ELSE 'Edit' END,
       CASE i % 3 WHEN 0 THEN 'pytest -q tests/test_' || (i % 40) || '.py' END, CASE i % 3 WHEN 0 THEN 'test' END,
       CASE i % 3 WHEN 1 THEN '["src/module' || (i % 40) || '.py"]' ELSE '[]' END,
       CASE i % 3 WHEN 2 THEN '["src/module' || (i % 40) || '.py"]' ELSE '[]' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes')
FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)
INSERT INTO user_prompts(session_id, project, agent, prompt, created_at)
SELECT 'bench-' || (i % 2000 + 1), 'work/shop-api', 'claude-code',
       'please look at the ' || (CASE i % 5 WHEN 0 THEN 'cart' WHEN 1 THEN 'release gate' WHEN 2 THEN 'checkout'
            WHEN 3 THEN 'invoice export' ELSE 'login flow' END) || ' again, case ' || i,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes')
FROM n;

INSERT INTO overviews(project, content, source) VALUES ('work/shop-api',
    'shop-api: the shop''s Python web API (Flask, PostgreSQL). Cart, checkout, invoices, release gate in src/gate.py.', 'manual');
