-- Administration (scribe admin) and token expiry.
-- A banned player cannot sign in; a deleted account keeps its row as a
-- tombstone (name "deleted player", no password), so its games keep their
-- players and the name is not given out again.
ALTER TABLE users ADD COLUMN banned_at BIGINT;
ALTER TABLE users ADD COLUMN ban_reason TEXT;
ALTER TABLE users ADD COLUMN deleted_at BIGINT;
ALTER TABLE users ADD COLUMN last_seen BIGINT;
-- When a token was last used (NULL: not since it was made): a token unused
-- for too long is expired.
ALTER TABLE tokens ADD COLUMN last_used_at BIGINT;

-- Chat lines reported by a player of the game: once per line and reporter.
-- The line's author and text are copied: the report stands as it was made.
CREATE TABLE reports (
    game_id  TEXT NOT NULL REFERENCES games (id),
    seq      BIGINT NOT NULL,
    reporter TEXT NOT NULL REFERENCES users (name_key),
    author   TEXT NOT NULL REFERENCES users (name_key),
    text     TEXT NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq, reporter)
);
CREATE INDEX reports_reporter ON reports (reporter, at);
