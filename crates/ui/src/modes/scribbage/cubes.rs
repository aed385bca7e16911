//! A cube drawn as a cube: an ivory top face with its letter and, small in
//! the corner, its value, over a darker side that gives it depth. A joker is
//! blue with a star; once it stands for a letter it shows that letter, still
//! blue and starred, worth 0.

use crate::widgets::ink;
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2};
use scribe_scribbage::Face;

/// What a cube shows.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shows {
    /// The letter shown (a joker's once chosen); `None`: "?".
    pub(super) letter: Option<char>,
    /// A joker.
    pub(super) joker: bool,
}

impl Shows {
    pub(super) fn face(face: Face) -> Shows {
        match face {
            Face::Letter(l) => Shows {
                letter: Some(l.upper()),
                joker: false,
            },
            Face::Joker => Shows {
                letter: None,
                joker: true,
            },
        }
    }

    fn value(self) -> u32 {
        match self.letter {
            Some(c) if !self.joker => Face::from_char(c).map_or(0, Face::value),
            _ => 0,
        }
    }
}

/// How a cube is drawn.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Look {
    /// Picked up (to be put on a square).
    pub(super) picked: bool,
    /// Out of play: on the grid (in the tray), or left over.
    pub(super) faded: bool,
    /// In a run that is not a word.
    pub(super) not_word: bool,
    /// Not joined to the crossword.
    pub(super) loose: bool,
}

const FACE: Color32 = Color32::from_rgb(0xFF, 0xFB, 0xEF);
const SIDE: Color32 = Color32::from_rgb(0xB9, 0xA9, 0x86);
const JOKER_FACE: Color32 = Color32::from_rgb(0xE4, 0xEC, 0xFA);
const JOKER_SIDE: Color32 = Color32::from_rgb(0x8E, 0xA3, 0xC9);
/// Marks of the live checks: a word not in the list, a loose cube.
pub(super) const NOT_WORD: Color32 = Color32::from_rgb(0xB3, 0x26, 0x1E);
pub(super) const LOOSE: Color32 = Color32::from_rgb(0xC0, 0x6A, 0x00);

/// Paints a cube filling `rect`.
pub(super) fn paint(painter: &Painter, rect: Rect, shows: Shows, look: Look) {
    let side = rect.width();
    let depth = (side * 0.09).max(2.0);
    let round = side * 0.14;
    let top = Rect::from_min_max(rect.min, rect.max - Vec2::splat(depth));
    let (mut face, mut edge) = if shows.joker {
        (JOKER_FACE, JOKER_SIDE)
    } else {
        (FACE, SIDE)
    };
    let mut text = if shows.joker { ink::INK_X } else { ink::PENCIL };
    if look.faded {
        face = ink::MARGIN;
        edge = Color32::from_rgb(0xD8, 0xCF, 0xB6);
        text = Color32::from_rgb(0xA8, 0xA2, 0x94);
    }
    painter.rect_filled(top.translate(Vec2::splat(depth)), round, edge);
    painter.rect_filled(top, round, face);
    let outline = if look.picked {
        Stroke::new(3.0, ink::HIGHLIGHT_EDGE)
    } else if look.not_word {
        Stroke::new(2.5, NOT_WORD)
    } else {
        Stroke::new(1.0, edge)
    };
    painter.rect_stroke(top, round, outline, egui::StrokeKind::Inside);
    if look.loose && !look.picked {
        dashed(painter, top.expand(1.0), LOOSE);
    }
    let letter = shows.letter.map_or("?".to_string(), |c| c.to_string());
    painter.text(
        top.center() - Vec2::new(side * 0.04, side * 0.02),
        Align2::CENTER_CENTER,
        letter,
        FontId::proportional(side * 0.52),
        text,
    );
    let small = FontId::proportional((side * 0.24).max(9.0));
    if shows.joker {
        star(
            painter,
            top.left_top() + Vec2::splat(side * 0.18),
            side * 0.11,
            text,
        );
    }
    if shows.letter.is_some() || shows.joker {
        painter.text(
            top.right_bottom() - Vec2::new(side * 0.08, side * 0.04),
            Align2::RIGHT_BOTTOM,
            shows.value().to_string(),
            small,
            text,
        );
    }
    if look.not_word && !look.faded {
        // a second sign besides the colour: a wavy underline
        let y = top.bottom() - side * 0.1;
        let n = 8;
        let pts: Vec<Pos2> = (0..=n)
            .map(|i| {
                let x = top.left() + side * 0.1 + (side * 0.45) * i as f32 / n as f32;
                Pos2::new(x, y + if i % 2 == 0 { -1.5 } else { 1.5 })
            })
            .collect();
        painter.add(Shape::line(pts, Stroke::new(1.5, NOT_WORD)));
    }
}

/// A five-pointed star outline.
pub(super) fn star(painter: &Painter, centre: Pos2, r: f32, color: Color32) {
    let pts: Vec<Pos2> = (0..10)
        .map(|i| {
            let a = std::f32::consts::PI * (i as f32 / 5.0) - std::f32::consts::FRAC_PI_2;
            let rr = if i % 2 == 0 { r } else { r * 0.45 };
            centre + Vec2::new(a.cos(), a.sin()) * rr
        })
        .collect();
    painter.add(Shape::closed_line(pts, Stroke::new(1.3, color)));
}

/// A dashed box around a loose cube.
fn dashed(painter: &Painter, r: Rect, color: Color32) {
    let corners = [
        r.left_top(),
        r.right_top(),
        r.right_bottom(),
        r.left_bottom(),
        r.left_top(),
    ];
    painter.extend(Shape::dashed_line(
        &corners,
        Stroke::new(2.5, color),
        5.0,
        3.0,
    ));
}
