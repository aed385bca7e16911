//! The annotated game page.

use super::GameExport;
use super::board::{
    BoardGeom, dashed, draw_grid, draw_mark, draw_small_grid, draw_square_mark, seed,
};
use super::canvas::ink;
use super::canvas::{Align, BLACK, BLUE, Canvas, FAINT, Ink, O_INK};
use super::pt_mm;
use super::template::Rect;
use scribe_pen::{self as pen, Point};
use scribe_record::{GameRecord, MarkStyle};
use scribe_rules::{
    ByPlayer, CREDIT, GameResult, GridIndex, GridMask, Player, Position, Square, Target, Variant,
    grid_groups, grid_points,
};

const MARGIN: f32 = 12.0;
/// The size of the line under each mini grid's tally ("Ann (X) wins", "in play").
const NOTE_PT: f32 = 8.0;
/// Room kept below the board for the results and the move list, mm.
const BELOW: f32 = 58.0;

/// "Ann (X)", or just "X" when the player has no other name (see
/// [`scribe_record::paper_who`]).
pub(super) fn who(record: &GameRecord, p: Player, marks: MarkStyle) -> String {
    scribe_record::paper_who(record, marks, p)
}

/// What every part of the page needs to know.
struct Sheet<'r> {
    record: &'r GameRecord,
    pos: &'r Position,
    result: GameResult,
    marks: MarkStyle,
}

impl Sheet<'_> {
    fn sym(&self, p: Player) -> &'static str {
        self.marks.symbol(p)
    }

    fn who(&self, p: Player) -> String {
        who(self.record, p, self.marks)
    }

    fn decided(&self, winner: Option<Player>) -> String {
        winner.map_or_else(
            || "undecided".to_string(),
            |p| format!("{} wins", self.sym(p)),
        )
    }
}

/// Salt for this page's strokes.
const SALT: u64 = 0x6A3E;

pub(super) fn draw_game(
    cv: &mut Canvas<'_>,
    record: &GameRecord,
    opts: &GameExport,
    w: f32,
    h: f32,
) {
    let pos = record.game.position();
    let sheet = Sheet {
        record,
        pos,
        result: pos.result(),
        marks: opts.marks,
    };
    draw_title(cv, &sheet, w);
    // the board, as large as the page allows above the results
    let top = MARGIN + 16.0;
    let area = Rect {
        x: MARGIN,
        y: top,
        w: w - 2.0 * MARGIN,
        h: (h - top - MARGIN - BELOW).max(60.0),
    };
    let geom = BoardGeom::fit(area);
    draw_grid(cv, &geom, 10.0, SALT);
    draw_marks(cv, &sheet, &geom);
    draw_next_target(cv, &sheet, &geom);
    draw_groups_and_tallies(cv, &sheet, &geom);
    // below the board: the results (left) and the move list (right)
    let below = geom.y0 - 0.8 * geom.cell + geom.height() + 2.0;
    let moves_x = draw_results(cv, &sheet, below);
    draw_moves(
        cv,
        &sheet,
        Rect {
            x: moves_x,
            y: below,
            w: w - MARGIN - moves_x,
            h: h - MARGIN - below,
        },
    ); // the credit, small in the bottom margin
    cv.text(
        w - MARGIN,
        h - MARGIN * 0.45,
        7.0,
        CREDIT,
        Align::Right,
        FAINT,
    );
}

/// The players, the variant, the date and whether the game is over.
fn draw_title(cv: &mut Canvas<'_>, sheet: &Sheet<'_>, w: f32) {
    let pos = sheet.pos;
    let title = format!(
        "Scribe: {} vs {}",
        sheet.who(Player::X),
        sheet.who(Player::O)
    );
    let stamp_w = if sheet.record.is_over() {
        0.0
    } else {
        cv.text(
            w - MARGIN,
            MARGIN + 5.0,
            13.0,
            "IN PROGRESS",
            Align::Right,
            O_INK,
        );
        cv.font().width_mm("IN PROGRESS", 13.0) + 5.0
    };
    let max_w = w - 2.0 * MARGIN - stamp_w;
    cv.text_fit(
        [MARGIN, MARGIN + 5.0],
        16.0,
        max_w,
        &title,
        Align::Left,
        BLACK,
    );
    let record = sheet.record;
    let date = record.finished.or(record.started).map_or_else(
        || "date not recorded".to_string(),
        |d| d.format("%Y-%m-%d %H:%M UTC").to_string(),
    );
    let status = if let Some(end) = record.ended_early() {
        format!(
            "finished: {} after {} moves, {} wins",
            end.describe(&sheet.who(end.loser())),
            pos.moves_played(),
            sheet.who(end.winner())
        )
    } else if pos.is_over() {
        match sheet.result.winner(record.variant) {
            Some(p) => format!("finished: {} wins", sheet.who(p)),
            None => "finished".to_string(),
        }
    } else {
        let place = match pos.target() {
            Target::Anywhere => "anywhere".to_string(),
            t @ Target::Grid(_) => format!("in {t}"),
        };
        format!(
            "in progress: {} of 81 moves played, {} to play {place}",
            pos.moves_played(),
            sheet.sym(pos.to_move()),
        )
    };
    let sub = format!("{} version - {date} - {status}", record.variant);
    let max_w = w - 2.0 * MARGIN;
    cv.text_fit(
        [MARGIN, MARGIN + 11.5],
        10.0,
        max_w,
        &sub,
        Align::Left,
        BLUE,
    );
}

