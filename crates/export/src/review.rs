//! The review page of an exported game: the win-chance graph, each player's
//! summary, each mistake and blunder with its better move, and the whole
//! move list with its `?!`, `?` and `??` marks. Drawn with the same pen as
//! the game page.

use super::board::{dashed, seed};
use super::canvas::ink;
use super::canvas::{Align, BLACK, BLUE, Canvas, FAINT, Ink, O_INK, X_INK};
use super::pt_mm;
use super::template::Rect;
use scribe_ai::review::{GameReview, MoveClass, MoveReview};
use scribe_record::{GameRecord, MarkStyle, Review, chance_text, percent};
use scribe_rules::Player;

const MARGIN: f32 = 12.0;
/// Salt for this page's strokes.
const SALT: u64 = 0x7E71;
/// X's share of the graph, a light wash of X's ink.
const X_WASH: Ink = Ink(0.86, 0.90, 0.97);
/// O's share of the graph.
const O_WASH: Ink = Ink(0.97, 0.89, 0.87);

/// How a player is written on the page.
struct Names<'r> {
    record: &'r GameRecord,
    marks: MarkStyle,
}

impl Names<'_> {
    fn sym(&self, p: Player) -> &'static str {
        self.marks.symbol(p)
    }

    fn who(&self, p: Player) -> String {
        super::game::who(self.record, p, self.marks)
    }
}

pub(super) fn draw_review(
    cv: &mut Canvas<'_>,
    record: &GameRecord,
    stored: &Review,
    review: &GameReview,
    marks: MarkStyle,
    [w, h]: [f32; 2],
) {
    let names = Names { record, marks };
    let title = format!(
        "Review: {} vs {}",
        names.who(Player::X),
        names.who(Player::O)
    );
    cv.text_fit(
        [MARGIN, MARGIN + 5.0],
        16.0,
        w - 2.0 * MARGIN,
        &title,
        Align::Left,
        BLACK,
    );
    let sub = format!(
        "The computer's view, {}. The graph is {}'s chance to win after each move.",
        stored.effort_words(),
        names.sym(Player::X)
    );
    cv.text_fit(
        [MARGIN, MARGIN + 11.5],
        10.0,
        w - 2.0 * MARGIN,
        &sub,
        Align::Left,
        BLUE,
    );
    let graph = Rect {
        x: MARGIN + 9.0,
        y: MARGIN + 20.0,
        w: w - 2.0 * MARGIN - 9.0,
        h: 62.0,
    };
    draw_graph(cv, &names, review, graph);
    let mut y = graph.y + graph.h + 12.0;
    y = draw_summary(cv, &names, review, y, w);
    y = draw_mistakes(cv, &names, review, y + 4.0, w, h);
    draw_annotated_moves(
        cv,
        &names,
        review,
        Rect {
            x: MARGIN,
            y: y + 4.0,
            w: w - 2.0 * MARGIN,
            h: (h - MARGIN - y - 4.0).max(20.0),
        },
    );
}

/// The win-chance graph: X's chance below the curve in X's wash, O's above
/// in O's, mistakes and blunders labelled, the turning point dashed.
fn draw_graph(cv: &mut Canvas<'_>, names: &Names<'_>, review: &GameReview, r: Rect) {
    let curve = review.x_curve();
    let n = (curve.len() - 1).max(1);
    let px = |k: usize| r.x + r.w * k as f32 / n as f32;
    let py = |p: f64| r.y + r.h * (1.0 - p as f32);
    let pts: Vec<[f32; 2]> = curve
        .iter()
        .enumerate()
        .map(|(k, &p)| [px(k), py(p)])
        .collect();
    // the two washes
    let mut below = pts.clone();
    below.extend([[px(n), r.y + r.h], [r.x, r.y + r.h]]);
    cv.fill(&below, X_WASH);
    let mut above = pts.clone();
    above.extend([[px(n), r.y], [r.x, r.y]]);
    cv.fill(&above, O_WASH);
    // frame, the 50% line, ticks every ten moves
    let (x0, y0, x1, y1) = (r.x, r.y, r.x + r.w, r.y + r.h);
    for (i, (a, b)) in [
        ([x0, y0], [x1, y0]),
        ([x1, y0], [x1, y1]),
        ([x1, y1], [x0, y1]),
        ([x0, y1], [x0, y0]),
    ]
    .into_iter()
    .enumerate()
    {
        cv.line(a, b, 0.3, BLUE, seed(&[SALT, 1, i as u64]));
    }
    dashed(
        cv,
        [x0, py(0.5)],
        [x1, py(0.5)],
        0.2,
        FAINT,
        seed(&[SALT, 2]),
    );
    for (p, label) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
        cv.text(x0 - 1.2, py(p) + 1.2, 7.0, label, Align::Right, FAINT);
    }
    // the curve is X's chance: X is ahead where it is high, O where it is low
    let top = format!("{} ahead", names.sym(Player::X));
    let bottom = format!("{} ahead", names.sym(Player::O));
    cv.text(x0 + 1.5, y0 + 4.0, 8.0, &top, Align::Left, X_INK);
    cv.text(x0 + 1.5, y1 - 1.8, 8.0, &bottom, Align::Left, O_INK);
    let mut k = 10;
    while k < n {
        cv.line(
            [px(k), y1],
            [px(k), y1 + 1.5],
            0.25,
            BLUE,
            seed(&[SALT, 3, k as u64]),
        );
        cv.text(px(k), y1 + 4.5, 7.0, &k.to_string(), Align::Center, FAINT);
        k += 10;
    }
    cv.text(x1, y1 + 8.5, 7.5, "move", Align::Right, FAINT);
    // the turning point
    if let Some(t) = review.turning_point.filter(|&t| t <= n) {
        dashed(cv, [px(t), y0], [px(t), y1], 0.3, BLACK, seed(&[SALT, 4]));
        let label = format!("turning point, move {t}");
        let align = if px(t) > x0 + r.w * 0.75 {
            Align::Right
        } else {
            Align::Left
        };
        let lx = if align == Align::Right {
            px(t) - 1.0
        } else {
            px(t) + 1.0
        };
        cv.text(lx, y0 - 1.2, 7.5, &label, align, BLACK);
    }
    // the curve itself, in pen
    cv.stroke(&pts, 0.45, BLACK);
    // mistakes and blunders: a dot in the mover's ink and the move number
    for m in &review.moves {
        if m.class < MoveClass::Mistake {
            continue;
        }
        let at = pts[m.number.min(n)];
        cv.dot(at, 0.9, ink(m.player), seed(&[SALT, 5, m.number as u64]));
        let label = format!("{}{}", m.number, m.class.suffix());
        // the label goes on the side away from the curve's drop
        let above = at[1] > r.y + r.h * 0.5;
        let ly = if above { at[1] - 2.0 } else { at[1] + 4.2 };
        cv.text(at[0], ly, 7.0, &label, Align::Center, ink(m.player));
    }
}

