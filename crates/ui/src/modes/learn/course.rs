//! The course's steps: a few sentences each, a board set up from a move
//! list, and a task. `{me}` in a text stands for the first player's mark
//! (+ or X, as the player chose); the learner always plays it.

use scribe_rules::{Glyph, Player};

/// What the learner does in a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Nothing: read, then go on.
    Read,
    /// Mark any empty square; O answers at once.
    FirstMark,
    /// Mark the square that sends you to this mini grid (1-9) next.
    RouteTo(u8),
    /// Mark a square in this mini grid (1-9).
    PlayIn(u8),
    /// Mark a square so that its group is this glyph.
    MakeGlyph(Glyph),
    /// Point at this player's newest (unslashed) mark.
    NewestMark(Player),
    /// Say how many points the learner's marks in this mini grid (1-9) score.
    GridPoints(u8),
    /// Say who wins this full mini grid (1-9), and by how much.
    GridWinner(u8),
    /// Say who wins the finished game under Majority, and by how many mini grids.
    Majority,
    /// Say who wins the finished game under Super Glyph, and by how much.
    SuperGlyph,
}

impl Task {
    /// Whether the task is answered with buttons rather than on the board.
    #[must_use]
    pub const fn is_question(self) -> bool {
        matches!(
            self,
            Task::GridPoints(_) | Task::GridWinner(_) | Task::Majority | Task::SuperGlyph
        )
    }

    /// Whether the task is done on the board.
    #[must_use]
    pub const fn on_board(self) -> bool {
        !self.is_question() && !matches!(self, Task::Read)
    }
}

/// A small figure beside the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// No figure.
    None,
    /// Where the square under the pointer (or the learner's last mark) sends them.
    Routing,
    /// The won mini grids as marks on a 3x3 board.
    WonGrids,
}

/// One step of the course.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    /// A short heading.
    pub title: &'static str,
    /// What to know, a few sentences.
    pub text: &'static str,
    /// What to do, one sentence.
    pub task_text: &'static str,
    /// A nudge after a wrong answer.
    pub hint: &'static str,
    /// The moves that set up the board, from the empty board.
    pub moves: &'static str,
    /// What to do.
    pub task: Task,
    /// Whether the board shows the tallies and winners' marks (hidden
    /// while a question asks for them).
    pub scores: bool,
    /// The figure beside the text.
    pub figure: Figure,
}

