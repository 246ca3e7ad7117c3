//! `bench --plot`: time per puzzle against its number of gaps as a self-contained SVG picture,
//! one colour per solver, log time axis, with each solver's median per gap count as a line.

use std::fmt::Write as _;

/// One solver's points: (gaps, µs) per puzzle.
#[derive(Debug, Clone)]
pub(super) struct Series {
    pub(super) name: String,
    pub(super) points: Vec<(f64, f64)>,
}

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 460.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 150.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 55.0;
const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
];
/// Most dots drawn per series; larger series are thinned evenly (the median lines use all).
const MAX_DOTS: usize = 4000;

/// The picture of `series`.
pub(super) fn svg(series: &[Series]) -> String {
    let all = series.iter().flat_map(|s| s.points.iter());
    let (mut x0, mut x1) = (f64::INFINITY, f64::NEG_INFINITY);
    let (mut y0, mut y1) = (f64::INFINITY, f64::NEG_INFINITY);
    for &(x, y) in all {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        (x0, x1, y0, y1) = (0.0, 1.0, 1.0, 10.0);
    }
    let (xs, x_ticks) = nice_ticks(x0, x1);
    let lo = y0.max(0.01).log10().floor() as i32;
    let hi = (y1.max(0.01).log10().ceil() as i32).max(lo + 1);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    // A little room on both sides, so that dots on the first and last tick stay inside.
    let pad = (xs.1 - xs.0) * 0.02;
    let px = |x: f64| LEFT + (x - xs.0 + pad) / (xs.1 - xs.0 + 2.0 * pad) * plot_w;
    let py = |y: f64| {
        let t = (y.max(0.01).log10() - f64::from(lo)) / f64::from(hi - lo);
        TOP + (1.0 - t) * plot_h
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">Time per puzzle against gaps</text>"#,
        LEFT + plot_w / 2.0
    );
    // Grid lines and ticks.
    for d in lo..=hi {
        let y = py(10f64.powi(d));
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            LEFT + plot_w,
            LEFT - 6.0,
            y + 4.0,
            time_label(d)
        );
    }
    for &x in &x_ticks {
        let x_px = px(x);
        let _ = writeln!(
            out,
            r##"<line x1="{x_px:.1}" y1="{TOP}" x2="{x_px:.1}" y2="{:.1}" stroke="#eee"/><text x="{x_px:.1}" y="{:.1}" text-anchor="middle">{x}</text>"##,
            TOP + plot_h,
            TOP + plot_h + 16.0
        );
    }
    let _ = writeln!(
        out,
        r#"<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="black"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">gaps (empty cells in the puzzle)</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 14.0
    );
    let _ = writeln!(
        out,
        r#"<text transform="translate(18 {:.1}) rotate(-90)" text-anchor="middle">time per puzzle (log scale)</text>"#,
        TOP + plot_h / 2.0
    );
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let step = s.points.len().div_ceil(MAX_DOTS).max(1);
        let _ = writeln!(out, r#"<g fill="{colour}" fill-opacity="0.35">"#);
        // Each series' dots sit a little apart, so that equal gap counts stay readable.
        let shift = (i as f64 - (series.len() as f64 - 1.0) / 2.0) * 3.0;
        for &(x, y) in s.points.iter().step_by(step) {
            let _ = writeln!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="2"/>"#,
                px(x) + shift,
                py(y)
            );
        }
        out.push_str("</g>\n");
        let line: Vec<String> = medians(&s.points)
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            line.join(" ")
        );
        let ly = TOP + 10.0 + 22.0 * i as f64;
        let lx = LEFT + plot_w + 14.0;
        let _ = writeln!(
            out,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="2"/><circle cx="{}" cy="{ly}" r="3" fill="{colour}"/><text x="{}" y="{}">{} ({})</text>"#,
            lx + 22.0,
            lx + 11.0,
            lx + 28.0,
            ly + 4.0,
            escape(&s.name),
            s.points.len()
        );
    }
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{:.1}" font-size="11" fill="#555">dots: puzzles</text><text x="{}" y="{:.1}" font-size="11" fill="#555">lines: median</text>"##,
        LEFT + plot_w + 14.0,
        TOP + 22.0 * series.len() as f64 + 14.0,
        LEFT + plot_w + 14.0,
        TOP + 22.0 * series.len() as f64 + 28.0
    );
    out.push_str("</svg>\n");
    out
}

/// The median time at each gap count, by increasing gaps.
fn medians(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut sorted = points.to_vec();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    sorted
        .chunk_by(|a, b| a.0 == b.0)
        .map(|group| group[group.len() / 2])
        .collect()
}

/// Axis range and ticks at a round step (1, 2 or 5 times a power of ten), about eight of them.
fn nice_ticks(lo: f64, hi: f64) -> ((f64, f64), Vec<f64>) {
    let span = (hi - lo).max(1.0);
    let raw = span / 8.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * magnitude)
        .max(1.0);
    let start = (lo / step).floor() * step;
    let end = ((hi / step).ceil() * step).max(start + step);
    let ticks = (0..)
        .map(|i| start + f64::from(i) * step)
        .take_while(|&t| t <= end + step / 2.0)
        .collect();
    ((start, end), ticks)
}

/// `1 µs`, `10 µs`, `100 µs`, `1 ms`, … for 10^d microseconds.
fn time_label(d: i32) -> String {
    let (unit, shift) = match d {
        ..=2 => ("µs", 0),
        3..=5 => ("ms", 3),
        _ => ("s", 6),
    };
    let value = 10f64.powi(d - shift);
    if value >= 1.0 {
        format!("{value:.0} {unit}")
    } else {
        format!("{value} {unit}")
    }
}

/// Text safe inside an SVG element.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_labels_and_medians() {
        let ((a, b), ticks) = nice_ticks(17.0, 64.0);
        assert_eq!((a, b), (10.0, 70.0)); // span 47: steps of 10
        assert_eq!(ticks, vec![10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0]);
        assert_eq!(nice_ticks(3.0, 7.0).1, vec![3.0, 4.0, 5.0, 6.0, 7.0]);
        assert_eq!(time_label(0), "1 µs");
        assert_eq!(time_label(2), "100 µs");
        assert_eq!(time_label(3), "1 ms");
        assert_eq!(time_label(7), "10 s");
        assert_eq!(time_label(-1), "0.1 µs");
        let m = medians(&[(60.0, 5.0), (55.0, 1.0), (60.0, 1.0), (60.0, 9.0)]);
        assert_eq!(m, vec![(55.0, 1.0), (60.0, 5.0)]);
    }

    #[test]
    fn one_dot_per_puzzle_a_line_and_a_legend_entry_per_solver() {
        let series = vec![
            Series {
                name: "cp".into(),
                points: vec![(50.0, 20.0), (60.0, 300.0), (60.0, 100.0)],
            },
            Series {
                name: "a<b".into(),
                points: vec![(50.0, 2000.0)],
            },
        ];
        let svg = svg(&series);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<circle cx").count(), 4 + 2); // dots, then legend marks
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains(">cp (3)</text>") && svg.contains(">a&lt;b (1)</text>"));
        for label in ["10 µs", "100 µs", "1 ms", "10 ms"] {
            assert!(svg.contains(&format!(">{label}</text>")), "{label}");
        }
        assert!(svg.contains("time per puzzle (log scale)") && svg.contains("gaps (empty"));
    }
}
