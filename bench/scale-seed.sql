-- A database of any size for bench/scale.sh, generated deterministically (no random(): every choice is a
-- hash of the row number). The caller creates the parameters first:
--   CREATE TEMP TABLE scale(obs INTEGER, mems INTEGER, anchor INTEGER);   -- anchor: unix seconds ("now")
-- and runs this against a database eagle-mem has migrated. Proportions follow bench/seed.sql: per 10
-- observations one session (90% of them with a summary) and 2 prompts; memories are given separately.
-- Six projects, half of the rows in work/shop-api (the project of the captured payloads). Everything spans
-- the 180 days before the anchor, so with the default 90-day retention about half the observations are
-- due for pruning. Text is drawn from a vocabulary of ~300 words (skewed, so some words are common and
-- others rare) so that FTS5 has realistic posting lists.
PRAGMA foreign_keys = ON;

-- h(x, salt): a 31-bit hash, written out inline below as
--   ((x * 7919 + salt * 104729) * 48271 % 2147483647 * 48271 % 2147483647)
CREATE TEMP TABLE noun AS SELECT key AS i, value AS w FROM json_each('["cart","checkout","invoice","payment",
"refund","order","customer","account","login","session","token","cache","queue","worker","scheduler","migration",
"schema","index","query","report","export","import","webhook","endpoint","router","handler","middleware","config",
"feature","flag","release","deploy","pipeline","build","test","fixture","mock","database","connection","pool",
"transaction","lock","retry","timeout","backoff","logger","metric","trace","alert","dashboard","template","renderer",
"form","validation","error","exception","parser","serializer","encoder","decimal","rounding","tax","currency",
"discount","coupon","shipping","address","warehouse","inventory","stock","product","catalog","search","filter",
"pagination","sorting","upload","download","image","thumbnail","email","notification","subscription","plan",
"billing","usage","quota","limit","permission","role","user","admin","tenant","audit","backup","snapshot","storage",
"bucket","file","path","directory","script","hook","plugin","module","package","dependency","version","changelog",
"container","cluster","node","service","client","server","socket","request","response","header","cookie","csrf",
"cors","jwt","oauth","password","secret","key","certificate","dns","proxy","gateway","balancer","memory","leak",
"thread","async","promise","callback","event","stream","batch","job","cron","task","ticket","issue","branch",
"commit","merge","rebase","review","lint","formatter","typecheck","coverage","benchmark","profile","latency",
"throughput","locale","timezone","calendar","receipt","ledger","wallet","gift card","loyalty","recommendation"]');
CREATE TEMP TABLE verb AS SELECT key AS i, value AS w FROM json_each('["fix","refactor","add","remove","rename",
"update","migrate","split","merge","cache","validate","retry","log","test","document","debug","optimize","simplify",
"extract","inline","revert","pin","upgrade","downgrade","guard","index","paginate","batch","stream","parse",
"serialize","encode","deploy","release","roll back","profile","benchmark","mock","stub","configure"]');
CREATE TEMP TABLE adj AS SELECT key AS i, value AS w FROM json_each('["flaky","slow","stale","broken","missing",
"duplicate","legacy","async","nested","empty","partial","invalid","expired","concurrent","cached","lazy","eager",
"strict","optional","deprecated","unused","idempotent","transient","atomic","noisy","silent","hidden","large","small",
"first","last","daily","nightly","remote","local","default","custom","manual","automatic","mobile"]');
CREATE TEMP TABLE problem AS SELECT key AS i, value AS w FROM json_each('["times out","returns 500","double counts",
"drops the last row","leaks connections","deadlocks","fails on Mondays","ignores the timezone","loses precision",
"breaks on unicode","skips validation","retries forever","logs secrets","blocks the event loop","runs twice",
"returns stale data","crashes on empty input","overflows","rounds half down","misses the index",
"hangs under load","rejects valid input","sends duplicate emails","forgets the locale"]');
CREATE TEMP TABLE tech AS SELECT key AS i, value AS w FROM json_each('["postgres","sqlite","redis","kafka","flask",
"django","fastapi","react","typescript","webpack","vite","docker","kubernetes","terraform","github actions","pytest",
"jest","gradle","maven","celery","nginx","s3","stripe","sentry","grafana","prometheus","graphql","grpc","protobuf",
"pydantic","sqlalchemy","alembic"]');
CREATE TEMP TABLE project AS SELECT key AS i, value AS k FROM json_each('["work/shop-api","work/billing-service",
"work/web-frontend","work/data-pipeline","work/infra","home/dotfiles"]');
CREATE TEMP TABLE sizes AS SELECT (SELECT count(*) FROM noun) AS nouns, (SELECT count(*) FROM verb) AS verbs,
    (SELECT count(*) FROM adj) AS adjs, (SELECT count(*) FROM problem) AS problems, (SELECT count(*) FROM tech) AS techs;

