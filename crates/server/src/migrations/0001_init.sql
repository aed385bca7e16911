-- Scribe online, first schema. Portable SQL: the same file runs on SQLite and
-- PostgreSQL (TEXT keys, BIGINT integers and times in Unix milliseconds,
-- DOUBLE PRECISION ratings; no auto-increment).

CREATE TABLE users (
    name_key      TEXT PRIMARY KEY,      -- the name in lower case: names are unique ignoring case
    name          TEXT NOT NULL,         -- as the player spelt it
    password_hash TEXT NOT NULL,         -- argon2id, PHC string
    created_at    BIGINT NOT NULL
);

-- A sign-in token is "ID.SECRET"; only the SHA-256 of SECRET is kept.
CREATE TABLE tokens (
    id          TEXT PRIMARY KEY,
    user_key    TEXT NOT NULL REFERENCES users (name_key),
    secret_hash TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX tokens_user ON tokens (user_key);

-- A challenge and the game it becomes share one row and one id.
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    variant     TEXT NOT NULL,            -- 'majority' | 'super-glyph'
    status      TEXT NOT NULL,            -- 'challenge' | 'active' | 'finished' | 'declined' | 'cancelled'
    challenger  TEXT NOT NULL REFERENCES users (name_key),
    challenged  TEXT REFERENCES users (name_key),   -- NULL: open to anyone
    side        TEXT NOT NULL,            -- the challenger's side: 'x' | 'o'
    x_player    TEXT REFERENCES users (name_key),
    o_player    TEXT REFERENCES users (name_key),
    moves       TEXT NOT NULL DEFAULT '', -- 'E5 C8 ...'
    move_count  BIGINT NOT NULL DEFAULT 0,
    turn        TEXT,                     -- the player who must act: the mover, or the challenged player
    winner      TEXT,                     -- 'X' | 'O' once finished
    end_reason  TEXT,                     -- 'board full' | 'resigned'
    undo_offer  TEXT,                     -- who proposed taking back the last move
    version     BIGINT NOT NULL DEFAULT 0, -- bumped by every change: writes compare and set it
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    started_at  BIGINT,
    finished_at BIGINT
);
CREATE INDEX games_x ON games (x_player);
CREATE INDEX games_o ON games (o_player);
CREATE INDEX games_challenged ON games (challenged);
CREATE INDEX games_challenger ON games (challenger);
CREATE INDEX games_status ON games (status);

CREATE TABLE chat (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq     BIGINT NOT NULL,
    author  TEXT NOT NULL REFERENCES users (name_key),
    text    TEXT NOT NULL,
    at      BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- Glicko-2, one rating per player and variant.
CREATE TABLE ratings (
    user_key   TEXT NOT NULL REFERENCES users (name_key),
    variant    TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    wins       BIGINT NOT NULL,
    losses     BIGINT NOT NULL,
    PRIMARY KEY (user_key, variant)
);
