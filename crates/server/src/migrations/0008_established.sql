-- Rated games each player played against an established player (one with
-- at least 5 such games, or a computer player): until then a rating is
-- provisional, is moved only by games against established players, and
-- the standings do not list it. Games between two provisional players are
-- not rated, so a ring of new accounts cannot farm a rating.
ALTER TABLE ratings ADD COLUMN established_games BIGINT NOT NULL DEFAULT 0;
-- The ratings kept before this counted every game: they stay established.
UPDATE ratings SET established_games = games;
