//! A printable Scribbly Gum tree sheet (our own trees): the tree with its
//! circles of food, lines and dotted lines, the moth and its four starting
//! circles; the meal tracker; the score circles; the credits.

use super::board;
use super::canvas::{Align, BLACK, Canvas, FAINT, Ink};
use super::{ExportError, Paper, finish_page, load_font};
use printpdf::PdfDocument;
use scribe_gum::{CREDIT, Circle, Food, Tree};
use scribe_pen::{self as pen, Point};

const BARK: Ink = Ink(0.30, 0.24, 0.18);
const LEAF: Ink = Ink(0.22, 0.52, 0.24);
const NUT: Ink = Ink(0.55, 0.33, 0.13);
const NUT_CAP: Ink = Ink(0.33, 0.20, 0.08);
const PETAL: Ink = Ink(0.86, 0.38, 0.58);
const GOLD: Ink = Ink(0.93, 0.72, 0.15);
const WILD: Ink = Ink(0.45, 0.25, 0.60);
const TINT: Ink = Ink(0.94, 0.96, 0.92);
const TRACK_TINT: Ink = Ink(0.93, 0.93, 0.95);
const SCORE_TINT: Ink = Ink(0.92, 0.96, 0.93);

fn rect(x: f32, y: f32, w: f32, h: f32) -> Vec<Point> {
    vec![[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
}

fn circle(cv: &mut Canvas<'_>, c: Point, r: f32, width: f32, ink: Ink, seed: u64) {
    let s = pen::ellipse(c, r, r, r * 0.04, seed);
    cv.stroke(&s, width, ink);
}

fn leaf(cv: &mut Canvas<'_>, c: Point, s: f32) {
    let (len, wid) = (s, s * 0.42);
    let (ca, sa) = ((-0.6f32).cos(), (-0.6f32).sin());
    let mut pts = Vec::new();
    for i in 0..=24 {
        let t = i as f32 / 24.0;
        let (x, y) = if i <= 12 {
            let u = t * 2.0;
            (
                -len + 2.0 * len * u,
                -wid * (std::f32::consts::PI * u).sin(),
            )
        } else {
            let u = (t - 0.5) * 2.0;
            (len - 2.0 * len * u, wid * (std::f32::consts::PI * u).sin())
        };
        pts.push([c[0] + x * ca - y * sa, c[1] + x * sa + y * ca]);
    }
    cv.fill(&pts, LEAF);
    let a = [c[0] - len * 0.8 * ca, c[1] - len * 0.8 * sa];
    let b = [c[0] + len * 0.8 * ca, c[1] + len * 0.8 * sa];
    cv.stroke(&[a, b], 0.15, Ink(0.92, 0.97, 0.9));
}

fn nut(cv: &mut Canvas<'_>, c: Point, s: f32, seed: u64) {
    let body = pen::ellipse([c[0], c[1] + s * 0.2], s * 0.62, s * 0.72, 0.0, seed);
    cv.fill(&body, NUT);
    let mut cap = Vec::new();
    for i in 0..=16 {
        let a = std::f32::consts::PI * i as f32 / 16.0;
        cap.push([
            c[0] - s * 0.78 * a.cos(),
            c[1] - s * 0.15 - s * 0.5 * a.sin(),
        ]);
    }
    cv.fill(&cap, NUT_CAP);
    cv.stroke(
        &[[c[0], c[1] - s * 0.6], [c[0] + s * 0.15, c[1] - s * 0.95]],
        0.35,
        NUT_CAP,
    );
}

fn blossom(cv: &mut Canvas<'_>, c: Point, s: f32, seed: u64) {
    for k in 0..5 {
        let a = std::f32::consts::TAU * k as f32 / 5.0 - std::f32::consts::FRAC_PI_2;
        let p = [c[0] + s * 0.52 * a.cos(), c[1] + s * 0.52 * a.sin()];
        cv.dot(p, s * 0.36, PETAL, seed + k);
    }
    cv.dot(c, s * 0.25, GOLD, seed + 9);
}

fn food_icon(cv: &mut Canvas<'_>, f: Food, c: Point, s: f32, seed: u64) {
    match f {
        Food::Leaf => leaf(cv, c, s),
        Food::Nut => nut(cv, c, s, seed),
        Food::Blossom => blossom(cv, c, s, seed),
    }
}

fn wild_icon(cv: &mut Canvas<'_>, c: Point, r: f32, seed: u64) {
    let s = r * 0.42;
    food_icon(cv, Food::Nut, [c[0], c[1] - r * 0.38], s * 0.8, seed);
    food_icon(
        cv,
        Food::Leaf,
        [c[0] - r * 0.38, c[1] + r * 0.3],
        s * 0.8,
        seed + 1,
    );
    food_icon(
        cv,
        Food::Blossom,
        [c[0] + r * 0.38, c[1] + r * 0.3],
        s * 0.8,
        seed + 2,
    );
    cv.text(c[0], c[1] + r * 0.2, 6.0, "/", Align::Center, WILD);
}

fn moth(cv: &mut Canvas<'_>, c: Point, s: f32, seed: u64) {
    for (dx, dy, rx, ry) in [
        (-0.42, -0.22, 0.42, 0.3),
        (0.42, -0.22, 0.42, 0.3),
        (-0.32, 0.26, 0.3, 0.22),
        (0.32, 0.26, 0.3, 0.22),
    ] {
        let w = pen::ellipse([c[0] + dx * s, c[1] + dy * s], rx * s, ry * s, 0.0, seed);
        cv.fill(&w, Ink(0.84, 0.78, 0.66));
        cv.stroke(&w, 0.3, BARK);
    }
    let body = pen::ellipse(c, s * 0.12, s * 0.42, 0.0, seed + 1);
    cv.fill(&body, BARK);
    cv.line(
        [c[0] - s * 0.05, c[1] - s * 0.4],
        [c[0] - s * 0.25, c[1] - s * 0.72],
        0.25,
        BARK,
        seed + 2,
    );
    cv.line(
        [c[0] + s * 0.05, c[1] - s * 0.4],
        [c[0] + s * 0.25, c[1] - s * 0.72],
        0.25,
        BARK,
        seed + 3,
    );
}

fn dotted(cv: &mut Canvas<'_>, a: Point, b: Point, seed: u64) {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = (dx * dx + dy * dy).sqrt();
    let n = (len / 1.6) as usize;
    for i in 0..=n {
        let t = i as f32 / n.max(1) as f32;
        cv.dot([a[0] + dx * t, a[1] + dy * t], 0.32, BARK, seed + i as u64);
    }
}

/// Four little arrows round a tracker circle: an extra move.
fn arrows(cv: &mut Canvas<'_>, c: Point, r: f32) {
    let d = r + 1.3;
    for (ux, uy) in [(1.0f32, 0.0f32), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
        let tip = [c[0] + ux * (d + 1.0), c[1] + uy * (d + 1.0)];
        let (px, py) = (-uy, ux);
        let base = [c[0] + ux * d, c[1] + uy * d];
        cv.fill(
            &[
                tip,
                [base[0] + px * 0.8, base[1] + py * 0.8],
                [base[0] - px * 0.8, base[1] - py * 0.8],
            ],
            BARK,
        );
    }
}

/// A PDF of one tree sheet.
///
/// # Errors
/// Only if the bundled font is broken.
pub fn gum_sheet_pdf(tree: &Tree, paper: Paper) -> Result<Vec<u8>, ExportError> {
    let mut doc = PdfDocument::new("Scribbly Gum tree sheet");
    let font = load_font(&mut doc)?;
    let (w, h) = paper.size_mm();
    let mut cv = Canvas::new(&font, w, h);
    let m = 12.0;
    let salt = 0x6A77;
    cv.text(
        m,
        m + 7.0,
        22.0,
        &format!("Scribbly Gum · {}", tree.name),
        Align::Left,
        BARK,
    );
    cv.text(
        w - m,
        m + 7.0,
        9.0,
        "Draw one line a turn; fill the circle; fill its food on your tracker.",
        Align::Right,
        FAINT,
    );
    // areas
    let track_w = 50.0;
    let top = m + 13.0;
    let score_h = 44.0;
    let bottom = h - m - score_h - 8.0;
    let tree_w = w - 2.0 * m - track_w - 4.0;
    cv.fill(&rect(m, top, tree_w, bottom - top), TINT);
    // the tree grid
    let cols = f32::from(tree.cols);
    let rows = f32::from(tree.rows);
    let step = ((tree_w - 8.0) / cols).min((bottom - top - 8.0) / rows);
    let ox = m + (tree_w - step * cols) / 2.0 + step / 2.0;
    let oy = top + (bottom - top - step * rows) / 2.0 + step / 2.0;
    let pos = |col: u8, row: u8| [ox + step * f32::from(col), oy + step * f32::from(row)];
    let r = step * 0.3;
    for (i, l) in tree.lines.iter().enumerate() {
        let (a, b) = (tree.nodes[l.a], tree.nodes[l.b]);
        let (pa, pb) = (pos(a.col, a.row), pos(b.col, b.row));
        let (dx, dy) = (pb[0] - pa[0], pb[1] - pa[1]);
        let len = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = (dx / len, dy / len);
        let a2 = [pa[0] + ux * (r + 0.6), pa[1] + uy * (r + 0.6)];
        let b2 = [pb[0] - ux * (r + 0.6), pb[1] - uy * (r + 0.6)];
        if l.dotted {
            dotted(&mut cv, a2, b2, board::seed(&[salt, 1, i as u64]));
        } else {
            cv.line(a2, b2, 0.55, BARK, board::seed(&[salt, 2, i as u64]));
        }
    }
    for (i, n) in tree.nodes.iter().enumerate() {
        let c = pos(n.col, n.row);
        let seed = board::seed(&[salt, 3, i as u64]);
        match n.circle {
            Circle::Start => {
                let s = pen::ellipse(c, r * 0.8, r * 0.8, 0.0, seed);
                cv.fill(&s, BARK);
            }
            Circle::Food(f, k) => {
                let fill = pen::ellipse(c, r, r, 0.0, seed);
                cv.fill(&fill, Ink(1.0, 1.0, 1.0));
                circle(&mut cv, c, r, 0.5, BARK, seed);
                let s = r * [0.55, 0.42, 0.36][usize::from(k - 1)];
                let spots: &[(f32, f32)] = match k {
                    1 => &[(0.0, 0.0)],
                    2 => &[(-0.42, 0.0), (0.42, 0.0)],
                    _ => &[(0.0, -0.4), (-0.42, 0.3), (0.42, 0.3)],
                };
                for (j, (dx, dy)) in spots.iter().enumerate() {
                    food_icon(
                        &mut cv,
                        f,
                        [c[0] + dx * r, c[1] + dy * r],
                        s,
                        seed + j as u64,
                    );
                }
            }
            Circle::Wild => {
                let fill = pen::ellipse(c, r, r, 0.0, seed);
                cv.fill(&fill, Ink(1.0, 0.98, 0.9));
                circle(&mut cv, c, r, 0.5, WILD, seed);
                wild_icon(&mut cv, c, r, seed);
            }
        }
    }
    let mc = pos(tree.moth.0, tree.moth.1);
    moth(&mut cv, mc, step * 0.55, salt + 7);
    // the meal tracker
    let tx = w - m - track_w;
    cv.fill(&rect(tx, top, track_w, bottom - top), TRACK_TINT);
    cv.text(
        tx + track_w / 2.0,
        top + 6.0,
        12.0,
        "Meal tracker",
        Align::Center,
        BARK,
    );
    let cw = (track_w - 10.0) / 3.0;
    let head = top + 14.0;
    let row_h = (bottom - head - 18.0) / 15.0;
    let tr = (row_h * 0.36).min(cw * 0.3);
    for (k, f) in Food::ALL.into_iter().enumerate() {
        let cx = tx + 10.0 + cw * (k as f32 + 0.5);
        food_icon(&mut cv, f, [cx, head - 1.0], 2.6, salt + 20 + k as u64);
        for row in 0..15 {
            let cy = head + row_h * (row as f32 + 0.9);
            circle(
                &mut cv,
                [cx, cy],
                tr,
                0.35,
                BARK,
                board::seed(&[salt, 4, k as u64, row]),
            );
            if tree.tracker.arrows[k][row as usize] {
                arrows(&mut cv, [cx, cy], tr);
            }
        }
        let by = head + row_h * 15.0 + 7.0;
        cv.text(
            cx,
            by,
            9.0,
            &format!("+{}", tree.tracker.column_bonus),
            Align::Center,
            BARK,
        );
    }
    for row in 0..15 {
        let cy = head + row_h * (row as f32 + 0.9);
        cv.text(
            tx + 5.0,
            cy + 1.2,
            8.0,
            &tree.tracker.meals[row].to_string(),
            Align::Center,
            BLACK,
        );
    }
    cv.text(
        tx + track_w / 2.0,
        bottom - 3.0,
        6.5,
        "meals · column bonus",
        Align::Center,
        FAINT,
    );
    // the score circles
    let sy = bottom + 4.0;
    cv.fill(&rect(m, sy, w - 2.0 * m, score_h), SCORE_TINT);
    let boxes = [
        ("Round 1", "meals"),
        ("Round 2", "meals"),
        ("Round 3", "meals"),
        ("Column", "bonus"),
        ("A", "achievement"),
        ("B", "achievement"),
        ("C", "achievement"),
        ("Final", "score"),
    ];
    let bw = (w - 2.0 * m) / boxes.len() as f32;
    for (i, (a, b)) in boxes.iter().enumerate() {
        let cx = m + bw * (i as f32 + 0.5);
        let cy = sy + 17.0;
        let rr = if i == boxes.len() - 1 { 9.5 } else { 8.0 };
        let ink = if (4..7).contains(&i) { GOLD } else { BARK };
        circle(
            &mut cv,
            [cx, cy],
            rr,
            0.6,
            ink,
            board::seed(&[salt, 5, i as u64]),
        );
        cv.text(cx, cy + rr + 5.0, 9.0, a, Align::Center, BARK);
        cv.text(cx, cy + rr + 9.0, 7.0, b, Align::Center, FAINT);
        if i > 0 && i < boxes.len() {
            let sign = if i == boxes.len() - 1 { "=" } else { "+" };
            cv.text(
                m + bw * i as f32,
                cy + 1.5,
                11.0,
                sign,
                Align::Center,
                FAINT,
            );
        }
    }
    cv.text(m, h - m - 4.0, 11.0, "Name", Align::Left, BARK);
    board::rule(&mut cv, m + 12.0, m + 90.0, h - m - 3.5, salt + 9);
    cv.text(
        w - m,
        h - m - 4.0,
        7.5,
        "Achievements A-C: advanced and solo games only.",
        Align::Right,
        FAINT,
    );
    cv.text_fit(
        [w / 2.0, h - 5.0],
        7.5,
        w - 2.0 * m,
        CREDIT,
        Align::Center,
        FAINT,
    );
    let page = finish_page(&mut doc, cv, w, h);
    doc.with_pages(vec![page]);
    Ok(super::save(&doc))
}
