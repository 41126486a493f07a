-- Why a prompt recall injected what it did (eagle-mem inspect recall): for each record injected and each close one
-- left out, the score that decided it and its parts — [{"ref": "mem-12", "title": …, "score": 0.83,
-- "similarity": 0.61, "share": 0.4, "identifier": false, "anchored": false, "injected": true, "reason": "best"}].
ALTER TABLE recall_events ADD COLUMN scores TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(scores));