/// A finished game that + wins under Majority (5 mini grids to 4) and O
/// under Super Glyph (a 4-Block against a shape that is no glyph).
const SPLIT_GAME: &str = "B9 B2 E9 E5 D7 D4 C1 B3 H3 F9 D9 I8 C8 G4 I5 C2 I6 I4 H9 H1 F7 F3 \
    G3 I9 A9 I7 C9 I2 G7 G6 A2 A7 C5 C3 H5 G9 E6 B7 D8 E2 B4 E4 F2 E1 H6 D2 E8 C6 D5 H8 A6 F4 \
    B8 G2 F5 B6 G5 F8 A5 H4 A4 F1 A1 H2 A3 D6 A8 C7 C4 G1 I1 B1 I3 D1 H7 G8 E3 B5 E7 F6 D3";

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step {
        title: "Marks and turns",
        text: "Scribe is played on 81 squares: nine small 3×3 grids, the mini grids, make one \
               big grid. A square is named by its column, A to I, and its row, 1 to 9: A1 is \
               the top-left square. You are {me} and move first. You and O take turns, one \
               mark each, until all 81 squares are filled. Your very first mark may go anywhere.",
        task_text: "Mark any square: click it, or Tab to the board, move with the arrow keys \
                    and press Enter.",
        hint: "Choose an empty square.",
        moves: "",
        task: Task::FirstMark,
        scores: true,
        figure: Figure::None,
    },
    Step {
        title: "Where you play next",
        text: "Where your own last mark sits inside its mini grid names the mini grid of your \
               next move: a mark in the upper-right corner of a mini grid sends you to the \
               upper-right mini grid, a mark in the centre to the centre mini grid, and so on. \
               Only your own marks send you; O's marks send O. Your last mark, D6, is in the \
               lower-left corner of the centre mini grid, so now you must play in the \
               lower-left mini grid, shown in highlighter.",
        task_text: "Mark the square that sends you to the upper-right mini grid next.",
        hint: "Look for the upper-right corner of the lower-left mini grid.",
        moves: "D6 H4",
        task: Task::RouteTo(3),
        scores: true,
        figure: Figure::Routing,
    },
    Step {
        title: "When that mini grid is full",
        text: "If the mini grid your last mark points to is full, you may mark any empty \
               square. Your last mark, G4, sits in the upper-left corner of its mini grid, \
               but the upper-left mini grid is full: the highlighter covers the whole board.",
        task_text: "Mark a square in the centre mini grid.",
        hint: "The centre mini grid is D4 to F6.",
        moves: "C3 B3 G7 D7 A2 B1 A4 D1 A3 C1 A7 G1 C2 A1 G4 B2",
        task: Task::PlayIn(5),
        scores: true,
        figure: Figure::Routing,
    },
    Step {
        title: "Slashes",
        text: "Each time you mark a square, you slash your previous mark. So only each \
               player's newest mark stands unslashed, and anyone can see where each player \
               must play next.",
        task_text: "Point at O's newest mark, the only O that is not slashed: click it, or \
                    move the keyboard cursor to it and press Enter.",
        hint: "Look for the O without a line through it.",
        moves: "D6 H4 C8 E2 I5 F5 I6 H6 I9 D7",
        task: Task::NewestMark(Player::O),
        scores: true,
        figure: Figure::None,
    },
    Step {
        title: "Glyphs",
        text: "Your marks in one mini grid that touch side by side (not corner to corner) \
               form a group. A group scores one point per mark if its shape is one of the 19 \
               glyphs (Help → Rules shows them all); turned or flipped, a glyph still counts. \
               Across the centre mini grid you have a Line of three: 3 points.",
        task_text: "Add one mark to your Line to make a Pipe, an L of four marks (4 points).",
        hint: "A Pipe is a Line with one more mark at an end, turning the corner.",
        moves: "D5 I1 B5 H1 F5 E3 H5 D9 E5 B7",
        task: Task::MakeGlyph(Glyph::Pipe),
        scores: true,
        figure: Figure::None,
    },
    Step {
        title: "Only whole groups count",
        text: "A group scores only if its whole shape is a glyph. A glyph that is just part \
               of a bigger group does not count, and a group of any other shape scores \
               nothing.",
        task_text: "How many points do your marks in the upper-left mini grid score?",
        hint: "Find the groups first, then ask of each whole group: is it a glyph?",
        moves: "C2 I7 G4 H2 A3 D6 A7 C9 B1 H8 D1 E5 A1 F6 B2 G9",
        task: Task::GridPoints(1),
        scores: false,
        figure: Figure::None,
    },
    Step {
        title: "Winning a mini grid",
        text: "When a mini grid is full, each player adds up the points of their glyphs in \
               it, and the higher total wins the mini grid. Its winner's mark is drawn beside \
               it. A full mini grid can never be a tie. More marks do not always win.",
        task_text: "The centre mini grid is full. Who wins it, and by how much?",
        hint: "Add up each player's glyphs; a group that is no glyph counts 0.",
        moves: "E6 E5 E8 E4 F5 E2 H5 D6 D5 B8 B5 F6 D4 H8 B2 F4",
        task: Task::GridWinner(5),
        scores: false,
        figure: Figure::None,
    },
    Step {
        title: "Majority",
        text: "The game ends when all 81 squares are filled. In the standard version, \
               Majority, whoever wins more of the nine mini grids wins the game. The mark \
               beside each mini grid shows who won it.",
        task_text: "Who wins this game under Majority?",
        hint: "Count the winners' marks beside the mini grids.",
        moves: SPLIT_GAME,
        task: Task::Majority,
        scores: true,
        figure: Figure::None,
    },
    Step {
        title: "Super Glyph",
        text: "In the advanced version, Super Glyph, each won mini grid counts as one mark of \
               its winner on a small 3×3 board (the map), and that board is scored like a mini \
               grid: the higher score wins the game. Choose the version in New game.",
        task_text: "Who wins this same game under Super Glyph, and by how much?",
        hint: "Score the small board as you scored a mini grid: whole groups that are glyphs.",
        moves: SPLIT_GAME,
        task: Task::SuperGlyph,
        scores: true,
        figure: Figure::WonGrids,
    },
    Step {
        title: "Ready to play",
        text: "That is all of Scribe. Start a game against a friend or the computer with \
               New game. While you play, the legend left of the board shows the 19 glyphs \
               (hover one to find it on the board), and Help → Rules has the rules with \
               examples.",
        task_text: "",
        hint: "",
        moves: "",
        task: Task::Read,
        scores: true,
        figure: Figure::None,
    },
];
