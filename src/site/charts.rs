//! Charts as inline SVG, laid out by hand: no JavaScript, no dependency, every text escaped.
//! Each chart scales to the page's width (a `viewBox`) but never below its drawing's width, so
//! that its text stays at 12 px or more; on a narrower screen it scrolls sideways in its own
//! focusable frame. It names itself for screen readers (`role` and `<title>`), and is followed on
//! its page by a table of the same figures.

use super::markdown::escape_attr as esc;
use std::fmt::Write;

/// The width of every chart's drawing, in its own units.
const WIDTH: f64 = 720.0;
/// The room given to the labels on the left.
const LABEL: f64 = 230.0;
const ROW: f64 = 24.0;

fn open(out: &mut String, height: f64, title: &str) {
    let _ = write!(
        out,
        "<div class=\"chart-frame\" tabindex=\"0\" role=\"region\" aria-label=\"{t} (scrolls sideways)\"><svg class=\"chart\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" aria-label=\"{t}\" xmlns=\"http://www.w3.org/2000/svg\"><title>{t}</title>",
        t = esc(title)
    );
}

fn close(out: &mut String) {
    out.push_str("</svg></div>");
}

/// One bar: a label, a value, and the words written after the bar.
pub struct Bar {
    pub label: String,
    pub value: f64,
    pub text: String,
}

/// Horizontal bars from zero, the longest filling the width.
pub fn bars(title: &str, rows: &[Bar]) -> String {
    let height = ROW * rows.len() as f64 + 8.0;
    let mut out = String::new();
    open(&mut out, height, title);
    let max = rows.iter().map(|r| r.value).fold(0.0f64, f64::max);
    let room = WIDTH - LABEL - 150.0;
    for (i, r) in rows.iter().enumerate() {
        let y = 4.0 + ROW * i as f64;
        let w = if max > 0.0 {
            (r.value.max(0.0) / max * room).max(1.0)
        } else {
            1.0
        };
        let _ = write!(
            out,
            "<text class=\"label\" x=\"{lx}\" y=\"{ty}\" text-anchor=\"end\">{label}</text><rect class=\"bar\" x=\"{LABEL}\" y=\"{by}\" width=\"{w:.1}\" height=\"{bh}\"/><text class=\"value\" x=\"{vx:.1}\" y=\"{ty}\">{text}</text>",
            lx = LABEL - 8.0,
            ty = y + 16.0,
            label = esc(&r.label),
            by = y + 3.0,
            bh = ROW - 6.0,
            vx = LABEL + w + 6.0,
            text = esc(&r.text),
        );
    }
    close(&mut out);
    out
}

/// A table of values between named items, shaded by size and written in each cell; the
/// columns are numbered as the rows.
pub fn heatmap(
    title: &str,
    names: &[String],
    value: impl Fn(usize, usize) -> Option<f64>,
) -> String {
    let n = names.len();
    let cell = ((WIDTH - LABEL) / n.max(1) as f64).min(64.0);
    let top = 28.0;
    let height = top + cell * 0.5 * n as f64 + 8.0;
    let row_h = cell * 0.5;
    let mut out = String::new();
    open(&mut out, height, title);
    let max = (0..n)
        .flat_map(|a| (0..n).map(move |b| (a, b)))
        .filter_map(|(a, b)| value(a, b))
        .fold(0.0f64, f64::max);
    for j in 0..n {
        let _ = write!(
            out,
            "<text class=\"label small\" x=\"{x:.1}\" y=\"{y}\" text-anchor=\"middle\">{}</text>",
            j + 1,
            x = LABEL + cell * (j as f64 + 0.5),
            y = top - 8.0,
        );
    }
    for (i, name) in names.iter().enumerate() {
        let y = top + row_h * i as f64;
        let _ = write!(
            out,
            "<text class=\"label\" x=\"{lx}\" y=\"{ty:.1}\" text-anchor=\"end\">{} ({})</text>",
            esc(name),
            i + 1,
            lx = LABEL - 8.0,
            ty = y + row_h * 0.7,
        );
        for j in 0..n {
            let x = LABEL + cell * j as f64;
            let Some(v) = value(i, j) else {
                continue;
            };
            let shade = if max > 0.0 { v / max } else { 0.0 };
            let _ = write!(
                out,
                "<rect class=\"cell\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill-opacity=\"{o:.2}\"/><text class=\"value small{dark}\" x=\"{cx:.1}\" y=\"{cy:.1}\" text-anchor=\"middle\">{v:.1}</text>",
                w = cell - 2.0,
                h = row_h - 2.0,
                o = 0.08 + 0.92 * shade,
                dark = if shade > 0.55 { " on-dark" } else { "" },
                cx = x + cell * 0.5 - 1.0,
                cy = y + row_h * 0.7,
            );
        }
    }
    close(&mut out);
    out
}