/// One line per player: accuracy and counts. Returns the y below.
fn draw_summary(
    cv: &mut Canvas<'_>,
    names: &Names<'_>,
    review: &GameReview,
    top: f32,
    w: f32,
) -> f32 {
    cv.text(MARGIN, top, 13.0, "Summary", Align::Left, BLUE);
    let mut y = top + 6.5;
    for p in Player::ALL {
        let s = &review.players[p];
        let accuracy = s.accuracy.map_or("-".to_string(), |a| format!("{a:.0}%"));
        let line = format!(
            "{}: accuracy {accuracy}; {} ?!, {} ?, {} ??",
            names.who(p),
            scribe_record::counted(s.count(MoveClass::Inaccuracy), "inaccuracy", "inaccuracies"),
            scribe_record::counted(s.count(MoveClass::Mistake), "mistake", "mistakes"),
            scribe_record::counted(s.count(MoveClass::Blunder), "blunder", "blunders"),
        );
        cv.text_fit(
            [MARGIN, y],
            10.0,
            w - 2.0 * MARGIN,
            &line,
            Align::Left,
            ink(p),
        );
        y += 5.0;
    }
    let turning = review
        .turning_point
        .and_then(|t| review.moves.get(t.wrapping_sub(1)))
        .map_or_else(
            || "Turning point: none, no move lost much.".to_string(),
            |m| {
                format!(
                    "Turning point: move {}, {} ({}); better {}.",
                    m.number,
                    played(names, m),
                    swing(m),
                    m.best
                )
            },
        );
    cv.text_fit(
        [MARGIN, y],
        10.0,
        w - 2.0 * MARGIN,
        &turning,
        Align::Left,
        BLACK,
    );
    y + 4.0
}

/// "17. + A3??  61% to 32%, better D4".
fn mistake_line(names: &Names<'_>, m: &MoveReview) -> String {
    format!(
        "{}. {}  {}, better {}",
        m.number,
        played(names, m),
        swing(m),
        m.best
    )
}

/// The move as played, with its class: "+ A3??".
fn played(names: &Names<'_>, m: &MoveReview) -> String {
    format!("{} {}{}", names.sym(m.player), m.played, m.class.suffix())
}

/// The win chance before and after the move: "61% to 32%".
fn swing(m: &MoveReview) -> String {
    format!(
        "{} to {}",
        chance_text(m.win_before, m.proven_before),
        chance_text(m.win_after, m.proven_after)
    )
}

