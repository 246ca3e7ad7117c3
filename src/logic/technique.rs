//! The named techniques of the ladder, with their scores on Sudoku Explainer's scale and their
//! levels.

use super::Forcing;
use super::forcing;

/// How hard a technique is, from easiest to hardest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Level {
    /// Singles and forced digits.
    Easy,
    /// Locked candidates and cage combinations.
    Medium,
    /// Pairs and triples (naked and hidden).
    Hard,
    /// Preemptive sets of four or more, long x-chains, big wings, w-wings and almost locked
    /// sets.
    Expert,
    /// Forcing chains: what an assumption implies, followed single by single; and wings of
    /// seven cells, harder than the shortest chains.
    Diabolical,
    /// Logic alone is stuck: the puzzle needs trial and error.
    Guessing,
}

impl Level {
    /// The level's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Diabolical => "diabolical",
            Level::Guessing => "needs guessing",
        }
    }
}

/// An x-chain of two strong links, as Sudoku Explainer's turbot fish tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turbot {
    /// Both strong links in rows, or both in columns.
    Skyscraper,
    /// One strong link in a row, the other in a column.
    Kite,
    /// A strong link in a box (or another region).
    Crane,
}

/// A deduction technique (or a guess, or what a guess's contradiction proves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Technique {
    /// J. F. Crook's forced digit: the only empty cell of a box whose row and column do not
    /// already hold the digit.
    ForcedDigit,
    /// A cell with one candidate left.
    NakedSingle,
    /// A value with one place left in a unit.
    HiddenSingle,
    /// A cage's surviving digit combinations narrow its cells.
    CageCombination,
    /// A rule-of-45 sum (innies, outies) narrows its cells like a cage.
    Innies,
    /// A variant constraint of this kind (its name in messages, `thermometer`) narrows its
    /// cells: what its own propagator removes from the candidates.
    Variant {
        /// The constraint's kind.
        kind: &'static str,
    },
    /// A value confined to a box's intersection with a row or column (`pointing` when the box
    /// is the source, `claiming` when the row or column is).
    LockedCandidates {
        /// Whether the box is where the value is confined.
        pointing: bool,
    },
    /// Locked candidates whose eliminations leave a hidden single at once (Sudoku Explainer's
    /// direct pointing and claiming).
    DirectLocked {
        /// Whether the box is where the value is confined.
        pointing: bool,
    },
    /// A hidden subset whose eliminations leave a hidden single at once.
    DirectHiddenSubset(usize),
    /// m cells of a unit holding only m values between them (Crook's preemptive set).
    NakedSubset(usize),
    /// m values of a unit with only m cells between them.
    HiddenSubset(usize),
    /// A value whose places in m rows lie in m columns (or the other way round): X-wing (2),
    /// swordfish (3), jellyfish (4).
    Fish(usize),
    /// A fish but for its fins, all in one box: the box's cells on the cover lines lose the
    /// value. Sashimi when without its fins a base line would hold the value once or never.
    FinnedFish {
        /// Base lines.
        size: usize,
        /// Whether it is sashimi.
        sashimi: bool,
    },
    /// A cell {a,b} seeing cells {a,c} and {b,c}: c leaves every cell seeing both.
    XyWing,
    /// Four cells on two rows, columns and boxes that would otherwise all take the same two
    /// values (type 1 to 4): only on puzzles proved unique.
    UniqueRectangle(usize),
    /// A unique rectangle told by a value's places: a corner holding only {a, b}, and a with
    /// no other place in the opposite corner's row and column, so that corner is not b.
    HiddenRectangle,
    /// Every empty cell but one holds two values, and one of that cell's three would leave a
    /// bivalue universal grave: the cell takes it. Only on puzzles proved unique.
    BugPlusOne,
    /// k cells of a box and a line holding k values, all but one restricted: XYZ-wing (3),
    /// WXYZ-wing (4), … TUVWXYZ-wing (7).
    Wing {
        /// Its cells, k.
        size: usize,
        /// The most candidates one of its cells holds: Sudoku Explainer scores WXYZ- and
        /// VWXYZ-wings a tenth higher when it is neither 2 nor k.
        widest: usize,
    },
    /// An x-chain of two strong links, none through a group: named and scored by the units
    /// its strong links lie in.
    TurbotFish(Turbot),
    /// A chain of implications on one value alone (an x-chain), scored by its strong links.
    XChain {
        /// Strong links followed.
        strong: usize,
        /// Whether it goes through a group (a box's cells on a line).
        grouped: bool,
    },
    /// What assumptions imply (Sudoku Explainer's forcing chains, static or dynamic): a
    /// contradiction, or one conclusion forced by both states of a candidate, by each value of
    /// a cell or by each place of a value in a unit.
    ForcingChain {
        /// Static or dynamic; contradiction, double, cell or region; or nested.
        kind: Forcing,
        /// Sudoku Explainer's length: the potentials (candidates true or false) the chains
        /// pass through, less two; for nested chains, the singles and contradictions followed.
        length: usize,
    },
    /// Two cells holding only {x, y}, not seeing each other, joined by y's two places in a
    /// unit: one of them is x.
    WWing,
    /// A box's meeting with a line, whose values split between cells of the line and cells of
    /// the box outside it: the line and the box each lose their part.
    SueDeCoq,
    /// Two almost locked sets with a restricted common value: a value common to both is in
    /// one of them.
    AlsXz,
    /// A pivot almost locked set with a restricted common value with each of two others: a
    /// value those two share is in one of them.
    AlsXyWing,
    /// A trial value.
    Guess,
    /// A guess led to a contradiction, so its value is removed.
    Contradiction,
}

