//! The table's filters and sorting: a name typed (either player, any
//! case), the variant, the result (for "you": won, lost, drawn; in
//! progress; damaged), the kind of opponent and a range of dates. Names are
//! lowered once ([`Prepared`]), so a keystroke filters ten thousand games in
//! a few milliseconds.

use super::{Entry, Opponent, State};
use chrono::NaiveDate;
use scribe_rules::Variant;
use std::cmp::Ordering;

/// Which games a result filter keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultFilter {
    /// Finished games the player ("you") won.
    Won,
    /// Finished games they lost.
    Lost,
    /// Finished games with no winner.
    Drawn,
    /// Games saved before their end.
    InProgress,
    /// Files that cannot be read.
    Damaged,
}

impl ResultFilter {
    /// All, in the order a menu lists them.
    pub const ALL: [ResultFilter; 5] = [
        ResultFilter::Won,
        ResultFilter::Lost,
        ResultFilter::Drawn,
        ResultFilter::InProgress,
        ResultFilter::Damaged,
    ];

    /// In words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ResultFilter::Won => "won",
            ResultFilter::Lost => "lost",
            ResultFilter::Drawn => "drawn",
            ResultFilter::InProgress => "in progress",
            ResultFilter::Damaged => "damaged",
        }
    }
}

impl std::str::FromStr for ResultFilter {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim().to_ascii_lowercase().replace(['-', '_'], " ");
        ResultFilter::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| {
                format!("'{s}' is not a result: use won, lost, drawn, in-progress or damaged")
            })
    }
}

/// Which kind of opponent a filter keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpponentFilter {
    /// Two people.
    Person,
    /// The computer at any level, or at one.
    Computer(Option<scribe_ai::Level>),
    /// Online games.
    Online,
}

impl std::str::FromStr for OpponentFilter {
    type Err = String;

    /// `person`, `computer`, `online`, or a level (`hard`).
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "person" | "human" => Ok(OpponentFilter::Person),
            "computer" => Ok(OpponentFilter::Computer(None)),
            "online" => Ok(OpponentFilter::Online),
            other => other
                .parse::<scribe_ai::Level>()
                .map(|l| OpponentFilter::Computer(Some(l)))
                .map_err(|_| {
                    format!("'{s}' is not an opponent: use person, computer, online or a level")
                }),
        }
    }
}

/// The filters of the table and of `scribe library list`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Part of either player's name, any case ("" keeps all).
    pub text: String,
    /// Only this variant.
    pub variant: Option<Variant>,
    /// Only these results.
    pub result: Option<ResultFilter>,
    /// Only this kind of opponent.
    pub opponent: Option<OpponentFilter>,
    /// From this day on (inclusive, UTC).
    pub from: Option<NaiveDate>,
    /// Up to this day (inclusive, UTC).
    pub to: Option<NaiveDate>,
    /// Whose results "won" and "lost" are ("you"); `None`: the winner is anyone.
    pub me: Option<String>,
}

/// A name as the filter compares it: lower case, accents dropped ("Zoë"
/// and "zoe" alike), so a name typed without its accents is found.
#[must_use]
pub fn folded(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    s.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect::<String>()
        .to_lowercase()
}

/// The entries with their names lowered once, for fast filtering.
#[derive(Debug, Clone, Default)]
pub struct Prepared {
    names: Vec<String>,
}

impl Prepared {
    /// Lowers every entry's players' names.
    #[must_use]
    pub fn new(entries: &[Entry]) -> Prepared {
        Prepared {
            names: entries
                .iter()
                .map(|e| match e.summary() {
                    Some(s) => format!(
                        "{}\u{0}{}",
                        folded(&s.players.x.name),
                        folded(&s.players.o.name)
                    ),
                    None => folded(&e.file),
                })
                .collect(),
        }
    }
}