-- 4,096 phrases; nouns are skewed (index ~ r²), so "cart" is common and "loyalty" rare.
CREATE TEMP TABLE phrase(i INTEGER PRIMARY KEY, t TEXT NOT NULL);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 4095),
h AS (SELECT i,
        ((i * 7919 + 1 * 104729) * 48271 % 2147483647 * 48271 % 2147483647) AS a,
        ((i * 7919 + 2 * 104729) * 48271 % 2147483647 * 48271 % 2147483647) AS b,
        ((i * 7919 + 3 * 104729) * 48271 % 2147483647 * 48271 % 2147483647) AS c,
        ((i * 7919 + 4 * 104729) * 48271 % 2147483647 * 48271 % 2147483647) AS d FROM n),
w AS (SELECT h.i,
        (SELECT w FROM noun WHERE noun.i = (a % 1000) * (a % 1000) * s.nouns / 1000000) AS n1,
        (SELECT w FROM noun WHERE noun.i = (b % 1000) * (b % 1000) * s.nouns / 1000000) AS n2,
        (SELECT w FROM noun WHERE noun.i = c % s.nouns) AS n3,
        (SELECT w FROM verb WHERE verb.i = d % s.verbs) AS v,
        (SELECT w FROM adj WHERE adj.i = a / 1000 % s.adjs) AS aj,
        (SELECT w FROM problem WHERE problem.i = b / 1000 % s.problems) AS p,
        (SELECT w FROM tech WHERE tech.i = c / 1000 % s.techs) AS t,
        'src/' || (SELECT w FROM noun WHERE noun.i = d / 1000 % 40) || '/' || (SELECT w FROM noun WHERE noun.i = a / 7 % s.nouns) AS f
      FROM h, sizes s)
INSERT INTO phrase(i, t)
SELECT i, CASE i % 8
    WHEN 0 THEN v || ' the ' || aj || ' ' || n1 || ' in ' || replace(f, ' ', '_') || '.py'
    WHEN 1 THEN 'the ' || n1 || ' ' || n2 || ' ' || p || ' when the ' || n3 || ' is ' || aj
    WHEN 2 THEN n1 || ' uses ' || t || ' for the ' || n2 || ' ' || n3
    WHEN 3 THEN v || ' ' || aj || ' ' || n1 || ' because it ' || p || ' after the ' || n2 || ' change'
    WHEN 4 THEN t || ' ' || n1 || ' must ' || v || ' before the ' || n2
    WHEN 5 THEN 'avoid ' || aj || ' ' || n1 || ' in the ' || n2 || ' ' || n3
    WHEN 6 THEN 'the ' || n1 || ' test ' || p || ' on ' || t
    ELSE v || ' the ' || n1 || ' ' || n2 || ' and keep the ' || aj || ' ' || n3 || ' path' END
FROM w;

