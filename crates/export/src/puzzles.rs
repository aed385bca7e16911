//! The puzzle book: four puzzles a page, each drawn as on the printed board
//! (older marks slashed, the mini grid the player to move must use washed
//! with the highlighter, whose turn and the goal in words), and the
//! solutions (the winning move and the main line) on the last pages.

use super::board::{BoardGeom, dashed, draw_grid, draw_mark, draw_square_mark, seed};
use super::canvas::ink;
use super::canvas::{Align, BLACK, BLUE, Canvas, FAINT, Ink};
use super::template::Rect;
use super::{ExportError, Paper, load_font, save, with_form};
use printpdf::{Mm, PdfDocument, PdfPage};
use scribe_ai::{Goal, Puzzle};
use scribe_pen as pen;
use scribe_record::MarkStyle;
use scribe_rules::{GridIndex, Player, Position, Square, Target};

/// Puzzles on one page (two columns, two rows).
pub const PUZZLES_PER_PAGE: usize = 4;
/// Solutions on one page (one column, so that a whole main line fits).
pub const SOLUTIONS_PER_PAGE: usize = 20;

const MARGIN: f32 = 12.0;
/// The highlighter's wash and edge (the app's colours on white paper).
const WASH: Ink = Ink(1.0, 0.95, 0.68);
const WASH_EDGE: Ink = Ink(0.94, 0.71, 0.12);
const SALT: u64 = 0x9022;

/// Options for [`puzzles_pdf`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleExport {
    /// The paper size.
    pub paper: Paper,
    /// How the marks are written and drawn: "+" as on Steere's sheet, or "X".
    pub marks: MarkStyle,
}

impl Default for PuzzleExport {
    /// A4, marks drawn X and O.
    fn default() -> PuzzleExport {
        PuzzleExport {
            paper: Paper::default(),
            marks: MarkStyle::XO,
        }
    }
}

/// A PDF of puzzles, [`PUZZLES_PER_PAGE`] to a page, then the solutions
/// ([`SOLUTIONS_PER_PAGE`] to a page) at the back.
///
/// # Errors
/// No puzzles, more pages than [`super::MAX_PAGES`], or a broken bundled font.
pub fn puzzles_pdf(puzzles: &[Puzzle], opts: &PuzzleExport) -> Result<Vec<u8>, ExportError> {
    let puzzle_pages = puzzles.len().div_ceil(PUZZLES_PER_PAGE);
    let solution_pages = puzzles.len().div_ceil(SOLUTIONS_PER_PAGE);
    let total = puzzle_pages + solution_pages;
    if puzzles.is_empty() || total > super::MAX_PAGES {
        return Err(ExportError::PageCount(total));
    }
    let mut doc = super::new_document(&format!("Scribe: {} puzzles", puzzles.len()));
    let font = load_font(&mut doc)?;
    let (w, h) = opts.paper.size_mm();
    let mut pages = Vec::with_capacity(total);
    for (page, chunk) in puzzles.chunks(PUZZLES_PER_PAGE).enumerate() {
        let mut cv = Canvas::new(&font, w, h);
        let title = format!("Scribe puzzles - page {} of {total}", page + 1);
        frame(&mut cv, &title, w, h);
        let col_w = (w - 2.0 * MARGIN - 8.0) / 2.0;
        let top = MARGIN + 10.0;
        let row_h = (h - top - MARGIN - 6.0) / 2.0;
        for (i, puzzle) in chunk.iter().enumerate() {
            let slot = Rect {
                x: MARGIN + (i % 2) as f32 * (col_w + 8.0),
                y: top + (i / 2) as f32 * row_h,
                w: col_w,
                h: row_h - 4.0,
            };
            let number = page * PUZZLES_PER_PAGE + i + 1;
            draw_puzzle(&mut cv, puzzle, number, slot, opts.marks);
        }
        pages.push(finish(&mut doc, cv, w, h));
    }
    for (page, chunk) in puzzles.chunks(SOLUTIONS_PER_PAGE).enumerate() {
        let mut cv = Canvas::new(&font, w, h);
        let title = format!("Solutions - page {} of {total}", puzzle_pages + page + 1);
        frame(&mut cv, &title, w, h);
        let first = page * SOLUTIONS_PER_PAGE;
        draw_solutions(&mut cv, chunk, first, w, h, opts.marks);
        pages.push(finish(&mut doc, cv, w, h));
    }
    doc.with_pages(pages);
    Ok(save(&doc))
}

