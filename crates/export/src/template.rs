//! Page layouts for printable boards, read from RON files.
//!
//! A template gives the paper size and, for each board on the page, where its
//! parts go, in millimetres from the **top-left** corner of the page:
//!
//! ```ron
//! (
//!     name: "A4, one board",
//!     page: (width: 210.0, height: 297.0),
//!     boards: [(
//!         header: (x: 52.0, y: 14.0, w: 106.0, h: 30.0),
//!         grid: (x: 52.0, y: 52.0, w: 106.0, h: 140.0),
//!         footer: (x: 52.0, y: 200.0, w: 106.0, h: 80.0),
//!         left_legend: (x: 10.0, y: 14.0, w: 38.0, h: 270.0),
//!         right_legend: (x: 162.0, y: 14.0, w: 38.0, h: 270.0),
//!     )],
//! )
//! ```
//!
//! The files in `templates/` are the source; the built-in ones are compiled
//! in so the program works from anywhere.

use serde::Deserialize;
use std::path::Path;

/// The most boards on one page.
pub const MAX_BOARDS_PER_PAGE: usize = 8;

/// The most cut lines on one page.
pub const MAX_CUT_LINES: usize = 64;

/// The built-in templates: (file stem, text).
const BUILTIN: [(&str, &str); 3] = [
    ("a4", include_str!("../../../templates/a4.ron")),
    ("letter", include_str!("../../../templates/letter.ron")),
    (
        "a4-two-up",
        include_str!("../../../templates/a4-two-up.ron"),
    ),
];

/// A printable-board layout.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// A human-readable name, e.g. `"A4, one board"`.
    pub name: String,
    /// The paper size.
    pub page: PageSize,
    /// The boards on each page (one or more).
    pub boards: Vec<BoardSlot>,
    /// Dashed lines to cut along (e.g. between the boards of a two-up sheet).
    #[serde(default)]
    pub cut_lines: Vec<CutLine>,
}

/// A straight dashed line from (`x1`, `y1`) to (`x2`, `y2`), in mm from the top-left.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CutLine {
    /// Start, from the left.
    pub x1: f32,
    /// Start, from the top.
    pub y1: f32,
    /// End, from the left.
    pub x2: f32,
    /// End, from the top.
    pub y2: f32,
}

/// A paper size in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageSize {
    /// Width in mm.
    pub width: f32,
    /// Height in mm.
    pub height: f32,
}

/// A rectangle in mm, from the top-left corner of the page (y down).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// Where one board's parts go on the page.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSlot {
    /// Lines for the players' names and the date.
    pub header: Rect,
    /// The super grid with its coordinates; the board is fitted inside and centred.
    pub grid: Rect,
    /// Lines for the result of both variants.
    pub footer: Rect,
    /// The 19 glyphs, left margin.
    pub left_legend: Rect,
    /// The 19 glyphs again, right margin.
    pub right_legend: Rect,
    /// Columns of each legend (1–4).
    #[serde(default = "one")]
    pub legend_columns: u8,
    /// Size of the text in points.
    #[serde(default = "default_text_pt")]
    pub text_pt: f32,
    /// Print the five markers a camera finds the board by (`scribe scan`):
    /// three on the row of column letters, two just under the board (leave
    /// 0.7 squares free below the last tally strip). On unless `false`.
    #[serde(default = "yes")]
    pub markers: bool,
}

impl BoardSlot {
    /// The rectangles with their field names.
    fn rects(&self) -> [(&'static str, Rect); 5] {
        [
            ("header", self.header),
            ("grid", self.grid),
            ("footer", self.footer),
            ("left_legend", self.left_legend),
            ("right_legend", self.right_legend),
        ]
    }
}

fn yes() -> bool {
    true
}

fn one() -> u8 {
    1
}

fn default_text_pt() -> f32 {
    10.0
}

/// Paper sizes with built-in templates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in mm (portrait).
    #[must_use]
    pub const fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// Why a template cannot be used. Every message names the field.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TemplateError {
    /// Not valid RON, or a field is missing, unknown or of the wrong type.
    #[error("line {line}, column {column}{}: {message}", field.as_ref().map(|f| format!(", field `{f}`")).unwrap_or_default())]
    Syntax {
        /// One-based line.
        line: usize,
        /// One-based column.
        column: usize,
        /// The field being read where the error is (`boards[0].grid.w`), if known.
        field: Option<String>,
        /// What the parser found wrong.
        message: String,
    },
    /// The template parses but a value is out of range.
    #[error("field `{field}`: {message}")]
    Invalid {
        /// The field, e.g. `boards[1].left_legend`.
        field: String,
        /// What is wrong with it.
        message: String,
    },
    /// The file cannot be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The path.
        path: String,
        /// The OS error.
        message: String,
    },
}