INSERT INTO projects(key, root_path, created_at, last_seen_at)
SELECT k, '/home/dev/' || k, strftime('%Y-%m-%dT%H:%M:%fZ', anchor - 15552000, 'unixepoch'),
       strftime('%Y-%m-%dT%H:%M:%fZ', anchor, 'unixepoch')
FROM project, scale;

INSERT INTO overviews(project, content, source, updated_at)
SELECT k, k || ': ' || (SELECT t FROM phrase WHERE phrase.i = project.i * 11) || '. '
          || (SELECT t FROM phrase WHERE phrase.i = project.i * 11 + 1) || '.', 'scan',
       strftime('%Y-%m-%dT%H:%M:%fZ', anchor - 86400 * 3, 'unixepoch')
FROM project, scale;

-- Sessions: one per 10 observations, evenly spread over the 180 days, about an hour long; half in
-- work/shop-api. The last three are still active.
CREATE TEMP TABLE sess(i INTEGER PRIMARY KEY, id TEXT, project TEXT, agent TEXT, start INTEGER);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n, scale WHERE i < scale.obs / 10),
h AS (SELECT i, ((i * 7919 + 11 * 104729) * 48271 % 2147483647 * 48271 % 2147483647) % 100 AS pct FROM n)
INSERT INTO sess(i, id, project, agent, start)
SELECT i, 'scale-' || i,
       (SELECT k FROM project WHERE project.i = CASE WHEN pct < 50 THEN 0 WHEN pct < 65 THEN 1 WHEN pct < 78 THEN 2
                                                    WHEN pct < 88 THEN 3 WHEN pct < 95 THEN 4 ELSE 5 END),
       CASE WHEN i % 5 < 3 THEN 'claude-code' ELSE 'codex' END,
       anchor - 15552000 + (i - 1) * (15552000 - 7200) / (obs / 10)
FROM h, scale;

INSERT INTO sessions(id, project, agent, cwd, model, source, status, started_at, ended_at, last_activity_at)
SELECT id, project, agent, '/home/dev/' || project, CASE agent WHEN 'codex' THEN 'gpt-5.5' ELSE 'claude-opus-4' END,
       CASE WHEN i % 9 = 0 THEN 'resume' ELSE 'startup' END,
       CASE WHEN i > (SELECT max(i) FROM sess) - 3 THEN 'active' ELSE 'completed' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', start, 'unixepoch'),
       CASE WHEN i > (SELECT max(i) FROM sess) - 3 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', start + 3300, 'unixepoch') END,
       strftime('%Y-%m-%dT%H:%M:%fZ', start + 3000, 'unixepoch')
FROM sess;

-- Observations: ten tool calls per session, five minutes apart. No FTS on this table.
WITH RECURSIVE n(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM n, scale WHERE j < scale.obs),
h AS (SELECT j, (j - 1) / 10 + 1 AS si, (j - 1) % 10 AS k,
             ((j * 7919 + 21 * 104729) * 48271 % 2147483647 * 48271 % 2147483647) AS a FROM n),
r AS (SELECT h.*, s.id AS sid, s.project, s.agent, s.start, a % 100 AS pct,
             'src/' || (SELECT w FROM noun WHERE noun.i = a / 100 % 40) || '/'
                    || replace((SELECT w FROM noun WHERE noun.i = (a / 7) % 1000 * ((a / 7) % 1000) * 160 / 1000000), ' ', '_')
                    || '.py' AS file
      FROM h JOIN sess s ON s.i = h.si)
INSERT INTO observations(session_id, project, agent, tool_name, command, category, files_read, files_modified,
                         exit_status, output_bytes, output_lines, tool_use_id, created_at)