/// Each mistake and blunder with its better move, in two columns. Returns
/// the y below.
fn draw_mistakes(
    cv: &mut Canvas<'_>,
    names: &Names<'_>,
    review: &GameReview,
    top: f32,
    w: f32,
    h: f32,
) -> f32 {
    cv.text(
        MARGIN,
        top + 4.0,
        13.0,
        "Mistakes and blunders",
        Align::Left,
        BLUE,
    );
    let bad: Vec<&MoveReview> = review
        .moves
        .iter()
        .filter(|m| m.class >= MoveClass::Mistake)
        .collect();
    let mut y = top + 10.5;
    if bad.is_empty() {
        cv.text(
            MARGIN,
            y,
            10.0,
            "none: no move lost much.",
            Align::Left,
            FAINT,
        );
        return y + 3.0;
    }
    // two columns; shrink the lines if there are very many
    let rows = bad.len().div_ceil(2);
    let room = (h - MARGIN - y - 60.0).max(20.0);
    let mut size = 9.5f32;
    let mut lh = pt_mm(size) * 1.5;
    if lh * rows as f32 > room {
        lh = room / rows as f32;
        size = lh / 1.5 / pt_mm(1.0);
    }
    let col_w = (w - 2.0 * MARGIN) / 2.0;
    for (i, m) in bad.iter().enumerate() {
        let (col, row) = (i / rows, i % rows);
        let line = mistake_line(names, m);
        cv.text_fit(
            [MARGIN + col as f32 * col_w, y + row as f32 * lh],
            size,
            col_w - 2.0,
            &line,
            Align::Left,
            ink(m.player),
        );
    }
    y += rows as f32 * lh;
    y
}

/// The whole move list with its marks, in columns filling `r`.
fn draw_annotated_moves(cv: &mut Canvas<'_>, names: &Names<'_>, review: &GameReview, r: Rect) {
    let Rect { x, y, w, h } = r;
    let heading = format!(
        "Moves ({}), with {}'s win chance after each",
        review.moves.len(),
        names.sym(Player::X)
    );
    cv.text(x, y + 4.0, 11.0, &heading, Align::Left, BLUE);
    let curve = review.x_curve();
    let cols = ((w / 36.0) as usize).clamp(1, 8);
    let rows = review.moves.len().div_ceil(cols).max(1);
    let avail = h - 7.0;
    let mut size = 9.0f32;
    let mut lh = pt_mm(size) * 1.45;
    if lh * rows as f32 > avail {
        lh = avail / rows as f32;
        size = lh / 1.45 / pt_mm(1.0);
    }
    let col_w = w / cols as f32;
    for (i, m) in review.moves.iter().enumerate() {
        let (col, row) = (i / rows, i % rows);
        let cx = x + col as f32 * col_w;
        let cy = y + 8.5 + row as f32 * lh + pt_mm(size) * 0.7;
        let text = format!(
            "{}. {} {}{}",
            m.number,
            names.sym(m.player),
            m.played,
            m.class.suffix()
        );
        let colour = if m.class >= MoveClass::Inaccuracy {
            ink(m.player)
        } else {
            BLACK
        };
        cv.text_fit([cx, cy], size, col_w * 0.66, &text, Align::Left, colour);
        let after = curve.get(m.number).copied().unwrap_or(0.5);
        cv.text(
            cx + col_w - 2.0,
            cy,
            size * 0.85,
            &percent(after),
            Align::Right,
            FAINT,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canvas::Font;
    use scribe_ai::review::MoveReview;
    use scribe_record::GameRecord;
    use scribe_rules::{Game, Square};

    /// A review of four moves in which X's chance climbs to 90%.
    fn x_pulls_ahead() -> GameReview {
        let sq = |s: &str| s.parse::<Square>().expect("a square");
        let moves = [
            ("E5", 0.5, 0.6),
            ("A1", 0.4, 0.3),
            ("D4", 0.7, 0.8),
            ("B2", 0.2, 0.1),
        ]
        .iter()
        .enumerate()
        .map(|(i, &(s, before, after))| MoveReview {
            number: i + 1,
            player: if i % 2 == 0 { Player::X } else { Player::O },
            played: sq(s),
            best: sq(s),
            win_before: before,
            win_after: after,
            proven_before: None,
            proven_after: None,
            forced: false,
            class: MoveClass::Good,
        })
        .collect();
        GameReview::from_moves(scribe_rules::Variant::Majority, moves, None)
    }

    #[test]
    fn the_graph_says_x_is_ahead_where_x_s_chance_is_high() {
        let review = x_pulls_ahead();
        assert!((review.x_curve()[4] - 0.9).abs() < 1e-9);
        let record = GameRecord::from_game(Game::new());
        for marks in MarkStyle::ALL {
            let font = Font::bundled();
            let mut cv = Canvas::new(&font, 200.0, 120.0);
            let names = Names {
                record: &record,
                marks,
            };
            let r = Rect {
                x: 20.0,
                y: 20.0,
                w: 160.0,
                h: 60.0,
            };
            draw_graph(&mut cv, &names, &review, r);
            let texts = cv.texts();
            let y = |t: &str| {
                texts
                    .iter()
                    .find(|(_, s)| s == t)
                    .map(|&(y, _)| y)
                    .unwrap_or_else(|| panic!("{t:?} is not on the graph: {texts:?}"))
            };
            let x = if marks == MarkStyle::PlusO { "+" } else { "X" };
            // 100% is at the top, where X is ahead; 0% at the bottom
            assert!(y("100%") < y("0%"));
            assert!((y(&format!("{x} ahead")) - y("100%")).abs() < r.h * 0.2);
            assert!((y("O ahead") - y("0%")).abs() < r.h * 0.2);
        }
    }
}
