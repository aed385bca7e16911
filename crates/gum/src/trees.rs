//! Our own two tree diagrams (not the publisher's): Ironbark, the first,
//! fuller tree, and Paperbark, sparser and harder. Both share one meal tracker.
//! Checked with random and greedy players over many games: see
//! [`super::sim`] and docs/COMPANIONS.md.

use super::tree::{Tracker, Tree};

/// The Ironbark tree: 46 food circles (22 nuts, 21 leaves, 20 blossoms, 5 wild).
pub const IRONBARK_ART: &str = r"
.. L1-N2-B3-L2-N1 ..
      | \|    /|
B1 N1-W?-L1 B1-L3-N2
| /|     |  |    \|
L2-B2-N1 W? N1-B1-L1
| \   | \      | /
N3-L1 B1-() L1-N2-B2
:  | \|       /|  :
B1-W?-() MM ()-W?-N1
|     |     |     |
L1 N2-B1 ()-B1-L1-L2
     \|    \| /|
.. L1-N1-B2-N1 B3 ..
         |
.. .. L3-N1 B1 .. ..
      | X   |
.. .. W? L1-N3 .. ..
";

/// The Paperbark tree: 43 food circles (17 nuts, 20 leaves, 18 blossoms, 4 wild),
/// longer branches and more dotted shortcuts.
pub const PAPERBARK_ART: &str = r"
N2-L1-B1 .. B1-L1-N2
|    \        /   |
L3 .. N1-W?-L1 .. B3
|    /|     | \   |
B1-N2 L1 .. N1 B2-L1
  \:  | \   |  : /
.. W?-B1-()-L2-W? ..
   | \        /|
N1-L1-() MM ()-B1-N1
      |     |
B2 .. L1-()-N1 .. L2
| \   |    \|    /|
L1 N3-B1-W?-L1-B3 N1
         |
.. .. N1-L2-B1 .. ..
      | /  \|
.. B1-L1 .. N1-L1 ..
";

/// The meal tracker of both trees: arrows (an extra move) at nut rows 3
/// and 9, leaf rows 5 and 11, blossom rows 2, 7 and 13; the number next to
/// each row is its row number; 3 points for a full column.
#[must_use]
pub fn tracker() -> Tracker {
    let mut arrows = [[false; 15]; 3];
    for (col, rows) in [&[3usize, 9][..], &[5, 11], &[2, 7, 13]]
        .into_iter()
        .enumerate()
    {
        for &r in rows {
            arrows[col][r - 1] = true;
        }
    }
    let mut meals = [0; 15];
    for (i, m) in meals.iter_mut().enumerate() {
        *m = i as u32 + 1;
    }
    Tracker {
        arrows,
        meals,
        column_bonus: 3,
    }
}

/// The names of the trees, for `--tree`.
pub const TREE_NAMES: [&str; 2] = ["ironbark", "paperbark"];

/// A tree by name (either case).
#[must_use]
pub fn tree(name: &str) -> Option<Tree> {
    let art = match name.to_ascii_lowercase().as_str() {
        "ironbark" => IRONBARK_ART,
        "paperbark" => PAPERBARK_ART,
        _ => return None,
    };
    let mut title = name.to_ascii_lowercase();
    title[..1].make_ascii_uppercase();
    Tree::parse(&title, art, tracker()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Circle;

    #[test]
    fn both_trees_parse_and_every_circle_can_be_reached() {
        for name in TREE_NAMES {
            let t = tree(name).unwrap_or_else(|| panic!("{name} parses"));
            let mut seen: Vec<bool> = t.nodes.iter().map(|n| n.circle == Circle::Start).collect();
            let mut stack: Vec<usize> = (0..t.nodes.len()).filter(|&i| seen[i]).collect();
            while let Some(n) = stack.pop() {
                for l in &t.lines {
                    if let Some(m) = l.other(n)
                        && !seen[m]
                    {
                        seen[m] = true;
                        stack.push(m);
                    }
                }
            }
            assert!(
                seen.iter().all(|&s| s),
                "{name}: a circle cannot be reached"
            );
        }
        let (food, wild) = tree("ironbark").unwrap().food_totals();
        assert_eq!((food, wild), ([22, 21, 20], 5));
        let (food, wild) = tree("Paperbark").unwrap().food_totals();
        assert_eq!((food, wild), ([17, 20, 18], 4));
    }
}