SELECT sid, project, agent,
       CASE WHEN pct < 35 THEN 'Bash' WHEN pct < 60 THEN 'Read' WHEN pct < 80 THEN 'Edit' WHEN pct < 88 THEN 'Grep'
            WHEN pct < 93 THEN 'Write' WHEN pct < 97 THEN 'Glob' ELSE 'WebFetch' END,
       CASE WHEN pct < 35 THEN CASE a / 100 % 7
            WHEN 0 THEN 'pytest -q tests/test_' || (a / 1000 % 60) || '.py'
            WHEN 1 THEN 'git status --short' WHEN 2 THEN 'git diff --stat'
            WHEN 3 THEN 'rg -n ' || (SELECT w FROM noun WHERE noun.i = a / 1000 % 60) || ' src'
            WHEN 4 THEN 'npm test -- --watch=false' WHEN 5 THEN 'make lint'
            ELSE 'python -m ' || (SELECT w FROM noun WHERE noun.i = a / 1000 % 60) || '.cli --dry-run' END END,
       CASE WHEN pct < 35 THEN CASE a / 100 % 7 WHEN 0 THEN 'test' WHEN 1 THEN 'git' WHEN 2 THEN 'git' WHEN 3 THEN 'search'
            WHEN 4 THEN 'test' WHEN 5 THEN 'lint' ELSE 'run' END END,
       CASE WHEN pct >= 35 AND pct < 60 OR pct >= 80 AND pct < 88 THEN json_array(file) ELSE '[]' END,
       CASE WHEN pct >= 60 AND pct < 80 OR pct >= 88 AND pct < 93 THEN json_array(file) ELSE '[]' END,
       CASE WHEN pct < 35 THEN CASE WHEN a / 10000 % 10 = 0 THEN 1 ELSE 0 END END,
       a / 100 % 40000, a / 100 % 900, 'toolu_' || j,
       strftime('%Y-%m-%dT%H:%M:%fZ', start + 30 + k * 300 + (a % 1000) / 1000.0, 'unixepoch')
FROM r;

-- Summaries for 90% of the sessions, written when the session ended.
WITH h AS (SELECT s.*, ((s.i * 7919 + 31 * 104729) * 48271 % 2147483647 * 48271 % 2147483647) AS a FROM sess s WHERE s.i % 10 <> 7)
INSERT INTO summaries(session_id, project, agent, request, investigated, learned, completed, decisions, gotchas, next_steps,
                      key_files, files_read, files_modified, capture_source, created_at, updated_at)
SELECT id, project, agent,
       (SELECT t FROM phrase WHERE phrase.i = a % 4096),
       (SELECT t FROM phrase WHERE phrase.i = a / 4096 % 4096),
       (SELECT t FROM phrase WHERE phrase.i = (a + 17) % 4096) || '; ' || (SELECT t FROM phrase WHERE phrase.i = (a / 3) % 4096),
       (SELECT t FROM phrase WHERE phrase.i = (a + 101) % 4096) || CASE a / 7 % 4 WHEN 0 THEN ', then ran the tests'
           WHEN 1 THEN ', checked in the browser' WHEN 2 THEN ', read the logs' ELSE '' END,
       CASE WHEN i % 3 = 0 THEN 'decided to ' || (SELECT t FROM phrase WHERE phrase.i = (a + 202) % 4096) END,
       CASE WHEN i % 4 = 0 THEN 'watch out: ' || (SELECT t FROM phrase WHERE phrase.i = (a + 303) % 4096) END,
       (SELECT t FROM phrase WHERE phrase.i = (a + 404) % 4096),
       json_array('src/' || (SELECT w FROM noun WHERE noun.i = a % 40) || '.py'),
       json_array('src/' || (SELECT w FROM noun WHERE noun.i = a / 40 % 40) || '.py', 'README.md'),
       json_array('src/' || (SELECT w FROM noun WHERE noun.i = a % 40) || '.py', 'tests/test_' || (a % 60) || '.py'),
       CASE WHEN a % 10 < 7 THEN 'hook' WHEN a % 10 < 9 THEN 'agent' ELSE 'enrich' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', start + 3100, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', start + 3200, 'unixepoch')