fn finish(doc: &mut PdfDocument, cv: Canvas<'_>, w: f32, h: f32) -> PdfPage {
    let (form, text) = cv.finish();
    let id = doc.add_xobject(&form);
    PdfPage::new(Mm(w), Mm(h), with_form(&id, text))
}

/// The title at the top and the credit at the bottom.
fn frame(cv: &mut Canvas<'_>, title: &str, w: f32, h: f32) {
    cv.text(MARGIN, MARGIN + 4.0, 14.0, title, Align::Left, BLUE);
    credit(cv, w / 2.0, h - 6.0);
}

/// "Scribe © Mark Steere" centred at `x`: the font has no "©", so the circle
/// is drawn with the pen round a small "c".
fn credit(cv: &mut Canvas<'_>, x: f32, y: f32) {
    let size = 8.0;
    let (left, right) = ("Scribe", "Mark Steere - puzzles made by Scribe Desk");
    let space = cv.font().width_mm(" ", size);
    let ring = 3.0;
    let total =
        cv.font().width_mm(left, size) + cv.font().width_mm(right, size) + ring + 2.0 * space;
    let mut at = x - total / 2.0;
    cv.text(at, y, size, left, Align::Left, FAINT);
    at += cv.font().width_mm(left, size) + space;
    let center = [at + ring / 2.0, y - 1.0];
    cv.text(center[0], y - 0.1, size * 0.75, "c", Align::Center, FAINT);
    let circle = pen::ellipse(center, ring / 2.0, ring / 2.0, 0.05, seed(&[SALT, 7]));
    cv.stroke(&circle, 0.2, FAINT);
    at += ring + space;
    cv.text(at, y, size, right, Align::Left, FAINT);
}

/// Where the player to move must play, in words.
fn place(pos: &Position) -> String {
    match pos.target() {
        Target::Grid(g) => format!("in the {} mini grid ({})", g.position_name(), g.span()),
        Target::Anywhere if pos.last_move(pos.to_move()).is_none() => "anywhere".to_string(),
        Target::Anywhere => "anywhere (their mini grid is full)".to_string(),
    }
}

fn goal_words(puzzle: &Puzzle) -> String {
    match puzzle.goal {
        Goal::Game => format!(
            "Goal: find the only move that wins the game ({}).",
            puzzle.variant
        ),
        Goal::Grid(g) => format!(
            "Goal: find the only move that wins the {} mini grid, whatever the reply.",
            g.position_name()
        ),
    }
}

fn draw_puzzle(cv: &mut Canvas<'_>, puzzle: &Puzzle, number: usize, r: Rect, marks: MarkStyle) {
    let pos = puzzle.position();
    let mover = pos.to_move();
    let head = format!(
        "Puzzle {number} - {} - {} empty squares",
        puzzle.difficulty.name(),
        puzzle.empties()
    );
    cv.text_fit([r.x, r.y + 5.0], 12.0, r.w, &head, Align::Left, BLACK);
    let turn = format!("{} to play {}.", marks.symbol(mover), place(&pos));
    cv.text_fit([r.x, r.y + 10.5], 9.5, r.w, &turn, Align::Left, ink(mover));
    cv.text_fit(
        [r.x, r.y + 15.5],
        9.5,
        r.w,
        &goal_words(puzzle),
        Align::Left,
        BLACK,
    );
    let area = Rect {
        x: r.x,
        y: r.y + 18.5,
        w: r.w,
        h: r.h - 18.5 - 9.0,
    };
    let geom = BoardGeom::fit(area);
    let salt = SALT ^ (number as u64).wrapping_mul(0x1_0001);
    highlight(cv, &pos, &geom, salt);
    draw_grid(cv, &geom, 8.0, salt);
    draw_marks(cv, &pos, &geom, marks, salt);
    draw_tallies(cv, &pos, &geom, marks, salt);
    // a line for the pencilled answer
    let y = r.y + r.h - 2.0;
    cv.text(r.x, y, 9.0, "Your move:", Align::Left, FAINT);
    let x0 = r.x + cv.font().width_mm("Your move: ", 9.0);
    cv.line(
        [x0, y + 0.6],
        [x0 + 24.0, y + 0.6],
        0.22,
        FAINT,
        seed(&[salt, 99]),
    );
}