impl Technique {
    /// The technique's name as printed: `naked single`, `hidden pair`, `naked set of 5`, …
    pub fn name(self) -> String {
        let size = |m: usize| match m {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            m => format!("set of {m}"),
        };
        match self {
            Technique::ForcedDigit => "forced digit".into(),
            Technique::NakedSingle => "naked single".into(),
            Technique::HiddenSingle => "hidden single".into(),
            Technique::CageCombination => "cage combination".into(),
            Technique::Innies => "innies and outies".into(),
            Technique::Variant { kind } => super::variants::step_name(kind),
            Technique::LockedCandidates { pointing: true } => "locked candidates (pointing)".into(),
            Technique::LockedCandidates { pointing: false } => {
                "locked candidates (claiming)".into()
            }
            Technique::DirectLocked { pointing: true } => "direct pointing".into(),
            Technique::DirectLocked { pointing: false } => "direct claiming".into(),
            Technique::DirectHiddenSubset(m) => format!("direct hidden {}", size(m)),
            Technique::NakedSubset(m) => format!("naked {}", size(m)),
            Technique::HiddenSubset(m) => format!("hidden {}", size(m)),
            Technique::Fish(2) => "x-wing".into(),
            Technique::Fish(3) => "swordfish".into(),
            Technique::Fish(4) => "jellyfish".into(),
            Technique::Fish(m) => format!("fish of {m}"),
            Technique::FinnedFish { size, sashimi } => {
                let kind = if sashimi { "sashimi" } else { "finned" };
                format!("{kind} {}", Technique::Fish(size).name())
            }
            Technique::XyWing => "xy-wing".into(),
            Technique::UniqueRectangle(t) => format!("unique rectangle type {t}"),
            Technique::HiddenRectangle => "hidden unique rectangle".into(),
            Technique::BugPlusOne => "bug+1".into(),
            Technique::TurbotFish(Turbot::Skyscraper) => "skyscraper".into(),
            Technique::TurbotFish(Turbot::Kite) => "2-string kite".into(),
            Technique::TurbotFish(Turbot::Crane) => "turbot crane".into(),
            Technique::XChain { strong, grouped } => {
                let g = if grouped { "grouped " } else { "" };
                format!("{g}x-chain ({strong} strong links)")
            }
            Technique::Wing { size: k, .. } => {
                let letters = "TUVWXYZ";
                match letters.get(letters.len().saturating_sub(k)..) {
                    Some(l) if k >= 3 => format!("{}-wing", l.to_lowercase()),
                    _ => format!("wing of {k}"),
                }
            }
            Technique::ForcingChain { kind, .. } => match kind {
                Forcing::Chain => "forcing chain".into(),
                Forcing::StaticCell => "cell forcing chains".into(),
                Forcing::StaticRegion => "region forcing chains".into(),
                Forcing::Contradiction => "dynamic contradiction forcing chain".into(),
                Forcing::Double => "dynamic double forcing chains".into(),
                Forcing::Cell => "dynamic cell forcing chains".into(),
                Forcing::Region => "dynamic region forcing chains".into(),
                Forcing::Nested => "nested forcing chain".into(),
            },
            Technique::WWing => "w-wing".into(),
            Technique::SueDeCoq => "sue de coq".into(),
            Technique::AlsXz => "als-xz".into(),
            Technique::AlsXyWing => "als-xy-wing".into(),
            Technique::Guess => "guess".into(),
            Technique::Contradiction => "contradiction".into(),
        }
    }