FROM h;

-- Prompts: two per session.
WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n, scale WHERE k < scale.obs / 5),
h AS (SELECT k, (k - 1) / 2 + 1 AS si, ((k * 7919 + 41 * 104729) * 48271 % 2147483647 * 48271 % 2147483647) AS a FROM n)
INSERT INTO user_prompts(session_id, project, agent, prompt, created_at)
SELECT s.id, s.project, s.agent,
       CASE a % 4 WHEN 0 THEN 'please ' WHEN 1 THEN 'can you ' WHEN 2 THEN '' ELSE 'now ' END
           || (SELECT t FROM phrase WHERE phrase.i = a % 4096)
           || CASE WHEN a / 4096 % 2 = 0 THEN ' and ' || (SELECT t FROM phrase WHERE phrase.i = a / 8192 % 4096) ELSE '' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', s.start + 10 + ((k - 1) % 2) * 1500, 'unixepoch')
FROM h JOIN sess s ON s.i = h.si;

-- Memories of every kind, 4% personal, 3% forgotten (some superseded), a third with a topic key.
WITH RECURSIVE n(m) AS (SELECT 1 UNION ALL SELECT m + 1 FROM n, scale WHERE m < scale.mems),
h AS (SELECT m, (m - 1) * (scale.obs / 10) / scale.mems + 1 AS si,
             ((m * 7919 + 51 * 104729) * 48271 % 2147483647 * 48271 % 2147483647) AS a, scale.anchor FROM n, scale),
r AS (SELECT h.*, s.id AS sid, s.project, s.agent, s.start,
             CASE WHEN a % 100 < 18 THEN 'decision' WHEN a % 100 < 34 THEN 'gotcha' WHEN a % 100 < 46 THEN 'pattern'
                  WHEN a % 100 < 60 THEN 'discovery' WHEN a % 100 < 66 THEN 'preference' WHEN a % 100 < 72 THEN 'friction'
                  WHEN a % 100 < 82 THEN 'context' WHEN a % 100 < 90 THEN 'feedback' ELSE 'fact' END AS kind,
             (SELECT t FROM phrase WHERE phrase.i = a / 100 % 4096) AS p1,
             (SELECT t FROM phrase WHERE phrase.i = (a / 7) % 4096) AS p2,
             (SELECT t FROM phrase WHERE phrase.i = (a / 11) % 4096) AS p3,
             (SELECT w FROM noun WHERE noun.i = (a / 13) % 1000 * ((a / 13) % 1000) * 160 / 1000000) AS subject,
             min(s.start + 2000 + (a / 1000 % 20) * 86400, h.anchor - 60) AS updated
      FROM h JOIN sess s ON s.i = h.si)
INSERT INTO memories(project, scope, kind, title, content, situation, behavior, impact, action, subject, predicate, object,
                     topic_key, files, normalized_hash, revision_count, duplicate_count, source_agent, session_id,
                     superseded_by, created_at, updated_at, last_seen_at, deleted_at, delete_reason)
