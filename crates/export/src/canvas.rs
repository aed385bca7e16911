//! A page being drawn: hand-drawn strokes go into one raw content stream (a
//! form XObject, so a drawing repeated on many pages is stored once), text
//! goes into printpdf text ops so it stays selectable and searchable.
//!
//! Callers work in millimetres with y pointing down from the top-left corner,
//! the same convention as [`scribe_pen`]; the flip to PDF points happens here.

use super::template::mm_to_pt;
use printpdf::{
    Color, DictItem, ExternalStream, ExternalXObject, FontId, Op, ParsedFont, PdfFontHandle, Pt,
    Rgb, TextItem, TextMatrix,
};
use scribe_pen::{self as pen, Point, Stroke};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use unicode_normalization::UnicodeNormalization as _;

/// An ink colour (0–1 per channel).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Ink(pub f32, pub f32, pub f32);

/// Dark blue: the board's lines.
pub(crate) const BLUE: Ink = Ink(0.10, 0.18, 0.45);
/// Near black: marks and text.
pub(crate) const BLACK: Ink = Ink(0.08, 0.08, 0.10);
/// Faded blue for guides and secondary text.
pub(crate) const FAINT: Ink = Ink(0.45, 0.50, 0.62);
/// X's outlines and labels.
pub(crate) const X_INK: Ink = Ink(0.05, 0.30, 0.62);
/// O's outlines and labels.
pub(crate) const O_INK: Ink = Ink(0.68, 0.16, 0.12);

/// Horizontal alignment of a line of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
    Right,
}

/// The embedded font and how wide its glyphs are.
pub(crate) struct Font {
    pub parsed: ParsedFont,
    pub id: FontId,
}

impl Font {
    /// Whether the font has a glyph for `c`.
    pub fn has(&self, c: char) -> bool {
        self.parsed.lookup_glyph_index(c as u32).is_some()
    }

    /// `c` if the font has it; else its base letter if the font has that
    /// (`ễ` → `e`: the font covers Latin-1 and Latin Extended-A, not every
    /// accent); else `?`.
    pub fn printable(&self, c: char) -> char {
        if self.has(c) {
            return c;
        }
        match std::iter::once(c).nfd().next() {
            Some(base) if base != c && self.has(base) => base,
            _ => '?',
        }
    }

    /// Width of `text` at `size_pt`, in mm.
    pub fn width_mm(&self, text: &str, size_pt: f32) -> f32 {
        let upm = f32::from(self.parsed.units_per_em.max(1));
        let units: f32 = text
            .chars()
            .map(|c| {
                self.parsed
                    .lookup_glyph_index(c as u32)
                    .and_then(|g| self.parsed.get_glyph_width(g))
                    .map_or(upm * 0.5, f32::from)
            })
            .sum();
        units / upm * size_pt * 25.4 / 72.0
    }
}

/// One page's drawing.
pub(crate) struct Canvas<'f> {
    font: &'f Font,
    width_pt: f32,
    height_pt: f32,
    gfx: String,
    text: Vec<Op>,
    stroke_state: Option<(Ink, f32)>,
    fill_state: Option<Ink>,
}

impl<'f> Canvas<'f> {
    /// An empty page of the given size in mm.
    pub fn new(font: &'f Font, width_mm: f32, height_mm: f32) -> Canvas<'f> {
        let mut gfx = String::with_capacity(64 * 1024);
        // round caps and joins: a pen, not a ruling machine
        gfx.push_str("1 J 1 j\n");
        Canvas {
            font,
            width_pt: mm_to_pt(width_mm),
            height_pt: mm_to_pt(height_mm),
            gfx,
            text: Vec::new(),
            stroke_state: None,
            fill_state: None,
        }
    }

    /// The font, for measuring.
    pub fn font(&self) -> &'f Font {
        self.font
    }

    fn xy(&mut self, p: Point) {
        let x = mm_to_pt(p[0]);
        let y = self.height_pt - mm_to_pt(p[1]);
        let _ = write!(self.gfx, "{} {} ", num(x), num(y));
    }

    fn set_stroke(&mut self, ink: Ink, width_mm: f32) {
        if self.stroke_state != Some((ink, width_mm)) {
            let _ = writeln!(
                self.gfx,
                "{} {} {} RG {} w",
                num(ink.0),
                num(ink.1),
                num(ink.2),
                num(mm_to_pt(width_mm))
            );
            self.stroke_state = Some((ink, width_mm));
        }
    }

    fn set_fill(&mut self, ink: Ink) {
        if self.fill_state != Some(ink) {
            let _ = writeln!(self.gfx, "{} {} {} rg", num(ink.0), num(ink.1), num(ink.2));
            self.fill_state = Some(ink);
        }
    }

    fn path(&mut self, pts: &[Point]) {
        for (i, &p) in pts.iter().enumerate() {
            self.xy(p);
            self.gfx.push_str(if i == 0 { "m " } else { "l " });
        }
    }

    /// Strokes a polyline.
    pub fn stroke(&mut self, pts: &[Point], width_mm: f32, ink: Ink) {
        if pts.len() < 2 {
            return;
        }
        self.set_stroke(ink, width_mm);
        self.path(pts);
        self.gfx.push_str("S\n");
    }

    /// Strokes several polylines.
    pub fn strokes(&mut self, strokes: &[Stroke], width_mm: f32, ink: Ink) {
        for s in strokes {
            self.stroke(s, width_mm, ink);
        }
    }