/// Every mark, older moves slashed.
fn draw_marks(cv: &mut Canvas<'_>, sheet: &Sheet<'_>, geom: &BoardGeom) {
    let c = geom.cell;
    for sq in Square::ALL {
        let Some(p) = sheet.pos.at(sq) else { continue };
        let [cx, cy] = geom.center(sq);
        // a little low in the square, to leave room for a group's label
        let center = [cx, cy + 0.07 * c];
        let k = sq.index() as u64;
        draw_square_mark(
            cv,
            p,
            sheet.marks,
            center,
            0.46 * c,
            sheet.pos.is_slashed(sq),
            [seed(&[SALT, 50, k]), seed(&[SALT, 51, k])],
        );
    }
}

/// In an unfinished game, a dashed frame (in the mover's ink) around the mini
/// grid the player to move must use; the status line says it in words.
fn draw_next_target(cv: &mut Canvas<'_>, sheet: &Sheet<'_>, geom: &BoardGeom) {
    let pos = sheet.pos;
    let Target::Grid(g) = pos.target() else {
        return;
    };
    if sheet.record.is_over() {
        return;
    }
    let c = geom.cell;
    let [x, y] = geom.grid_origin(g);
    let m = 0.08 * c;
    let (x0, y0, x1, y1) = (x - m, y - m, x + 3.0 * c + m, y + 3.0 * c + m);
    let p = pos.to_move();
    let corners = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
    for i in 0..4 {
        let s = seed(&[SALT, 90, i as u64]);
        dashed(cv, corners[i], corners[(i + 1) % 4], 0.35, ink(p), s);
    }
}

/// Scoring groups outlined and labelled; each mini grid's tally and winner's mark.
fn draw_groups_and_tallies(cv: &mut Canvas<'_>, sheet: &Sheet<'_>, geom: &BoardGeom) {
    let c = geom.cell;
    for (g, score) in GridIndex::ALL.into_iter().zip(&sheet.result.grids) {
        let origin = geom.grid_origin(g);
        let gi = g.index() as u64;
        for p in Player::ALL {
            for (n, group) in score.groups[p].iter().enumerate() {
                let Some(glyph) = group.glyph else { continue };
                let s = seed(&[SALT, 60, gi, p.index() as u64, n as u64]);
                outline(cv, group.cells, origin, c, ink(p), s);
                // the label goes in the group's first square, above its mark
                let first = group.cells.iter().next().unwrap_or(GridIndex::ALL[0]);
                let lx = origin[0] + f32::from(first.col()) * c + 0.15 * c;
                let ly = origin[1] + f32::from(first.row()) * c + 0.29 * c;
                let label = format!("{} {}", glyph.name(), glyph.points());
                cv.text_fit([lx, ly], 7.0, 0.8 * c, &label, Align::Left, ink(p));
            }
        }
        let [tx, ty] = origin;
        let strip = ty + 3.0 * c;
        let faded = score.winner.is_none();
        tally(
            cv,
            [tx, strip + 0.45 * c],
            9.0,
            score.points,
            sheet.marks,
            faded,
        );
        // who won it, by name as the title writes them (the app says
        // "Computer (Expert) wins" too), in their ink and at a size that
        // reads (who drew the winner's mark is a detail of the rules, not
        // of this game)
        let (note, colour) = match score.winner {
            Some(winner) => {
                let (center, side) = geom.winner_box(g);
                let s = seed(&[SALT, 70, gi]);
                draw_mark(cv, winner, sheet.marks, center, side * 0.62, ink(winner), s);
                (format!("{} wins", sheet.who(winner)), ink(winner))
            }
            None => ("in play".to_string(), FAINT),
        };
        let at = [tx, strip + 0.88 * c];
        cv.text_fit(at, NOTE_PT, 2.1 * c, &note, Align::Left, colour);
    }
}