SELECT CASE WHEN m % 25 = 0 THEN NULL ELSE project END, CASE WHEN m % 25 = 0 THEN 'personal' ELSE 'project' END, kind,
       upper(substr(p1, 1, 1)) || substr(p1, 2),
       CASE kind WHEN 'feedback' THEN 'Situation: ' || p2 || char(10) || 'Behavior: ' || p3 || char(10)
                                      || 'Impact: the ' || subject || ' ' || (SELECT w FROM problem WHERE problem.i = a % 24)
                                      || char(10) || 'Action: ' || p1
                 WHEN 'fact' THEN 'Situation: ' || p2 || char(10) || 'Fact: ' || subject || ' uses '
                                  || (SELECT w FROM tech WHERE tech.i = a % 32)
                 ELSE p1 || '. ' || upper(substr(p2, 1, 1)) || substr(p2, 2) || '; ' || p3 || '.' END,
       CASE WHEN kind IN ('feedback', 'fact') THEN p2 END,
       CASE WHEN kind = 'feedback' THEN p3 END,
       CASE WHEN kind = 'feedback' THEN 'the ' || subject || ' ' || (SELECT w FROM problem WHERE problem.i = a % 24) END,
       CASE WHEN kind = 'feedback' THEN p1 END,
       CASE WHEN kind = 'fact' THEN subject END, CASE WHEN kind = 'fact' THEN 'uses' END,
       CASE WHEN kind = 'fact' THEN (SELECT w FROM tech WHERE tech.i = a % 32) END,
       CASE WHEN m % 3 = 0 THEN replace(subject, ' ', '-') || '/' || m END,
       CASE WHEN m % 2 = 0 THEN json_array('src/' || replace(subject, ' ', '_') || '.py') ELSE '[]' END,
       'scale-' || m, 1 + a % 3, a / 3 % 3, agent, CASE WHEN m % 25 = 0 THEN NULL ELSE sid END,
       CASE WHEN m % 66 = 0 AND m < (SELECT mems FROM scale) THEN m + 1 END,
       strftime('%Y-%m-%dT%H:%M:%fZ', start + 2000, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', updated, 'unixepoch'),
       strftime('%Y-%m-%dT%H:%M:%fZ', updated, 'unixepoch'),
       CASE WHEN m % 33 = 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', updated + 30, 'unixepoch') END,
       CASE WHEN m % 66 = 0 THEN 'superseded' WHEN m % 33 = 0 THEN 'wrong' END
FROM r;

INSERT INTO events(project, session_id, agent, event_type, status, detail, created_at)
SELECT project, session_id, source_agent, 'memory_created', 'ok', json_object('memory_id', id, 'kind', kind), created_at
FROM memories;

-- What recall injected: one SessionStart per session, one UserPromptSubmit per prompt.
INSERT INTO recall_events(session_id, project, agent, hook_event, source, query, injected_chars, content_hash, status, created_at)
SELECT id, project, agent, 'SessionStart', source, NULL, 2400 + length(id) * 37, hex(id), 'injected',
       strftime('%Y-%m-%dT%H:%M:%fZ', started_at, '+1 second')
FROM sessions;
INSERT INTO recall_events(session_id, project, agent, hook_event, query, injected_chars, status, created_at)
SELECT session_id, project, agent, 'UserPromptSubmit', substr(prompt, 1, 60), CASE WHEN id % 3 = 0 THEN 0 ELSE 900 END,
       CASE WHEN id % 3 = 0 THEN 'no_match' ELSE 'injected' END, created_at
FROM user_prompts;

-- The jobs each finished session queued (prune and summary enrichment), all done: a database whose
-- prune never ran (so the benchmarked prune has a backlog of both observations and finished jobs).
INSERT INTO jobs(kind, project, payload, dedupe_key, status, attempts, run_after, result, created_at, updated_at, finished_at)
SELECT 'prune', s.project, '{}', 'prune:' || s.project, 'done', 1, s.ended_at, 'pruned 0 observations, 0 finished jobs',
       s.ended_at, s.ended_at, strftime('%Y-%m-%dT%H:%M:%fZ', s.ended_at, '+2 seconds')
FROM sessions s WHERE s.ended_at IS NOT NULL;
INSERT INTO jobs(kind, project, payload, dedupe_key, status, attempts, run_after, result, created_at, updated_at, finished_at)
SELECT 'enrich-summary', s.project, json_object('session_id', s.id), 'enrich-summary:' || s.id, 'done', 1, s.ended_at,
       'enriched', s.ended_at, s.ended_at, strftime('%Y-%m-%dT%H:%M:%fZ', s.ended_at, '+9 seconds')
FROM sessions s WHERE s.ended_at IS NOT NULL;
