//! What a move changed ([`api::MoveEvent`]): the `move` event and the
//! answer to a move, instead of the whole game object. It is made from the
//! game's row after the move, its last move, replayed once through the
//! rules and scored for that mini grid and the totals only.

use crate::domain::model::GameRow;
use crate::error::ApiResult;
use scribe_api as api;
use scribe_rules::{Player, Position, Target};

/// The glyphs made in a mini grid, with their squares, X's first.
pub fn found(position: &Position, grid: scribe_rules::GridIndex) -> Vec<api::Found> {
    let score = position.grid_score(grid);
    let mut out = Vec::new();
    for p in [Player::X, Player::O] {
        for group in &score.groups[p] {
            let Some(glyph) = group.glyph else { continue };
            out.push(api::Found {
                side: p.into(),
                glyph: glyph.name().to_string(),
                points: glyph.points(),
                squares: group
                    .cells
                    .iter()
                    .map(|c| scribe_rules::Square::from_grid_cell(grid, c).to_string())
                    .collect(),
            });
        }
    }
    out
}

/// The mini grid the player to move must use (1 to 9; `None`: anywhere,
/// or the game is over).
#[must_use]
pub fn next_grid(position: &Position) -> Option<u8> {
    match position.target() {
        Target::Grid(g) if !position.is_over() => Some(g.number()),
        _ => None,
    }
}

/// The super glyph count so far: the mini grids won, scored as one grid.
#[must_use]
pub fn super_glyph_so_far(position: &Position) -> api::Tally {
    let won = position.won_grids();
    api::Tally {
        x: scribe_rules::grid_points(won.x),
        o: scribe_rules::grid_points(won.o),
        winner: None,
    }
}

/// One mini grid's score as the API writes it.
fn grid(position: &Position, grid: scribe_rules::GridIndex) -> api::Grid {
    let score = position.grid_score(grid);
    let names = |p: Player| {
        score
            .glyph_names(p)
            .into_iter()
            .map(str::to_string)
            .collect()
    };
    api::Grid {
        grid: grid.number(),
        x: score.points.x,
        o: score.points.o,
        winner: score.winner.map(Into::into),
        glyphs: api::Glyphs {
            x: names(Player::X),
            o: names(Player::O),
        },
        found: found(position, grid),
    }
}

fn tally(v: &scribe_rules::VariantResult) -> api::Tally {
    api::Tally {
        x: v.score.x,
        o: v.score.o,
        winner: v.winner.map(Into::into),
    }
}

impl GameRow {
    /// What the game's last move changed, as the game stands now (`None`:
    /// no move yet).
    ///
    /// # Errors
    /// A damaged row.
    pub fn last_move(&self) -> ApiResult<Option<api::MoveEvent>> {
        if self.moves.is_empty() {
            return Ok(None);
        }
        let game = self.game()?;
        Ok(self.move_change(game.position()))
    }

    /// [`GameRow::last_move`] with the game's position at hand.
    #[must_use]
    pub fn move_change(&self, pos: &Position) -> Option<api::MoveEvent> {
        let &square = self.moves.last()?;
        let number = self.moves.len();
        let side = if number % 2 == 1 {
            Player::X
        } else {
            Player::O
        };
        let result = pos.result();
        let next_grid = next_grid(pos);
        Some(api::MoveEvent {
            game: self.id.clone(),
            number,
            square: square.to_string(),
            by: self.name_of(side).unwrap_or_default().to_string(),
            side: side.into(),
            status: self.status,
            turn: self.turn_name(),
            next_grid,
            grid: grid(pos, square.grid()),
            majority: tally(&result.majority),
            super_glyph: result.super_glyph.as_ref().map(tally),
            winner: self.winner,
            end: self.end_reason,
            deadline: self.deadline_iso(),
            super_glyph_so_far: Some(super_glyph_so_far(pos)),
        })
    }
}