/// A row of estimates: a label and, per series, a mean with its interval.
pub struct IntervalRow {
    pub label: String,
    pub values: Vec<(f64, f64, f64)>,
}

/// Means with their intervals on a common scale around zero, one mark per series (named in a
/// legend) on each row.
pub fn intervals(title: &str, series: &[&str], rows: &[IntervalRow]) -> String {
    let legend = 24.0;
    let height = legend + ROW * rows.len() as f64 + 24.0;
    let mut out = String::new();
    open(&mut out, height, title);
    let extent = rows
        .iter()
        .flat_map(|r| &r.values)
        .flat_map(|&(_, lo, hi)| [lo.abs(), hi.abs()])
        .fold(0.0f64, f64::max)
        .max(0.5);
    let room = (WIDTH - LABEL - 20.0) / 2.0;
    let zero = LABEL + room;
    let x_of = |v: f64| zero + v / extent * room;
    for (k, name) in series.iter().enumerate() {
        let x = LABEL + 140.0 * k as f64;
        let _ = write!(
            out,
            "<circle class=\"s{k}\" cx=\"{cx}\" cy=\"12\" r=\"5\"/><text class=\"label\" x=\"{tx}\" y=\"16\">{}</text>",
            esc(name),
            cx = x + 6.0,
            tx = x + 16.0,
        );
    }
    let bottom = legend + ROW * rows.len() as f64;
    let _ = write!(
        out,
        "<line class=\"axis\" x1=\"{zero}\" y1=\"{legend}\" x2=\"{zero}\" y2=\"{bottom}\"/><text class=\"label small\" x=\"{zero}\" y=\"{ty}\" text-anchor=\"middle\">0</text><text class=\"label small\" x=\"{lo}\" y=\"{ty}\" text-anchor=\"middle\">{:+.1}</text><text class=\"label small\" x=\"{hi}\" y=\"{ty}\" text-anchor=\"middle\">{:+.1}</text>",
        -extent,
        extent,
        ty = bottom + 16.0,
        lo = x_of(-extent),
        hi = x_of(extent),
    );
    for (i, r) in rows.iter().enumerate() {
        let y = legend + ROW * i as f64;
        let _ = write!(
            out,
            "<text class=\"label\" x=\"{lx}\" y=\"{ty}\" text-anchor=\"end\">{}</text>",
            esc(&r.label),
            lx = LABEL - 8.0,
            ty = y + 16.0,
        );
        let step = (ROW - 8.0) / r.values.len().max(1) as f64;
        for (k, &(mean, lo, hi)) in r.values.iter().enumerate() {
            let my = y + 4.0 + step * (k as f64 + 0.5);
            let _ = write!(
                out,
                "<line class=\"whisker s{k}\" x1=\"{:.1}\" y1=\"{my:.1}\" x2=\"{:.1}\" y2=\"{my:.1}\"/><circle class=\"s{k}\" cx=\"{:.1}\" cy=\"{my:.1}\" r=\"3.5\"/>",
                x_of(lo),
                x_of(hi),
                x_of(mean),
            );
        }
    }
    close(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_in_a_chart_is_escaped() {
        let bar = Bar {
            label: "<script>".into(),
            value: 1.0,
            text: "a & b".into(),
        };
        let svg = bars("x < y", &[bar]);
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;"));
        assert!(svg.contains("a &amp; b"));
        assert!(svg.contains("<title>x &lt; y</title>"));
        let names = vec!["<b>".to_string(), "two-words".to_string()];
        let map = heatmap("h", &names, |a, b| (a != b).then_some(1.0));
        assert!(!map.contains("<b>"));
        let iv = intervals(
            "i",
            &["<i>"],
            &[IntervalRow {
                label: "<u>".into(),
                values: vec![(0.0, -1.0, 1.0)],
            }],
        );
        assert!(!iv.contains("<i>") && !iv.contains("<u>"));
    }

    #[test]
    fn the_longest_bar_fills_the_room_and_the_others_in_proportion() {
        let rows = [
            Bar {
                label: "a".into(),
                value: 4.0,
                text: String::new(),
            },
            Bar {
                label: "b".into(),
                value: 1.0,
                text: String::new(),
            },
        ];
        let svg = bars("t", &rows);
        let room = WIDTH - LABEL - 150.0;
        assert!(svg.contains(&format!("width=\"{room:.1}\"")));
        assert!(svg.contains(&format!("width=\"{:.1}\"", room / 4.0)));
    }
}
