-- A second lexical index for memories and summaries: FTS5's trigram tokenizer (every 3-character sequence,
-- case-folded), for text the word index (porter unicode61) cannot split:
--   - CJK is written without spaces, so unicode61 keeps a whole run ("数据库连接池会耗尽") as one token and a
--     word inside it never matches;
--   - identifiers: getUserById is one unicode61 token, so "user by id" or "UserById" find nothing.
-- A query term of 3+ characters is a substring phrase here. A 2-character CJK word cannot be a trigram
-- phrase: the search feature looks it up in the *_tri_terms vocabulary (the trigrams that start with it)
-- and matches those. So that a 2-character word at the very end of a value also starts a trigram, every
-- indexed value ends with a newline: the index reads the *_tri_text views, whose columns are the table's
-- plus char(10), and the triggers add the same newline, so 'rebuild' and integrity checks agree.
-- Plain SQL only (tokenizer 'trigram' with default options, fts5vocab): the sqlite3 CLI (3.34+) can write
-- these tables too. Update triggers fire only when an indexed column changes, like V1's.

CREATE VIEW memories_tri_text(id, title, content, topic_key) AS
    SELECT id, title || char(10), content || char(10), topic_key || char(10) FROM memories;
CREATE VIRTUAL TABLE memories_tri USING fts5(
    title, content, topic_key,
    content = 'memories_tri_text', content_rowid = 'id', tokenize = 'trigram'
);
CREATE VIRTUAL TABLE memories_tri_terms USING fts5vocab(memories_tri, 'row');
INSERT INTO memories_tri(memories_tri) VALUES ('rebuild');
CREATE TRIGGER memories_tri_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_tri(rowid, title, content, topic_key)
    VALUES (NEW.id, NEW.title || char(10), NEW.content || char(10), NEW.topic_key || char(10));
END;
CREATE TRIGGER memories_tri_ad AFTER DELETE ON memories BEGIN
    INSERT INTO memories_tri(memories_tri, rowid, title, content, topic_key)
    VALUES ('delete', OLD.id, OLD.title || char(10), OLD.content || char(10), OLD.topic_key || char(10));
END;
CREATE TRIGGER memories_tri_au AFTER UPDATE OF title, content, topic_key ON memories BEGIN
    INSERT INTO memories_tri(memories_tri, rowid, title, content, topic_key)
    VALUES ('delete', OLD.id, OLD.title || char(10), OLD.content || char(10), OLD.topic_key || char(10));
    INSERT INTO memories_tri(rowid, title, content, topic_key)
    VALUES (NEW.id, NEW.title || char(10), NEW.content || char(10), NEW.topic_key || char(10));
END;

CREATE VIEW summaries_tri_text(id, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files) AS
    SELECT id, request || char(10), investigated || char(10), learned || char(10), completed || char(10),
           decisions || char(10), gotchas || char(10), next_steps || char(10), key_files || char(10)
    FROM summaries;
CREATE VIRTUAL TABLE summaries_tri USING fts5(
    request, investigated, learned, completed, decisions, gotchas, next_steps, key_files,
    content = 'summaries_tri_text', content_rowid = 'id', tokenize = 'trigram'
);
CREATE VIRTUAL TABLE summaries_tri_terms USING fts5vocab(summaries_tri, 'row');
INSERT INTO summaries_tri(summaries_tri) VALUES ('rebuild');
CREATE TRIGGER summaries_tri_ai AFTER INSERT ON summaries BEGIN
    INSERT INTO summaries_tri(rowid, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files)
    VALUES (NEW.id, NEW.request || char(10), NEW.investigated || char(10), NEW.learned || char(10),
            NEW.completed || char(10), NEW.decisions || char(10), NEW.gotchas || char(10), NEW.next_steps || char(10),
            NEW.key_files || char(10));
END;
CREATE TRIGGER summaries_tri_ad AFTER DELETE ON summaries BEGIN
    INSERT INTO summaries_tri(summaries_tri, rowid, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files)
    VALUES ('delete', OLD.id, OLD.request || char(10), OLD.investigated || char(10), OLD.learned || char(10),
            OLD.completed || char(10), OLD.decisions || char(10), OLD.gotchas || char(10), OLD.next_steps || char(10),
            OLD.key_files || char(10));
END;
CREATE TRIGGER summaries_tri_au AFTER UPDATE OF request, investigated, learned, completed, decisions, gotchas, next_steps, key_files ON summaries BEGIN
    INSERT INTO summaries_tri(summaries_tri, rowid, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files)
    VALUES ('delete', OLD.id, OLD.request || char(10), OLD.investigated || char(10), OLD.learned || char(10),
            OLD.completed || char(10), OLD.decisions || char(10), OLD.gotchas || char(10), OLD.next_steps || char(10),
            OLD.key_files || char(10));
    INSERT INTO summaries_tri(rowid, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files)
    VALUES (NEW.id, NEW.request || char(10), NEW.investigated || char(10), NEW.learned || char(10),
            NEW.completed || char(10), NEW.decisions || char(10), NEW.gotchas || char(10), NEW.next_steps || char(10),
            NEW.key_files || char(10));
END;
