//! A position: who holds which squares, each player's last move, whose turn.

use super::mask::{GridMask, SquareSet};
use super::player::{ByPlayer, Player};
use super::score::{GameResult, GridScore, VariantResult, decide, grid_points};
use super::square::{GridIndex, Square};
use std::fmt;

/// Where a player may play next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// Any empty square: the player's first move, or the routed mini grid is full.
    Anywhere,
    /// Only empty squares of this mini grid.
    Grid(GridIndex),
}

/// Why a move is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalReason {
    /// All 81 squares are filled.
    #[error("the game is over: all 81 squares are filled")]
    GameOver,
    /// The square is already marked.
    #[error("the square is already taken by {0}")]
    Occupied(Player),
    /// The mover's own last move routes them to another mini grid.
    #[error("{player} must play in the {} mini grid ({})", required.position_name(), required.span())]
    WrongGrid {
        /// The player to move.
        player: Player,
        /// The mini grid they must use.
        required: GridIndex,
    },
}

/// A refused move: which move of the game, which square, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({square}): {reason}")]
pub struct IllegalMove {
    /// One-based number of the move in the game.
    pub number: usize,
    /// The square that was asked for.
    pub square: Square,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

/// Why a set of marks cannot be a position of a real game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MarksError {
    /// Both players marked the same square.
    #[error("{0} is marked by both players")]
    Both(Square),
    /// X (who moves first) must have as many marks as O or one more.
    #[error("X has {x} marks and O {o}: X, who moves first, has as many marks as O or one more")]
    Counts {
        /// X's marks.
        x: u32,
        /// O's marks.
        o: u32,
    },
}