impl Template {
    /// The built-in template for a paper size with one or two boards per page.
    ///
    /// # Errors
    /// `per_page` other than 1 or 2, or Letter two-up (there is no such built-in).
    pub fn builtin(paper: Paper, per_page: usize) -> Result<Template, TemplateError> {
        let stem = match (paper, per_page) {
            (Paper::A4, 1) => "a4",
            (Paper::Letter, 1) => "letter",
            (Paper::A4, 2) => "a4-two-up",
            (p, n) => {
                return Err(TemplateError::Invalid {
                    field: "--per-page".into(),
                    message: format!(
                        "no built-in template for {p:?} with {n} boards per page \
                         (built in: A4 1 or 2, Letter 1; use --template FILE)"
                    ),
                });
            }
        };
        let text = BUILTIN
            .iter()
            .find(|(s, _)| *s == stem)
            .map_or("", |(_, t)| *t);
        Template::from_ron(text)
    }

    /// Parses and checks a template.
    ///
    /// # Errors
    /// Bad RON (line, column and the field being read), or a value out of range
    /// (naming the field).
    pub fn from_ron(text: &str) -> Result<Template, TemplateError> {
        let t: Template = ron::from_str(text).map_err(|e| TemplateError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            field: field_at(text, e.span.start.line, e.span.start.col),
            message: scribe_record::ron_message(&e.code),
        })?;
        t.validate()?;
        Ok(t)
    }

    /// Reads a template file (a regular file of at most
    /// [`scribe_fsio::MAX_INPUT_BYTES`], see [`scribe_fsio::read_text`]).
    ///
    /// # Errors
    /// The file cannot be read, or as [`Template::from_ron`].
    pub fn load(path: &Path) -> Result<Template, TemplateError> {
        let text = scribe_fsio::read_text(path).map_err(|e| TemplateError::Io {
            path: scribe_rules::escape_path_shown(&path.display().to_string(), 200),
            message: e.reason,
        })?;
        Template::from_ron(&text)
    }

    /// Page width and height in points.
    #[must_use]
    pub fn page_pt(&self) -> (f32, f32) {
        (mm_to_pt(self.page.width), mm_to_pt(self.page.height))
    }

    fn validate(&self) -> Result<(), TemplateError> {
        let bad = |field: String, message: String| Err(TemplateError::Invalid { field, message });
        let (pw, ph) = (self.page.width, self.page.height);
        // Every number finite first: NaN passes no comparison and would
        // reach the PDF as "NaN", which viewers refuse.
        let numbers = |i: usize, b: &BoardSlot| {
            let mut v = vec![(format!("boards[{i}].text_pt"), b.text_pt)];
            for (name, r) in b.rects() {
                for (k, x) in [("x", r.x), ("y", r.y), ("w", r.w), ("h", r.h)] {
                    v.push((format!("boards[{i}].{name}.{k}"), x));
                }
            }
            v
        };
        let mut all = vec![
            ("page.width".to_string(), pw),
            ("page.height".to_string(), ph),
        ];
        for (i, b) in self.boards.iter().enumerate().take(MAX_BOARDS_PER_PAGE) {
            all.extend(numbers(i, b));
        }
        for (i, l) in self.cut_lines.iter().enumerate().take(MAX_CUT_LINES) {
            for (k, x) in [("x1", l.x1), ("y1", l.y1), ("x2", l.x2), ("y2", l.y2)] {
                all.push((format!("cut_lines[{i}].{k}"), x));
            }
        }
        if let Some((field, v)) = all.into_iter().find(|(_, v)| !v.is_finite()) {
            return bad(field, format!("{v} is not a number of millimetres"));
        }
        for (name, v) in [("page.width", pw), ("page.height", ph)] {
            if !(50.0..=2000.0).contains(&v) {
                return bad(
                    name.into(),
                    format!("{v} mm is not a paper size (50-2000 mm)"),
                );
            }
        }
        if self.boards.is_empty() {
            return bad("boards".into(), "at least one board is needed".into());
        }
        if self.boards.len() > MAX_BOARDS_PER_PAGE {
            return bad(
                "boards".into(),
                format!(
                    "{} boards: at most {MAX_BOARDS_PER_PAGE} boards per page",
                    self.boards.len()
                ),
            );
        }
        if self.cut_lines.len() > MAX_CUT_LINES {
            return bad(
                "cut_lines".into(),
                format!(
                    "{} cut lines: at most {MAX_CUT_LINES} per page",
                    self.cut_lines.len()
                ),
            );
        }
        for (i, b) in self.boards.iter().enumerate() {
            for (name, r) in b.rects() {
                let field = format!("boards[{i}].{name}");
                if !(r.w > 0.0 && r.h > 0.0) {
                    return bad(
                        field,
                        format!("width and height must be positive (w: {}, h: {})", r.w, r.h),
                    );
                }
                if r.x < 0.0 || r.y < 0.0 || r.x + r.w > pw + 0.01 || r.y + r.h > ph + 0.01 {
                    return bad(
                        field,
                        format!(
                            "extends beyond the {pw} x {ph} mm page (x {} to {}, y {} to {})",
                            r.x,
                            r.x + r.w,
                            r.y,
                            r.y + r.h
                        ),
                    );
                }
            }
            if !(1..=4).contains(&b.legend_columns) {
                return bad(
                    format!("boards[{i}].legend_columns"),
                    format!("{} is not 1-4", b.legend_columns),
                );
            }
            if !(4.0..=40.0).contains(&b.text_pt) {
                return bad(
                    format!("boards[{i}].text_pt"),
                    format!("{} pt is not a text size (4-40)", b.text_pt),
                );
            }
        }
        for (i, l) in self.cut_lines.iter().enumerate() {
            let inside = |x: f32, y: f32| (0.0..=pw).contains(&x) && (0.0..=ph).contains(&y);
            if !inside(l.x1, l.y1) || !inside(l.x2, l.y2) {
                return bad(
                    format!("cut_lines[{i}]"),
                    format!("extends beyond the {pw} x {ph} mm page"),
                );
            }
        }
        Ok(())
    }
}

