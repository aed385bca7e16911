-- A player's rating after each rated game, for the player's page (rating
-- over time). Written in the transaction that rates the game.
CREATE TABLE rating_history (
    user_key  TEXT NOT NULL REFERENCES users (name_key),
    variant   TEXT NOT NULL,
    game_id   TEXT NOT NULL REFERENCES games (id),
    at        BIGINT NOT NULL,
    rating    DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_key, variant, game_id)
);
CREATE INDEX rating_history_at ON rating_history (user_key, at);
-- The games being played, most recently changed first (GET /playing).
CREATE INDEX games_status_updated ON games (status, updated_at);
