//! The per-constraint profile of `--stats` and `--profile`: a table on stderr and rows in JSON.

use serde::Serialize;
use sudoku_cp::engine::{PropagatorProfile, by_kind};

/// The profile as a table: a row per constraint kind, or per propagator when `instances`;
/// propagators that never ran are counted in a last line instead of listed.
pub(super) fn table(profile: &[PropagatorProfile], instances: bool) -> String {
    let kinds;
    let rows: &[PropagatorProfile] = if instances {
        profile
    } else {
        kinds = by_kind(profile);
        &kinds
    };
    let ran: Vec<&PropagatorProfile> = rows.iter().filter(|r| r.runs > 0).collect();
    let mut out = format!(
        "  {:>10} {:>10} {:>9} {:>10}  {}\n",
        "runs",
        "removed",
        "failures",
        "time",
        if instances {
            "propagator"
        } else {
            "constraint kind"
        }
    );
    for r in &ran {
        // Names say what a propagator keeps; a kind's row is named by its kind.
        let label = if r.name.is_empty() { r.kind } else { &r.name };
        out.push_str(&format!(
            "  {:>10} {:>10} {:>9} {:>10}  {label}\n",
            r.runs,
            r.removed,
            r.failures,
            duration(r.time.as_secs_f64())
        ));
    }
    let idle = rows.len() - ran.len();
    if idle > 0 {
        let what = if instances { "propagators" } else { "kinds" };
        out.push_str(&format!("  ({idle} more {what} never ran)\n"));
    }
    out
}

/// A time in the unit that reads best: `812 ns`, `3.4 µs`, `1.2 ms`, `2.50 s`.
fn duration(secs: f64) -> String {
    if secs >= 1.0 {
        format!("{secs:.2} s")
    } else if secs >= 1e-3 {
        format!("{:.1} ms", secs * 1e3)
    } else if secs >= 1e-6 {
        format!("{:.1} µs", secs * 1e6)
    } else {
        format!("{:.0} ns", secs * 1e9)
    }
}

/// One row of the profile in JSON.
#[derive(Debug, Serialize)]
pub(super) struct Row {
    kind: &'static str,
    /// The propagator (with `--profile`; a row per kind without).
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    runs: u64,
    removed: u64,
    failures: u64,
    /// Microseconds.
    us: f64,
}

/// The profile's JSON rows: per kind, or per propagator when `instances`.
pub(super) fn rows(profile: &[PropagatorProfile], instances: bool) -> Vec<Row> {
    let row = |r: &PropagatorProfile, name: Option<String>| Row {
        kind: r.kind,
        name,
        runs: r.runs,
        removed: r.removed,
        failures: r.failures,
        us: (r.time.as_secs_f64() * 1e7).round() / 10.0,
    };
    if instances {
        profile
            .iter()
            .map(|r| row(r, Some(r.name.clone())))
            .collect()
    } else {
        by_kind(profile).iter().map(|r| row(r, None)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn row(kind: &'static str, name: &str, runs: u64) -> PropagatorProfile {
        PropagatorProfile {
            kind,
            name: name.to_string(),
            runs,
            removed: runs * 2,
            failures: 1,
            time: Duration::from_micros(runs),
        }
    }

    #[test]
    fn kinds_are_summed_and_idle_ones_counted() {
        let p = [
            row("all-different", "alldiff(row 1)", 3),
            row("all-different", "alldiff(row 2)", 4),
            row("thermometer", "thermo r1c1", 0),
        ];
        let t = table(&p, false);
        assert!(
            t.contains("   7         14         2     7.0 µs  all-different\n"),
            "{t}"
        );
        assert!(t.ends_with("(1 more kinds never ran)\n"), "{t}");
        let t = table(&p, true);
        assert!(t.contains("  4.0 µs  alldiff(row 2)\n"), "{t}");
        assert!(t.contains("(1 more propagators never ran)"), "{t}");
        assert_eq!(rows(&p, false).len(), 2);
        assert_eq!(rows(&p, true).len(), 3);
    }
}
