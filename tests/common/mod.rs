//! Helpers shared by the integration tests.

use scribe::rules::{Position, Square, Variant};

/// Whether the player to move wins with perfect play, by brute force over
/// the rules' own positions (no engine code).
pub fn brute_force_wins(pos: &Position, variant: Variant) -> bool {
    pos.legal_moves()
        .iter()
        .any(|sq| move_wins(pos, sq, variant))
}

/// Whether playing `sq` wins for the player to move with perfect play.
pub fn move_wins(pos: &Position, sq: Square, variant: Variant) -> bool {
    let mut p = *pos;
    p.play(sq).unwrap();
    if p.is_over() {
        p.result().winner(variant) == Some(pos.to_move())
    } else {
        !brute_force_wins(&p, variant)
    }
}
