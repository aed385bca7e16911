-- A time limit per move (correspondence play): the days each move may take,
-- NULL for none, and when the present turn began. When a player's time is
-- out, the opponent may claim the game.
ALTER TABLE games ADD COLUMN days_per_move BIGINT;
ALTER TABLE games ADD COLUMN turn_since BIGINT;