    /// Fills a closed polygon.
    pub fn fill(&mut self, pts: &[Point], ink: Ink) {
        if pts.len() < 3 {
            return;
        }
        self.set_fill(ink);
        self.path(pts);
        self.gfx.push_str("f\n");
    }

    /// A hand-drawn line (see [`pen::line`]).
    pub fn line(&mut self, a: Point, b: Point, width_mm: f32, ink: Ink, seed: u64) {
        let wobble = (width_mm * 0.9).max(0.18);
        let s = pen::line(a, b, wobble, seed);
        self.stroke(&s, width_mm, ink);
    }

    /// A filled ink dot of radius `r` (a small hand-drawn disc).
    pub fn dot(&mut self, center: Point, r: f32, ink: Ink, seed: u64) {
        let s = pen::ellipse(center, r, r, r * 0.12, seed);
        self.fill(&s, ink);
    }

    /// A line of text with its baseline at `y`.
    pub fn text(&mut self, x: f32, y: f32, size_pt: f32, text: &str, align: Align, ink: Ink) {
        if text.is_empty() {
            return;
        }
        // a character the font lacks would print as an empty box
        let text: String = text.chars().map(|c| self.font.printable(c)).collect();
        let w = self.font.width_mm(&text, size_pt);
        let x = match align {
            Align::Left => x,
            Align::Center => x - w / 2.0,
            Align::Right => x - w,
        };
        self.text.extend([
            Op::StartTextSection,
            Op::SetFont {
                font: PdfFontHandle::External(self.font.id.clone()),
                size: Pt(size_pt),
            },
            Op::SetFillColor {
                col: Color::Rgb(Rgb {
                    r: ink.0,
                    g: ink.1,
                    b: ink.2,
                    icc_profile: None,
                }),
            },
            Op::SetTextMatrix {
                matrix: TextMatrix::Translate(Pt(mm_to_pt(x)), Pt(self.height_pt - mm_to_pt(y))),
            },
            Op::ShowText {
                items: vec![TextItem::Text(text)],
            },
            Op::EndTextSection,
        ]);
    }

    /// Text shrunk if needed to fit `max_w` mm.
    pub fn text_fit(
        &mut self,
        [x, y]: Point,
        size_pt: f32,
        max_w: f32,
        text: &str,
        align: Align,
        ink: Ink,
    ) {
        let w = self.font.width_mm(text, size_pt);
        let size = if w > max_w && w > 0.0 {
            size_pt * max_w / w
        } else {
            size_pt
        };
        self.text(x, y, size, text, align, ink);
    }

    /// Each line of text written so far, with its baseline's y in mm from
    /// the top of the page (for tests of where words land).
    #[cfg(test)]
    pub(crate) fn texts(&self) -> Vec<(f32, String)> {
        let mut y = 0.0;
        let mut out = Vec::new();
        for op in &self.text {
            match op {
                Op::SetTextMatrix {
                    matrix: TextMatrix::Translate(_, Pt(ty)),
                } => y = (self.height_pt - ty) / mm_to_pt(1.0),
                Op::ShowText { items } => {
                    for item in items {
                        if let TextItem::Text(t) = item {
                            out.push((y, t.clone()));
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The strokes as a form XObject covering the page, and the text ops.
    pub fn finish(self) -> (ExternalXObject, Vec<Op>) {
        let mut dict = BTreeMap::new();
        dict.insert("Type".to_string(), DictItem::Name(b"XObject".to_vec()));
        dict.insert("Subtype".to_string(), DictItem::Name(b"Form".to_vec()));
        dict.insert(
            "BBox".to_string(),
            DictItem::Array(vec![
                DictItem::Int(0),
                DictItem::Int(0),
                DictItem::Real(self.width_pt),
                DictItem::Real(self.height_pt),
            ]),
        );
        let xobject = ExternalXObject {
            stream: ExternalStream {
                dict,
                content: self.gfx.into_bytes(),
                compress: true,
            },
            width: None,
            height: None,
            dpi: None,
        };
        (xobject, self.text)
    }
}

/// A number for a content stream: two decimals, no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A player's ink on the page.
pub(super) fn ink(p: scribe_rules::Player) -> Ink {
    match p {
        scribe_rules::Player::X => X_INK,
        scribe_rules::Player::O => O_INK,
    }
}

#[cfg(test)]
mod tests {
    use super::{Font, num};
    use printpdf::{FontId, ParsedFont};

    impl Font {
        pub(crate) fn bundled() -> Font {
            let parsed = ParsedFont::from_bytes(scribe_pen::HAND_FONT, 0, &mut Vec::new())
                .expect("printpdf reads the bundled font");
            Font {
                parsed,
                id: FontId::new(),
            }
        }
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(0.105), "0.1");
        assert_eq!(num(12.3456), "12.35");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn letters_the_font_lacks_fall_back_to_their_base_letter() {
        let font = Font::bundled();
        // Latin-1 and Latin Extended-A are in the font as they are
        for c in ['é', 'Ü', 'ë', 'Ł', 'ő', 'ž', 'µ'] {
            assert_eq!(font.printable(c), c);
        }
        // Vietnamese ễ is not: its base letter is
        assert_eq!(font.printable('ễ'), 'e');
        assert_eq!(font.printable('☃'), '?');
        assert_eq!(font.printable('Ж'), '?');
    }
}
