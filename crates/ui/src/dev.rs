//! Development switches for screenshots and demonstrations, read from the
//! environment by [`super::run`]; tests and a normal start use none.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};

use super::widgets::ink::MarkStyle;

/// Development switches (`SCRIBE_*` variables).
#[derive(Debug, Clone, Default)]
pub struct DevOptions {
    /// `SCRIBE_MOVES`: start with this game (a move list, or `random:N` for N
    /// seeded random legal moves) and persist nothing.
    pub moves: Option<String>,
    /// `SCRIBE_STYLE=xo` (or `plus`): the mark style.
    pub style: Option<MarkStyle>,
    /// `SCRIBE_SCREENSHOT`: save a screenshot here (binary PPM) after a few
    /// frames, then close the window.
    pub screenshot: Option<PathBuf>,
    /// `SCRIBE_POINTER=x,y`: where the pointer is during a screenshot.
    pub pointer: Option<egui::Pos2>,
    /// `SCRIBE_OPEN=rules`, `new-game`, `shortcuts` or `about`: open that window at
    /// the start; `review` reviews the game; `online` opens Play online
    /// (`online:ID` that game, with a sign-in remembered in the data folder);
    /// `scribbage` opens More games → Scribbage; `library` Game → Library…
    /// (`library-stats` its statistics).
    pub open: Option<String>,
    /// `SCRIBE_TIMING=1`: when the app started, to print on stderr how long
    /// the first frame took to appear and how long each computer move took.
    pub timing: Option<web_time::Instant>,
    /// `SCRIBE_DEMO=hard` (any level): the computer plays both sides at that
    /// level with no pause between moves, persisting nothing.
    pub demo: Option<scribe_ai::Level>,
    /// `SCRIBE_SEED=1`: the computer searches with this seed every move, so
    /// that it plays and times exactly like `scribe move --seed 1`; and
    /// Scribbage's rolls follow from it.
    pub seed: Option<u64>,
    /// `SCRIBE_SERVER=http://127.0.0.1:7607`: the server Play online offers.
    pub server: Option<String>,
}

impl DevOptions {
    /// Reads the `SCRIBE_*` variables.
    #[must_use]
    pub fn from_env() -> DevOptions {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        DevOptions {
            moves: var("SCRIBE_MOVES"),
            style: var("SCRIBE_STYLE").and_then(|s| match s.to_ascii_lowercase().as_str() {
                "xo" => Some(MarkStyle::XO),
                "plus" | "+o" => Some(MarkStyle::PlusO),
                _ => None,
            }),
            screenshot: std::env::var_os("SCRIBE_SCREENSHOT").map(PathBuf::from),
            pointer: var("SCRIBE_POINTER").and_then(|p| {
                let (x, y) = p.split_once(',')?;
                Some(egui::pos2(x.trim().parse().ok()?, y.trim().parse().ok()?))
            }),
            open: var("SCRIBE_OPEN"),
            timing: var("SCRIBE_TIMING").map(|_| web_time::Instant::now()),
            demo: var("SCRIBE_DEMO").and_then(|l| l.parse().ok()),
            seed: var("SCRIBE_SEED").and_then(|s| s.parse().ok()),
            server: var("SCRIBE_SERVER"),
        }
    }

    /// Whether this run must leave the data folder alone.
    #[must_use]
    pub fn ephemeral(&self) -> bool {
        self.moves.is_some() || self.screenshot.is_some() || self.demo.is_some()
    }
}

/// A screenshot to take once the window has drawn a few frames.
pub(crate) struct Screenshot {
    path: PathBuf,
    /// Where to put the pointer first (`SCRIBE_POINTER=x,y`), to show hovering.
    pub(super) pointer: Option<egui::Pos2>,
    requested: bool,
    image: Receiver<Arc<egui::ColorImage>>,
    sender: Sender<Arc<egui::ColorImage>>,
}

impl Screenshot {
    pub(crate) fn new(path: PathBuf, pointer: Option<egui::Pos2>) -> Screenshot {
        let (sender, image) = channel();
        Screenshot {
            path,
            pointer,
            requested: false,
            image,
            sender,
        }
    }

    /// Asks for the screenshot after a few frames, writes it as PPM when it
    /// arrives, then closes the window.
    pub(crate) fn step(&mut self, ctx: &egui::Context, frames: u64) {
        ctx.request_repaint();
        if !self.requested && frames >= 6 {
            self.requested = true;
            let sender = self.sender.clone();
            ctx.request_screenshot(move |image| {
                let _ = sender.send(image);
            });
        }
        if let Ok(image) = self.image.try_recv() {
            let [w, h] = image.size;
            let mut ppm = format!("P6\n{w} {h}\n255\n").into_bytes();
            for px in &image.pixels {
                ppm.extend_from_slice(&[px.r(), px.g(), px.b()]);
            }
            if let Err(e) = scribe_fsio::write_atomic(&self.path, &ppm) {
                eprintln!("screenshot: {e:#}");
            }
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

/// A demo game: a move list, or `random:N` for N seeded random legal moves.
pub(super) fn demo_game(text: &str) -> anyhow::Result<scribe_rules::Game> {
    if let Some(n) = text.trim().strip_prefix("random:") {
        let n: usize = n.trim().parse()?;
        let mut game = scribe_rules::Game::new();
        let mut jitter = scribe_pen::Jitter::new(2006);
        for _ in 0..n.min(81) {
            let legal: Vec<scribe_rules::Square> = game.position().legal_moves().iter().collect();
            let pick = (jitter.next_u64() % legal.len().max(1) as u64) as usize;
            let Some(&sq) = legal.get(pick) else { break };
            game.play(sq)?;
        }
        return Ok(game);
    }
    Ok(scribe_record::replay(text)?)
}