/// Both variants' results from `top` down; returns where the move list may start.
fn draw_results(cv: &mut Canvas<'_>, sheet: &Sheet<'_>, top: f32) -> f32 {
    let result = &sheet.result;
    let played = |v| {
        if sheet.record.variant == v {
            " (played)"
        } else {
            ""
        }
    };
    let x0 = MARGIN;
    cv.text(x0, top + 5.0, 13.0, "Result", Align::Left, BLUE);
    let y = top + 12.0;

    // Majority: mini grids won
    let col_w = 40.0;
    let heading = format!("Majority{}", played(Variant::Majority));
    cv.text_fit([x0, y], 10.0, col_w, &heading, Align::Left, BLACK);
    cv.text(x0, y + 4.5, 8.0, "mini grids won", Align::Left, FAINT);
    tally(
        cv,
        [x0, y + 10.5],
        11.0,
        result.majority.score,
        sheet.marks,
        false,
    );
    // A game that ended early was won the way it ended, in the variant played.
    let ended = |v| {
        sheet
            .record
            .ended_early()
            .filter(|_| sheet.record.variant == v)
            .map(|e| sheet.decided(Some(e.winner())))
    };
    let text = ended(Variant::Majority).unwrap_or_else(|| sheet.decided(result.majority.winner));
    cv.text(x0, y + 16.0, 10.0, &text, Align::Left, BLACK);

    // Super Glyph: the won mini grids as a 3x3 board, scored like a mini grid
    let sx = x0 + col_w + 4.0;
    let heading = format!("Super Glyph{}", played(Variant::SuperGlyph));
    cv.text_fit([sx, y], 10.0, 50.0, &heading, Align::Left, BLACK);
    let side = 22.0;
    let cell = side / 3.0;
    let origin = [sx, y + 3.0];
    draw_small_grid(cv, origin, side, seed(&[SALT, 80]));
    for p in Player::ALL {
        for g in result.won[p].iter() {
            let center = [
                origin[0] + (f32::from(g.col()) + 0.5) * cell,
                origin[1] + (f32::from(g.row()) + 0.5) * cell,
            ];
            let s = seed(&[SALT, 83, g.index() as u64]);
            draw_mark(cv, p, sheet.marks, center, cell * 0.5, BLACK, s);
        }
        for (n, group) in grid_groups(result.won[p]).iter().enumerate() {
            if group.glyph.is_some() {
                let s = seed(&[SALT, 84, p.index() as u64, n as u64]);
                outline(cv, group.cells, origin, cell, ink(p), s);
            }
        }
    }
    let tx = origin[0] + side + 3.0;
    cv.text(tx, origin[1] + 4.0, 8.0, "points", Align::Left, FAINT);
    let points = result.won.map(grid_points);
    tally(cv, [tx, origin[1] + 10.0], 11.0, points, sheet.marks, false);
    let text = match (ended(Variant::SuperGlyph), result.super_glyph) {
        (Some(text), _) => text,
        (None, Some(r)) => sheet.decided(r.winner),
        (None, None) => "so far".to_string(),
    };
    cv.text(tx, origin[1] + 15.5, 10.0, &text, Align::Left, BLACK);
    let mut ly = origin[1] + side + 4.5;
    for p in Player::ALL {
        let names: Vec<String> = grid_groups(result.won[p])
            .iter()
            .filter_map(|g| g.glyph)
            .map(|g| format!("{} {}", g.name(), g.points()))
            .collect();
        let names = if names.is_empty() {
            "-".to_string()
        } else {
            names.join(", ")
        };
        let line = format!("{}: {names}", sheet.sym(p));
        cv.text_fit([origin[0], ly], 8.0, 50.0, &line, Align::Left, ink(p));
        ly += 4.0;
    }
    sx + 54.0
}

/// "X 5  O 4", each side in its player's ink (faded while provisional).
fn tally(
    cv: &mut Canvas<'_>,
    [x, y]: Point,
    size: f32,
    points: ByPlayer<u8>,
    marks: MarkStyle,
    faded: bool,
) {
    let mut x = x;
    let gap = cv.font().width_mm("    ", size);
    for p in Player::ALL {
        let colour = if faded { FAINT } else { ink(p) };
        let n = points[p];
        if p == Player::X && marks == MarkStyle::PlusO {
            // the font's "+" is small: write it larger so it reads like the marks
            cv.text(x, y, size * 1.5, "+", Align::Left, colour);
            x += cv.font().width_mm("+ ", size * 1.5);
            cv.text(x, y, size, &n.to_string(), Align::Left, colour);
            x += cv.font().width_mm(&n.to_string(), size) + gap;
        } else {
            let t = format!("{} {n}", marks.symbol(p));
            cv.text(x, y, size, &t, Align::Left, colour);
            x += cv.font().width_mm(&t, size) + gap;
        }
    }
}

