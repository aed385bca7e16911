-- E-mail (scribe serve --smtp): an optional address per player, verified by
-- a link; "your move" and reminder mails at most once per game per quiet
-- period; one-click unsubscribe; password reset by a one-time link.
ALTER TABLE users ADD COLUMN email TEXT;               -- as given; NULL: none
ALTER TABLE users ADD COLUMN email_verified_at BIGINT; -- NULL: not (yet) verified
ALTER TABLE users ADD COLUMN mail_notify BIGINT NOT NULL DEFAULT 1; -- 1: "your move" and reminders wanted
ALTER TABLE users ADD COLUMN unsubscribe_key TEXT;     -- the secret of the unsubscribe link
CREATE INDEX users_email ON users (email);
CREATE INDEX users_unsubscribe ON users (unsubscribe_key);

-- One-time links: only the SHA-256 of the link's secret is kept.
CREATE TABLE mail_links (
    hash       TEXT PRIMARY KEY,
    user_key   TEXT NOT NULL REFERENCES users (name_key),
    purpose    TEXT NOT NULL,   -- 'verify' | 'reset'
    email      TEXT NOT NULL,   -- the address it was mailed to
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX mail_links_user ON mail_links (user_key, purpose);

-- The last mail of each kind ('move' | 'reminder') to a player about a
-- game: the quiet period, and one reminder per turn.
CREATE TABLE mail_sent (
    user_key TEXT NOT NULL REFERENCES users (name_key),
    game_id  TEXT NOT NULL REFERENCES games (id),
    kind     TEXT NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (user_key, game_id, kind)
);