/// A Scribe position. Small and `Copy`; the history lives in [`super::Game`].
///
/// ```
/// use scribe_rules::{Position, Square, Target, GridIndex};
/// let mut p = Position::new();
/// p.play("D6".parse().unwrap()).unwrap(); // X, lower-left of the centre grid
/// p.play("H4".parse().unwrap()).unwrap(); // O
/// // X's own last move routes X to the lower-left mini grid.
/// assert_eq!(p.target(), Target::Grid(GridIndex::from_number(7).unwrap()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    cells: ByPlayer<[GridMask; 9]>,
    last: ByPlayer<Option<Square>>,
    to_move: Player,
    played: u8,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The empty board, X to move.
    #[must_use]
    pub const fn new() -> Position {
        Position {
            cells: ByPlayer {
                x: [GridMask::EMPTY; 9],
                o: [GridMask::EMPTY; 9],
            },
            last: ByPlayer { x: None, o: None },
            to_move: Player::X,
            played: 0,
        }
    }

    /// A position from the marks alone, as on a paper board: no move order,
    /// so neither player has a last move (nothing slashed, no routing) and
    /// the player to move follows from the counts (X when they are equal).
    ///
    /// ```
    /// use scribe_rules::{GridMask, Player, Position};
    /// let mut x = [GridMask::EMPTY; 9];
    /// x[4] = GridMask(0b1_0000); // E5
    /// let p = Position::from_marks(x, [GridMask::EMPTY; 9]).unwrap();
    /// assert_eq!((p.moves_played(), p.to_move(), p.last_move(Player::X)), (1, Player::O, None));
    /// ```
    ///
    /// # Errors
    /// A square marked by both players, or mark counts no game can give
    /// (X, who moves first, has as many marks as O or one more).
    pub fn from_marks(x: [GridMask; 9], o: [GridMask; 9]) -> Result<Position, MarksError> {
        for g in GridIndex::ALL {
            let both = GridMask(x[g.index()].0 & o[g.index()].0 & 0x1FF);
            if let Some(c) = both.iter().next() {
                return Err(MarksError::Both(Square::from_grid_cell(g, c)));
            }
        }
        let count =
            |m: &[GridMask; 9]| -> u32 { m.iter().map(|g| g.0 & 0x1FF).map(u16::count_ones).sum() };
        let (nx, no): (u32, u32) = (count(&x), count(&o));
        if nx != no && nx != no + 1 {
            return Err(MarksError::Counts { x: nx, o: no });
        }
        let mask = |m: [GridMask; 9]| m.map(|g| GridMask(g.0 & 0x1FF));
        Ok(Position {
            cells: ByPlayer {
                x: mask(x),
                o: mask(o),
            },
            last: ByPlayer { x: None, o: None },
            to_move: if nx == no { Player::X } else { Player::O },
            played: (nx + no) as u8,
        })
    }

    /// The position with these marks whatever their counts: a board being
    /// copied from paper, to draw and score while it is incomplete. Marks in
    /// both sets count as the first player's. X is to move unless X has more
    /// marks than O.
    #[must_use]
    pub fn sketch(x: [GridMask; 9], o: [GridMask; 9]) -> Position {
        let x = x.map(|g| GridMask(g.0 & 0x1FF));
        let o = std::array::from_fn(|i| GridMask(o[i].0 & !x[i].0 & 0x1FF));
        let count = |m: &[GridMask; 9]| -> u32 { m.iter().map(|g| g.0.count_ones()).sum() };
        let (nx, no) = (count(&x), count(&o));
        Position {
            cells: ByPlayer { x, o },
            last: ByPlayer { x: None, o: None },
            to_move: if nx > no { Player::O } else { Player::X },
            played: (nx + no) as u8,
        }
    }

    /// The player to move (after the last move this is still the player who
    /// would move next, which no longer matters).
    #[must_use]
    pub const fn to_move(&self) -> Player {
        self.to_move
    }

    /// How many moves have been played (0–81).
    #[must_use]
    pub const fn moves_played(&self) -> usize {
        self.played as usize
    }

    /// Whether all 81 squares are filled.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.played == 81
    }

    /// Who holds a square.
    #[must_use]
    pub fn at(&self, sq: Square) -> Option<Player> {
        let (g, c) = (sq.grid().index(), sq.cell());
        if self.cells.x[g].contains(c) {
            Some(Player::X)
        } else if self.cells.o[g].contains(c) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The cells each player holds in a mini grid.
    #[must_use]
    pub fn grid_cells(&self, grid: GridIndex) -> ByPlayer<GridMask> {
        ByPlayer {
            x: self.cells.x[grid.index()],
            o: self.cells.o[grid.index()],
        }
    }

    /// The cells a player holds in each mini grid.
    #[must_use]
    pub fn player_cells(&self, player: Player) -> [GridMask; 9] {
        self.cells[player]
    }

    /// Whether a mini grid is completely filled.
    #[must_use]
    pub fn is_grid_full(&self, grid: GridIndex) -> bool {
        self.cells.x[grid.index()]
            .union(self.cells.o[grid.index()])
            .is_full()
    }

    /// A player's most recent move — the only one of theirs not slashed.
    #[must_use]
    pub fn last_move(&self, player: Player) -> Option<Square> {
        self.last[player]
    }

    /// Whether the mark on `sq` is slashed: it is marked and is not its
    /// player's most recent move. On a board without move order
    /// ([`Position::from_marks`]) nothing is slashed.
    #[must_use]
    pub fn is_slashed(&self, sq: Square) -> bool {
        self.at(sq)
            .is_some_and(|p| self.last[p].is_some_and(|last| last != sq))
    }

    /// Where `player` must play next, routed by their own last move.
    #[must_use]
    pub fn target_for(&self, player: Player) -> Target {
        match self.last[player] {
            Some(last) if !self.is_grid_full(last.cell()) => Target::Grid(last.cell()),
            _ => Target::Anywhere,
        }
    }

    /// Where the player to move must play next.
    #[must_use]
    pub fn target(&self) -> Target {
        self.target_for(self.to_move)
    }

    /// Empty squares of one mini grid.
    #[must_use]
    pub fn empty_in(&self, grid: GridIndex) -> GridMask {
        self.cells.x[grid.index()]
            .union(self.cells.o[grid.index()])
            .complement()
    }

    /// The squares the player to move may mark (empty when the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> SquareSet {
        let grids: &[GridIndex] = match self.target() {
            Target::Grid(g) => &[g][..],
            Target::Anywhere => &GridIndex::ALL[..],
        };
        let mut set = SquareSet::EMPTY;
        for &g in grids {
            for c in self.empty_in(g).iter() {
                set.insert(Square::from_grid_cell(g, c));
            }
        }
        set
    }

    /// Why the player to move may not mark `sq`, if they may not.
    ///
    /// # Errors
    /// The game is over, the square is taken, or it lies outside the mini
    /// grid the mover's own last move routes them to.
    pub fn check(&self, sq: Square) -> Result<(), IllegalReason> {
        if self.is_over() {
            return Err(IllegalReason::GameOver);
        }
        if let Some(p) = self.at(sq) {
            return Err(IllegalReason::Occupied(p));
        }
        match self.target() {
            Target::Grid(g) if g != sq.grid() => Err(IllegalReason::WrongGrid {
                player: self.to_move,
                required: g,
            }),
            _ => Ok(()),
        }
    }

    /// Plays a move for the player to move. An illegal move is refused and
    /// leaves the position unchanged.
    ///
    /// # Errors
    /// See [`Position::check`]; the error carries the move number and square.
    pub fn play(&mut self, sq: Square) -> Result<(), IllegalMove> {
        self.check(sq).map_err(|reason| IllegalMove {
            number: self.moves_played() + 1,
            square: sq,
            reason,
        })?;
        self.play_unchecked(sq);
        Ok(())
    }

    /// Plays a move known to be legal (for search). Playing an illegal move
    /// leaves the position meaningless but never panics.
    pub fn play_unchecked(&mut self, sq: Square) {
        let p = self.to_move;
        self.cells[p][sq.grid().index()].0 |= 1 << sq.cell().index();
        self.last[p] = Some(sq);
        self.to_move = p.other();
        self.played = self.played.saturating_add(1);
    }

    /// The score of one mini grid.
    #[must_use]
    pub fn grid_score(&self, grid: GridIndex) -> GridScore {
        GridScore::new(self.grid_cells(grid))
    }

    /// Which mini grids each player has won so far.
    #[must_use]
    pub fn won_grids(&self) -> ByPlayer<GridMask> {
        let mut won = ByPlayer::<GridMask>::default();
        for g in GridIndex::ALL {
            if self.is_grid_full(g) {
                let c = self.grid_cells(g);
                let winner = if grid_points(c.x) > grid_points(c.o) {
                    Player::X
                } else {
                    Player::O
                };
                won[winner].0 |= 1 << g.index();
            }
        }
        won
    }

    /// Scores the whole position.
    #[must_use]
    pub fn result(&self) -> GameResult {
        let grids: Vec<GridScore> = GridIndex::ALL.iter().map(|&g| self.grid_score(g)).collect();
        let won = self.won_grids();
        let finished = self.is_over();
        let count = won.map(|m| m.count() as u8);
        let majority = VariantResult {
            score: count,
            winner: decide(count, finished),
        };
        let super_glyph = finished.then(|| {
            let score = won.map(grid_points);
            VariantResult {
                score,
                winner: decide(score, true),
            }
        });
        GameResult {
            grids,
            majority,
            super_glyph,
            won,
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Anywhere => f.write_str("anywhere"),
            Target::Grid(g) => write!(f, "the {} mini grid ({})", g.position_name(), g.span()),
        }
    }
}
