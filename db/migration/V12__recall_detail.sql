-- What the recall inspector (eagle-mem inspect recall, the viewer) shows beyond V2's counts: the code chunks a
-- prompt recall injected, and what the character budget left out — SessionStart section titles
-- ("Other Memories"), or the record ids a prompt recall ranked but could not fit ("mem-12", "code-40").
ALTER TABLE recall_events ADD COLUMN code_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(code_ids));
ALTER TABLE recall_events ADD COLUMN trimmed TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(trimmed));
