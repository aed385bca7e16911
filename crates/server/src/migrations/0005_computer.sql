-- The computer players (scribe serve hosts one account per level, made at
-- start): the level's name in lower case ('beginner' ... 'champion'), NULL
-- for a person. Their names start with "computer", which nobody may sign up
-- with.
ALTER TABLE users ADD COLUMN computer TEXT;
