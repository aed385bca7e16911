//! The bundled hand (`scribe_pen::HAND_FONT`): it covers the letters players'
//! names need, its look-alike characters can be told apart, and both the
//! screen's font parser (skrifa, which egui uses) and printpdf read it.

use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};

fn font() -> FontRef<'static> {
    FontRef::new(scribe_pen::HAND_FONT).expect("skrifa reads the bundled font")
}

/// An outline flattened to closed polygons, in font units (y up).
#[derive(Default)]
struct Polygons {
    polys: Vec<Vec<(f32, f32)>>,
    at: (f32, f32),
}

impl Polygons {
    fn point(&mut self, p: (f32, f32)) {
        if let Some(poly) = self.polys.last_mut() {
            poly.push(p);
        }
        self.at = p;
    }

    fn bbox(&self) -> [f32; 4] {
        let mut b = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
        for &(x, y) in self.polys.iter().flatten() {
            b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
        }
        b
    }

    /// Nonzero winding: is (x, y) inked?
    fn inked(&self, x: f32, y: f32) -> bool {
        let mut winding = 0;
        for poly in &self.polys {
            for (i, &(x0, y0)) in poly.iter().enumerate() {
                let (x1, y1) = poly[(i + 1) % poly.len()];
                let side = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0);
                if y0 <= y && y1 > y && side > 0.0 {
                    winding += 1;
                } else if y0 > y && y1 <= y && side < 0.0 {
                    winding -= 1;
                }
            }
        }
        winding != 0
    }
}

impl OutlinePen for Polygons {
    fn move_to(&mut self, x: f32, y: f32) {
        self.polys.push(Vec::new());
        self.point((x, y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.point((x, y));
    }
    fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        let (x0, y0) = self.at;
        for i in 1..=8 {
            let t = i as f32 / 8.0;
            let u = 1.0 - t;
            self.point((
                u * u * x0 + 2.0 * u * t * cx + t * t * x,
                u * u * y0 + 2.0 * u * t * cy + t * t * y,
            ));
        }
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        let (x0, y0) = self.at;
        for i in 1..=8 {
            let t = i as f32 / 8.0;
            let u = 1.0 - t;
            self.point((
                u * u * u * x0 + 3.0 * u * u * t * cx0 + 3.0 * u * t * t * cx1 + t * t * t * x,
                u * u * u * y0 + 3.0 * u * u * t * cy0 + 3.0 * u * t * t * cy1 + t * t * t * y,
            ));
        }
    }
    fn close(&mut self) {}
}

/// The outline of `c`, or None if the font has no glyph for it.
fn outline(c: char) -> Option<Polygons> {
    let font = font();
    let gid = font.charmap().map(c)?;
    let glyph = font.outline_glyphs().get(gid)?;
    let mut pen = Polygons::default();
    glyph
        .draw(
            DrawSettings::unhinted(Size::unscaled(), LocationRef::default()),
            &mut pen,
        )
        .ok()?;
    Some(pen)
}

/// How differently two glyphs are shaped: each is stretched over the same
/// 24 x 24 sampling grid (its own bounding box), and the result is the share
/// of cells inked in exactly one of them among those inked in either: 0 for
/// the same shape at any size, 1 for shapes that never meet. Humor Sans, the
/// font this one replaced, scored 0.33 for I and 1.
fn difference(a: char, b: char) -> f32 {
    let (pa, pb) = (outline(a).expect("a"), outline(b).expect("b"));
    let (ba, bb) = (pa.bbox(), pb.bbox());
    let at = |b: [f32; 4], fx: f32, fy: f32| (b[0] + (b[2] - b[0]) * fx, b[1] + (b[3] - b[1]) * fy);
    let n = 24;
    let (mut either, mut one) = (0, 0);
    for i in 0..n {
        for j in 0..n {
            let (fx, fy) = ((i as f32 + 0.5) / n as f32, (j as f32 + 0.5) / n as f32);
            let (xa, ya) = at(ba, fx, fy);
            let (xb, yb) = at(bb, fx, fy);
            let (ia, ib) = (pa.inked(xa, ya), pb.inked(xb, yb));
            either += usize::from(ia || ib);
            one += usize::from(ia != ib);
        }
    }
    one as f32 / either.max(1) as f32
}

#[test]
fn the_hand_covers_ascii_latin1_and_latin_extended_a() {
    let font = font();
    let charmap = font.charmap();
    let ranges = [0x20..=0x7E, 0xA0..=0xFF, 0x100..=0x17F];
    let mut missing = String::new();
    let mut blank = String::new();
    for c in ranges.into_iter().flatten().filter_map(char::from_u32) {
        if charmap.map(c).is_none() {
            missing.push(c);
        } else if !c.is_whitespace() && outline(c).is_none_or(|p| p.polys.is_empty()) {
            blank.push(c);
        }
    }
    assert!(missing.is_empty(), "no glyph for {missing:?}");
    assert!(blank.is_empty(), "empty glyph for {blank:?}");
    // and the punctuation the app and the PDFs write
    for c in ['…', '·', '–', '—', '©', '→', '←', '“', '”', '’'] {
        assert!(charmap.map(c).is_some(), "no glyph for {c:?}");
    }
}

#[test]
fn look_alike_characters_differ() {
    // I with serifs, 1 with a flag, l with a tail (ours score 0.84 to 0.87)
    for (a, b) in [('I', '1'), ('I', 'l'), ('l', '1')] {
        let d = difference(a, b);
        assert!(
            d > 0.5,
            "{a:?} and {b:?} differ in only {:.0}% of their ink",
            d * 100.0
        );
    }
    // O and 0 are both ovals: the zero has a dot, a contour of its own in the
    // middle of its counter, where O (and o) are hollow
    for c in ['O', 'o'] {
        let hollow = outline(c).expect("O");
        assert_eq!(hollow.polys.len(), 2, "{c:?}");
        let [x0, y0, x1, y1] = hollow.bbox();
        assert!(!hollow.inked((x0 + x1) / 2.0, (y0 + y1) / 2.0), "{c:?}");
    }
    let zero = outline('0').expect("0");
    assert_eq!(zero.polys.len(), 3, "a zero with a dot");
    let [x0, y0, x1, y1] = zero.bbox();
    assert!(
        zero.inked((x0 + x1) / 2.0, (y0 + y1) / 2.0),
        "the dot is in the middle"
    );
    // capital I is wider than its stem: the serifs
    let [x0, _, x1, _] = outline('I').expect("I").bbox();
    assert!(x1 - x0 > 180.0, "I is {} units wide", x1 - x0);
}

#[test]
fn plus_is_as_large_as_a_letter() {
    // "Player +" must not read as "Player ." at body size
    let [x0, y0, x1, y1] = outline('+').expect("+").bbox();
    let [_, _, _, x_height] = outline('x').expect("x").bbox();
    assert!(x1 - x0 > 0.8 * x_height && y1 - y0 > 0.8 * x_height);
}

#[test]
fn printpdf_reads_the_hand() {
    let parsed = printpdf::ParsedFont::from_bytes(scribe_pen::HAND_FONT, 0, &mut Vec::new())
        .expect("printpdf reads the bundled font");
    for c in ['Z', 'ë', 'Ł', 'ő', '…'] {
        assert!(parsed.lookup_glyph_index(c as u32).is_some(), "{c:?}");
    }
}
