//! Games the integration tests share, by the rules alone (no engine code but
//! its random numbers): brute force over small endgames, random games. Used
//! by the engine's and the record's tests, and by the end-to-end tests at
//! the root (which include this file); each test binary uses a part of it.
#![allow(dead_code)]

use scribe_ai::Rng;
use scribe_rules::{Game, Position, Square, Variant};

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

/// A position reached by `n` uniformly random legal moves, and the moves.
pub fn random_game(seed: u64, n: usize) -> (Position, Vec<Square>) {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new();
    let mut moves = Vec::new();
    while moves.len() < n && !pos.is_over() {
        let legal: Vec<Square> = pos.legal_moves().iter().collect();
        let sq = legal[rng.below(legal.len() as u32) as usize];
        pos.play(sq).unwrap();
        moves.push(sq);
    }
    (pos, moves)
}

/// Plays a game choosing among the legal moves with the given numbers.
pub fn play_choices(choices: &[u8]) -> Game {
    let mut g = Game::new();
    for &c in choices {
        let legal: Vec<Square> = g.position().legal_moves().iter().collect();
        if legal.is_empty() {
            break;
        }
        g.play(legal[usize::from(c) % legal.len()]).unwrap();
    }
    g
}