    /// The difficulty score, on a scale modelled on Sudoku Explainer's ratings.
    pub fn score(self) -> f64 {
        match self {
            Technique::ForcedDigit => 1.2,
            Technique::HiddenSingle => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::CageCombination => 2.0,
            Technique::Innies => 2.5,
            Technique::Variant { kind } => super::variants::step_score(kind),
            Technique::LockedCandidates { pointing: true } => 2.6,
            Technique::LockedCandidates { pointing: false } => 2.8,
            Technique::DirectLocked { pointing: true } => 1.7,
            Technique::DirectLocked { pointing: false } => 1.9,
            Technique::DirectHiddenSubset(2) => 2.0,
            Technique::DirectHiddenSubset(3) => 2.5,
            Technique::DirectHiddenSubset(m) => Technique::HiddenSubset(m).score(),
            Technique::NakedSubset(2) => 3.0,
            Technique::HiddenSubset(2) => 3.4,
            Technique::NakedSubset(3) => 3.6,
            Technique::HiddenSubset(3) => 4.0,
            Technique::NakedSubset(m) => 5.0 + 0.4 * (m as f64 - 4.0),
            Technique::HiddenSubset(m) => 5.4 + 0.4 * (m as f64 - 4.0),
            Technique::Fish(2) => 3.2,
            Technique::Fish(3) => 3.8,
            Technique::Fish(m) => 5.2 + 0.4 * (m as f64 - 4.0),
            // Not in Sudoku Explainer: scored as the grouped x-chain of as many strong links.
            Technique::FinnedFish { size, .. } => Technique::XChain {
                strong: size,
                grouped: true,
            }
            .score(),
            Technique::XyWing => 4.2,
            Technique::TurbotFish(Turbot::Skyscraper) => 4.0,
            Technique::TurbotFish(Turbot::Kite) => 4.1,
            Technique::TurbotFish(Turbot::Crane) => 4.2,
            Technique::UniqueRectangle(2 | 3) => 4.6,
            Technique::BugPlusOne => 5.6,
            Technique::UniqueRectangle(_) | Technique::HiddenRectangle => 4.5,
            Technique::Wing { size, widest } => {
                // Sudoku Explainer: widest cells of three candidates are the hardest to see,
                // those of two or of all the values the easiest.
                let middling = |top: usize| 0.1 * top.saturating_sub(widest.abs_diff(3)) as f64;
                match size {
                    0..=3 => 4.4,
                    4 => 5.5 + middling(1),
                    5 => 6.2 + middling(2),
                    6 => 6.6,
                    _ => 7.5,
                }
            }
            Technique::XChain { strong, grouped } => {
                let g = if grouped && strong <= 3 { 0.3 } else { 0.0 };
                g + match strong {
                    0..=2 => 4.0,
                    3 => 5.4,
                    4 => 6.1,
                    k => (6.1 + 0.2 * (k as f64 - 4.0)).min(6.9),
                }
            }
            Technique::ForcingChain { kind, length } => {
                let base = match kind {
                    Forcing::Chain => 7.0,
                    Forcing::StaticCell | Forcing::StaticRegion => 8.0,
                    Forcing::Contradiction | Forcing::Double | Forcing::Cell | Forcing::Region => {
                        8.5
                    }
                    Forcing::Nested => 9.5,
                };
                base + forcing::length_difficulty(length)
            }
            // Not in Sudoku Explainer, which makes these deductions by static forcing chains:
            // scored as the chain it most often takes for them on magictour's top1465. A
            // w-wing is a forcing chain through eight potentials (length 6, 7.1); an ALS-XZ or
            // ALS-XY-wing a cell or region forcing chain of a length the sets' sizes do not
            // tell, mostly 8.3.
            Technique::WWing => 7.1,
            Technique::SueDeCoq => 8.2,
            Technique::AlsXz | Technique::AlsXyWing => 8.3,
            Technique::Guess | Technique::Contradiction => 10.0,
        }
    }

    /// The technique's level.
    pub fn level(self) -> Level {
        match self {
            // The direct techniques place a digit by one look at a unit, as singles do.
            Technique::ForcedDigit
            | Technique::NakedSingle
            | Technique::HiddenSingle
            | Technique::DirectLocked { .. }
            | Technique::DirectHiddenSubset(_) => Level::Easy,
            Technique::Variant { kind } if super::variants::step_score(kind) < 2.0 => Level::Easy,
            Technique::CageCombination
            | Technique::Innies
            | Technique::Variant { .. }
            | Technique::LockedCandidates { .. } => Level::Medium,
            Technique::NakedSubset(m) | Technique::HiddenSubset(m) | Technique::Fish(m)
                if m <= 3 =>
            {
                Level::Hard
            }
            Technique::XyWing => Level::Hard,
            Technique::FinnedFish { size, .. } if size <= 2 => Level::Hard,
            Technique::FinnedFish { .. } => Level::Expert,
            // Skyscrapers and 2-string kites are where hard puzzles end.
            Technique::TurbotFish(_) => Level::Hard,
            Technique::XChain { strong, .. } if strong <= 2 => Level::Hard,
            Technique::XChain { .. } => Level::Expert,
            Technique::UniqueRectangle(_) | Technique::HiddenRectangle => Level::Hard,
            Technique::BugPlusOne => Level::Expert,
            Technique::Wing { size, .. } if size <= 3 => Level::Hard,
            // Scored above the static forcing chains, and tried after them.
            Technique::Wing { size, .. } if size >= 7 => Level::Diabolical,
            Technique::Wing { .. } => Level::Expert,
            Technique::WWing => Level::Expert,
            // Scored as cell forcing chains, and tried after the static ones.
            Technique::SueDeCoq | Technique::AlsXz | Technique::AlsXyWing => Level::Diabolical,
            Technique::ForcingChain { .. } => Level::Diabolical,
            Technique::NakedSubset(_) | Technique::HiddenSubset(_) | Technique::Fish(_) => {
                Level::Expert
            }
            Technique::Guess | Technique::Contradiction => Level::Guessing,
        }
    }
}
