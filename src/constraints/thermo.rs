//! A thermometer: values rise from the bulb (a slow one's never fall).

use super::{Constraint, IssKind, IssPart, Kind, PairKind, Post, RuleWord, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::Domain;

/// Values strictly increase from the bulb (`slow`: never decrease).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Thermo {
    /// From the bulb.
    pub cells: Vec<usize>,
    /// Whether equal neighbours are allowed.
    pub slow: bool,
}

impl Kind for Thermo {
    const RULE_WORDS: &'static [RuleWord] = &[
        RuleWord {
            keyword: "thermo",
            help: "CELLS: values increase from the bulb, the first cell",
            read: |a| {
                let cells = a.all_cells(2)?;
                Ok(vec![Thermo { cells, slow: false }.into()])
            },
        },
        RuleWord {
            keyword: "slow-thermo",
            help: "CELLS: values never decrease from the bulb",
            read: |a| {
                let cells = a.all_cells(2)?;
                Ok(vec![Thermo { cells, slow: true }.into()])
            },
        },
    ];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Thermo",
        late: false,
        read: read_iss,
    }];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "thermometer",
        read: |entry| entry.lines_as("Thermo"),
    }, FpuzzlesKey {
        key: "slowthermometer",
        read: |entry| {
            for cells in entry.lines()?.into_iter().filter(|l| l.len() >= 2) {
                entry.add(Thermo { cells, slow: true });
            }
            Ok(())
        },
    }];

    fn name(&self) -> &'static str {
        if self.slow {
            "slow thermometer"
        } else {
            "thermometer"
        }
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        values_of(&self.cells, value)
            .windows(2)
            .all(|w| if self.slow { w[0] <= w[1] } else { w[0] < w[1] })
    }

    fn parts(&self) -> Vec<Constraint> {
        self.cells
            .windows(2)
            .map(|w| {
                Thermo {
                    cells: w.to_vec(),
                    slow: self.slow,
                }
                .into()
            })
            .collect()
    }

    fn iss(&self, n: usize) -> Option<String> {
        (!self.slow).then(|| format!("Thermo~{}", super::iss_cells(n, &self.cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let key = if self.slow { "slowthermometer" } else { "thermometer" };
        Some((key, super::fpuzzles_line(n, &self.cells)))
    }

    /// A grey bulb and line; a slow thermometer's line dashed.
    fn draw(&self, canvas: &mut super::Canvas) {
        let colour = "#c4c4c4";
        if let Some(&bulb) = self.cells.first() {
            canvas.circle(super::Layer::Lines, bulb, 17, colour, colour);
        }
        canvas.path(&self.cells, colour, 14, self.slow);
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let kind = if self.slow {
            PairKind::NotGreater
        } else {
            PairKind::Less
        };
        for pr in self.cells.windows(2) {
            post.pair(pr[0], pr[1], kind);
        }
    }
}

/// `Thermo~CELLS`, from the bulb.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let cells = part.cells()?;
    part.add(Thermo { cells, slow: false })
}