/// Millimetres to PDF points.
#[must_use]
pub fn mm_to_pt(mm: f32) -> f32 {
    mm * 72.0 / 25.4
}

/// The path of the field being read at (line, column) of a RON text, e.g.
/// `boards[0].grid.w`: a small scan that follows `name:` keys and the nesting
/// of `(`, `[` and `,`.
fn field_at(text: &str, line: usize, column: usize) -> Option<String> {
    #[derive(Debug)]
    enum Frame {
        Struct(Option<String>),
        List(usize),
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut ident = String::new();
    let (mut l, mut c) = (1usize, 0usize);
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(ch) = chars.next() {
        c += 1;
        if (l, c) >= (line, column) {
            break;
        }
        if ch == '\n' {
            l += 1;
            c = 0;
        }
        if in_string {
            if ch == '\\' {
                chars.next();
                c += 1;
            } else if ch == '"' {
                in_string = false;
            }
            continue;
        }
        match ch {
            '"' => in_string = true,
            '/' if chars.peek() == Some(&'/') => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        l += 1;
                        c = 0;
                        break;
                    }
                }
            }
            c2 if c2.is_alphanumeric() || c2 == '_' => ident.push(c2),
            c2 if c2.is_whitespace() => {}
            ':' => {
                if let Some(Frame::Struct(f)) = stack.last_mut() {
                    *f = Some(std::mem::take(&mut ident));
                }
            }
            '(' => stack.push(Frame::Struct(None)),
            '[' => stack.push(Frame::List(0)),
            ')' | ']' => {
                stack.pop();
            }
            ',' => match stack.last_mut() {
                Some(Frame::List(n)) => *n += 1,
                Some(Frame::Struct(f)) => *f = None,
                None => {}
            },
            _ => {}
        }
        if !(ch.is_alphanumeric() || ch == '_' || ch.is_whitespace()) {
            ident.clear();
        }
    }
    let mut path = String::new();
    for frame in &stack {
        match frame {
            Frame::Struct(Some(f)) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(f);
            }
            Frame::Struct(None) => {}
            Frame::List(n) => path.push_str(&format!("[{n}]")),
        }
    }
    if path.is_empty() { None } else { Some(path) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_templates_load() {
        for (paper, n) in [(Paper::A4, 1), (Paper::Letter, 1), (Paper::A4, 2)] {
            let t = Template::builtin(paper, n).unwrap();
            assert_eq!(t.boards.len(), n);
        }
        assert!(Template::builtin(Paper::Letter, 3).is_err());
    }

    #[test]
    fn field_path_follows_nesting() {
        let text = "(\n name: \"x\",\n boards: [\n (a: 1),\n (grid: (x: 1.0, w: \"wide\"))\n ],\n)";
        // position of "wide"
        let line = 5;
        let column = text.lines().nth(4).unwrap().find("\"wide").unwrap() + 1;
        assert_eq!(
            field_at(text, line, column).as_deref(),
            Some("boards[1].grid.w")
        );
    }

    const A4: &str = include_str!("../../../templates/a4.ron");

    #[test]
    fn every_number_must_be_finite() {
        for (from, to, field) in [
            ("grid: (x: 41.0", "grid: (x: NaN", "boards[0].grid.x"),
            (
                "grid: (x: 41.0, y: 44.0",
                "grid: (x: 41.0, y: NaN",
                "boards[0].grid.y",
            ),
            (
                "header: (x: 41.0, y: 12.0, w: 128.0",
                "header: (x: 41.0, y: 12.0, w: inf",
                "boards[0].header.w",
            ),
            ("width: 210.0", "width: NaN", "page.width"),
            ("text_pt: 10.0", "text_pt: NaN", "boards[0].text_pt"),
        ] {
            let text = A4.replace(from, to);
            assert_ne!(text, A4, "{from}");
            let e = Template::from_ron(&text).unwrap_err().to_string();
            assert!(e.starts_with(&format!("field `{field}`")), "{e}");
            assert!(e.contains("is not a number of millimetres"), "{e}");
        }
        let text = A4.replace(
            "    ],\n)",
            "    ],\n    cut_lines: [(x1: 0.0, y1: NaN, x2: 1.0, y2: 1.0)],\n)",
        );
        let e = Template::from_ron(&text).unwrap_err().to_string();
        assert!(e.starts_with("field `cut_lines[0].y1`"), "{e}");
    }

    #[test]
    fn counts_are_bounded() {
        let line = "(x1: 0.0, y1: 0.0, x2: 10.0, y2: 10.0), ";
        let many = |n: usize| {
            A4.replace(
                "    ],\n)",
                &format!("    ],\n    cut_lines: [{}],\n)", line.repeat(n)),
            )
        };
        assert!(Template::from_ron(&many(MAX_CUT_LINES)).is_ok());
        let e = Template::from_ron(&many(100_000)).unwrap_err().to_string();
        assert_eq!(
            e,
            "field `cut_lines`: 100000 cut lines: at most 64 per page"
        );
    }

    proptest::proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..400)) {
            let text = String::from_utf8_lossy(&bytes);
            let _ = Template::from_ron(&text);
        }

        #[test]
        fn mangled_templates_never_panic(cut in 0..A4.len(), junk in "[(),:\\[\\]a-z0-9.\" eE+-]{0,12}") {
            let cut = (0..=cut).rev().find(|&i| A4.is_char_boundary(i)).unwrap_or(0);
            let text = format!("{}{junk}{}", &A4[..cut], &A4[cut..]);
            let _ = Template::from_ron(&text);
        }
    }
}