/// The highlighter over the mini grid the player to move must use, with a
/// dashed frame in their ink.
fn highlight(cv: &mut Canvas<'_>, pos: &Position, geom: &BoardGeom, salt: u64) {
    let Target::Grid(g) = pos.target() else {
        return;
    };
    let c = geom.cell;
    let [x, y] = geom.grid_origin(g);
    let m = 0.12 * c;
    let (x0, y0, x1, y1) = (x - m, y - m, x + 3.0 * c + m, y + 3.0 * c + m);
    let corners = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
    cv.fill(&corners, WASH);
    cv.strokes(
        &pen::closed_path(&corners, 0.25, seed(&[salt, 91])),
        0.3,
        WASH_EDGE,
    );
    for i in 0..4 {
        let s = seed(&[salt, 90, i as u64]);
        dashed(
            cv,
            corners[i],
            corners[(i + 1) % 4],
            0.35,
            ink(pos.to_move()),
            s,
        );
    }
}

/// Every mark, older ones slashed.
fn draw_marks(cv: &mut Canvas<'_>, pos: &Position, geom: &BoardGeom, marks: MarkStyle, salt: u64) {
    let c = geom.cell;
    for sq in Square::ALL {
        let Some(p) = pos.at(sq) else { continue };
        let center = geom.center(sq);
        let k = sq.index() as u64;
        let seeds = [seed(&[salt, 50, k]), seed(&[salt, 51, k])];
        draw_square_mark(cv, p, marks, center, 0.5 * c, pos.is_slashed(sq), seeds);
    }
}

/// Each mini grid's tally under it (faded while it is in play) and the
/// winner's mark beside a full one.
fn draw_tallies(
    cv: &mut Canvas<'_>,
    pos: &Position,
    geom: &BoardGeom,
    marks: MarkStyle,
    salt: u64,
) {
    let c = geom.cell;
    for g in GridIndex::ALL {
        let score = pos.grid_score(g);
        let [x, y] = geom.grid_origin(g);
        let colour = if score.winner.is_some() { BLACK } else { FAINT };
        let text = format!(
            "{} {}  O {}",
            marks.symbol(Player::X),
            score.points.x,
            score.points.o
        );
        cv.text_fit(
            [x, y + 3.0 * c + 0.62 * c],
            7.5,
            2.2 * c,
            &text,
            Align::Left,
            colour,
        );
        if let Some(w) = score.winner {
            let (center, side) = geom.winner_box(g);
            let s = seed(&[salt, 70, g.index() as u64]);
            draw_mark(cv, w, marks, center, side * 0.62, ink(w), s);
        }
    }
}

/// The main line as "X E5, O D4, X F6".
#[must_use]
pub fn main_line_text(puzzle: &Puzzle, marks: MarkStyle) -> String {
    let mut p = puzzle.to_move;
    let mut parts = Vec::with_capacity(puzzle.line.len());
    for sq in &puzzle.line {
        parts.push(format!("{} {sq}", marks.symbol(p)));
        p = p.other();
    }
    parts.join(", ")
}

fn draw_solutions(
    cv: &mut Canvas<'_>,
    chunk: &[Puzzle],
    first: usize,
    w: f32,
    h: f32,
    marks: MarkStyle,
) {
    let per_col = SOLUTIONS_PER_PAGE;
    let col_w = w - 2.0 * MARGIN;
    let top = MARGIN + 12.0;
    let entry_h = ((h - top - MARGIN - 6.0) / per_col as f32).min(12.5);
    for (i, puzzle) in chunk.iter().enumerate() {
        let x = MARGIN + (i / per_col) as f32 * (col_w + 8.0);
        let y = top + (i % per_col) as f32 * entry_h;
        let goal = match puzzle.goal {
            Goal::Game => "wins the game".to_string(),
            Goal::Grid(g) => format!("wins the {} mini grid", g.position_name()),
        };
        let head = format!(
            "{}. {} plays {}: {goal}",
            first + i + 1,
            marks.symbol(puzzle.to_move),
            puzzle.answer
        );
        cv.text_fit([x, y + 4.0], 10.5, col_w, &head, Align::Left, BLACK);
        let line = format!("Main line: {}", main_line_text(puzzle, marks));
        cv.text_fit(
            [x + 4.0, y + 8.5],
            8.0,
            col_w - 4.0,
            &line,
            Align::Left,
            BLUE,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_line_alternates_players() {
        let puzzle = Puzzle {
            moves: vec!["E5".parse().unwrap()],
            variant: scribe_rules::Variant::Majority,
            to_move: Player::O,
            answer: "D4".parse().unwrap(),
            goal: Goal::Game,
            difficulty: scribe_ai::Difficulty::Easy,
            line: ["D4", "F6"].iter().map(|s| s.parse().unwrap()).collect(),
        };
        assert_eq!(main_line_text(&puzzle, MarkStyle::XO), "O D4, X F6");
        assert_eq!(main_line_text(&puzzle, MarkStyle::PlusO), "O D4, + F6");
    }
}