impl Filter {
    /// Whether nothing is filtered.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        Filter {
            me: None,
            ..self.clone()
        } == Filter::default()
    }

    /// The indices of the entries kept, in the entries' order.
    #[must_use]
    pub fn apply(&self, entries: &[Entry], prepared: &Prepared) -> Vec<usize> {
        let text = folded(self.text.trim());
        entries
            .iter()
            .enumerate()
            .filter(|(i, e)| {
                (text.is_empty() || prepared.names.get(*i).is_some_and(|n| n.contains(&text)))
                    && self.keeps(e)
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Whether one entry passes every filter but the name.
    #[must_use]
    pub fn keeps(&self, e: &Entry) -> bool {
        let Some(s) = e.summary() else {
            // a damaged file is shown unless a filter asks for something it cannot tell
            return matches!(self.result, None | Some(ResultFilter::Damaged))
                && self.variant.is_none()
                && self.opponent.is_none()
                && self.from.is_none()
                && self.to.is_none();
        };
        if self.variant.is_some_and(|v| v != s.variant) {
            return false;
        }
        if let Some(o) = self.opponent {
            let ok = match (o, s.opponent) {
                (OpponentFilter::Person, Opponent::Person)
                | (OpponentFilter::Online, Opponent::Online)
                | (OpponentFilter::Computer(None), Opponent::Computer(_)) => true,
                (OpponentFilter::Computer(Some(l)), Opponent::Computer(k)) => k.level() == l,
                _ => false,
            };
            if !ok {
                return false;
            }
        }
        if self.from.is_some() || self.to.is_some() {
            let Some(d) = s.date().map(|d| d.date_naive()) else {
                return false;
            };
            if self.from.is_some_and(|f| d < f) || self.to.is_some_and(|t| d > t) {
                return false;
            }
        }
        match self.result {
            None => true,
            Some(ResultFilter::Damaged) => false,
            Some(ResultFilter::InProgress) => s.state == State::InProgress,
            Some(r) if s.state == State::InProgress => {
                let _ = r;
                false
            }
            Some(ResultFilter::Drawn) => s.winner.is_none(),
            Some(r) => {
                let won = match (&self.me, s.winner) {
                    (_, None) => return false,
                    (None, Some(_)) => true,
                    (Some(me), Some(w)) => match s.side_of(me) {
                        Some(side) => side == w,
                        None => return false,
                    },
                };
                won == (r == ResultFilter::Won)
            }
        }
    }
}

/// The table's columns, each sortable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// When it was played.
    Date,
    /// Both players.
    Players,
    /// Person, computer and level, online.
    Opponent,
    /// Majority or Super Glyph.
    Variant,
    /// Who won, with both variants' scores.
    Result,
    /// Moves played.
    Moves,
    /// How it ended.
    Ending,
}

impl Column {
    /// All, in the table's order.
    pub const ALL: [Column; 7] = [
        Column::Date,
        Column::Players,
        Column::Opponent,
        Column::Variant,
        Column::Result,
        Column::Moves,
        Column::Ending,
    ];

    /// Its heading.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Column::Date => "Date",
            Column::Players => "Players",
            Column::Opponent => "Opponent",
            Column::Variant => "Variant",
            Column::Result => "Result",
            Column::Moves => "Moves",
            Column::Ending => "Ending",
        }
    }
}

/// A row's sort key in one column: computed once per row, so that sorting
/// ten thousand rows by a column of words takes milliseconds.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Date(Option<chrono::DateTime<chrono::Utc>>),
    Text(String, String),
    Opponent(Opponent),
    Moves(u8),
}

fn key(s: &super::Summary, column: Column) -> Key {
    match column {
        Column::Date => Key::Date(s.date()),
        Column::Players => {
            let (x, o) = players(s);
            Key::Text(x, o)
        }
        Column::Opponent => Key::Opponent(s.opponent),
        Column::Variant => Key::Text(s.variant.name().to_string(), String::new()),
        Column::Result => Key::Text(s.result_text(), String::new()),
        Column::Moves => Key::Moves(s.moves),
        Column::Ending => Key::Text(s.ending_text(), String::new()),
    }
}

/// Sorts indices into `entries` by a column (damaged files last whichever
/// way), ties by file name.
pub fn sort(entries: &[Entry], rows: &mut [usize], column: Column, ascending: bool) {
    let mut keyed: Vec<(Option<Key>, usize)> = rows
        .iter()
        .map(|&i| (entries[i].summary().map(|s| key(s, column)), i))
        .collect();
    keyed.sort_by(|(ka, a), (kb, b)| {
        let ord = match (ka, kb) {
            (Some(x), Some(y)) => {
                if ascending {
                    x.cmp(y)
                } else {
                    y.cmp(x)
                }
            }
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
        ord.then_with(|| entries[*a].file.cmp(&entries[*b].file))
    });
    for (slot, (_, i)) in rows.iter_mut().zip(keyed) {
        *slot = i;
    }
}

fn players(s: &super::Summary) -> (String, String) {
    (
        s.players.x.name.to_lowercase(),
        s.players.o.name.to_lowercase(),
    )
}