/// Outlines a group of cells of a 3x3 grid whose top-left corner is `origin`.
fn outline(cv: &mut Canvas<'_>, cells: GridMask, origin: Point, cell: f32, ink: Ink, seed: u64) {
    let width = (cell * 0.03).clamp(0.25, 0.5);
    for (i, l) in pen::outline_loops(cells, 0.09).into_iter().enumerate() {
        let pts: Vec<Point> = l
            .iter()
            .map(|p| [origin[0] + p[0] * cell, origin[1] + p[1] * cell])
            .collect();
        let strokes = pen::closed_path(&pts, cell * 0.012, seed.wrapping_add(i as u64 * 31));
        cv.strokes(&strokes, width, ink);
    }
}

/// The whole move list in notation, in columns filling `r`: one numbered
/// move an entry (`1. X D6`), as in the app's move list and on the review page.
fn draw_moves(cv: &mut Canvas<'_>, sheet: &Sheet<'_>, r: Rect) {
    let Rect { x, y, w, h } = r;
    let moves = sheet.record.game.moves();
    let heading = format!("Moves ({})", moves.len());
    cv.text(x, y + 4.0, 11.0, &heading, Align::Left, BLUE);
    if moves.is_empty() {
        cv.text(x, y + 10.0, 9.0, "no moves yet", Align::Left, FAINT);
        return;
    }
    let lines: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, sq)| {
            let p = if i % 2 == 0 { Player::X } else { Player::O };
            format!("{}. {} {sq}", i + 1, sheet.sym(p))
        })
        .collect();
    // the largest size (9 pt down to 5 pt) at which the columns, each as
    // wide as the widest entry, hold every move in the height there is
    let avail = h - 7.0;
    let widest = |size: f32| {
        lines
            .iter()
            .map(|l| cv.font().width_mm(l, size))
            .fold(0.0f32, f32::max)
    };
    let fit = |size: f32| {
        let cols = ((w / (widest(size) + 3.0)) as usize).clamp(1, 12);
        let rows = lines.len().div_ceil(cols).max(1);
        (cols, rows, pt_mm(size) * 1.45)
    };
    let mut size = 9.0f32;
    let (mut cols, mut rows, mut lh) = fit(size);
    while lh * rows as f32 > avail && size > 5.0 {
        size -= 0.5;
        (cols, rows, lh) = fit(size);
    }
    if lh * rows as f32 > avail {
        lh = avail / rows as f32;
        size = lh / 1.45 / pt_mm(1.0);
    }
    let col_w = w / cols as f32;
    for (i, line) in lines.iter().enumerate() {
        let (col, row) = (i / rows, i % rows);
        cv.text_fit(
            [
                x + col as f32 * col_w,
                y + 8.5 + row as f32 * lh + pt_mm(size) * 0.7,
            ],
            size,
            col_w - 1.0,
            line,
            Align::Left,
            BLACK,
        );
    }
}

#[cfg(test)]
mod tests {
    use scribe_ai::Level;
    use scribe_record::{GameRecord, PlayerInfo, PlayerKind};
    use scribe_rules::{ByPlayer, Player, Variant};

    /// The PDF's text, as lopdf extracts it (through the font's ToUnicode map).
    fn pdf_text(pdf: &[u8]) -> String {
        let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
        let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
        doc.extract_text(&pages).expect("text extracts")
    }

    /// A whole game, Ann (X) against the computer at Expert (O), by always
    /// playing the first legal square: every mini grid ends won.
    fn finished_game() -> GameRecord {
        let players = ByPlayer {
            x: PlayerInfo::human("Ann"),
            o: PlayerInfo {
                name: "O".to_string(),
                kind: PlayerKind::Computer(Level::Expert),
            },
        };
        let mut record = GameRecord::new(Variant::Majority, players);
        while let Some(sq) = record.game.position().legal_moves().iter().next() {
            record.game.play(sq).expect("a legal move");
        }
        assert!(record.is_over());
        record
    }

    #[test]
    fn each_grid_names_its_winner_as_the_title_does() {
        let record = finished_game();
        let text = pdf_text(&crate::game_pdf(&record).expect("the PDF is made"));
        let won = |p: Player| record.game.position().result().won[p].count() as usize;
        let (ann, computer) = (won(Player::X), won(Player::O));
        assert!(ann + computer > 0, "some grid is won");
        assert!(text.matches("Ann (X) wins").count() >= ann, "{text}");
        assert!(
            text.matches("Computer (O, Expert) wins").count() >= computer,
            "{text}"
        );
        // only the two results below the board (Majority, Super Glyph) may
        // still say a bare mark; a grid never does
        let bare = text.matches("X wins").count() + text.matches("O wins").count();
        assert!(bare <= 2, "{bare} bare \"X wins\"/\"O wins\":\n{text}");
    }
}
