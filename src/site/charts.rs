//! Charts as inline SVG, laid out by hand: no JavaScript, no dependency, every text escaped.
//! Each chart scales to the page's width (a `viewBox`) but never below its drawing's width, so
//! that its text stays at 12 px or more; on a narrower screen it scrolls sideways in its own
//! focusable frame. It names itself for screen readers (`role` and `<title>`), and is followed on
//! its page by a table of the same figures.
//!
//! So that a chart cannot mislead: every scale starts from zero and is drawn with its ticks and
//! its unit; every estimate carries its interval; the sample behind the chart is written under
//! it; a value that prints as zero gets no bar; a label is never cut (a long one is wrapped), so
//! no two read the same; a row the policy never reached says so in words instead of a bar.

use super::markdown::escape_attr as esc;
use std::fmt::Write;

/// The width of every chart's drawing, in its own units.
const WIDTH: f64 = 720.0;
/// The room given to the labels on the left.
const LABEL: f64 = 250.0;
const ROW: f64 = 24.0;
/// The characters of a label's line (at 12px, about 7 units each).
const LINE_CHARS: usize = 34;
const LINE_HEIGHT: f64 = 14.0;
/// The room under the rows: the axis, its ticks and unit, and the sample.
const FOOT: f64 = 52.0;

/// The colours of series beyond the four the stylesheet names (`s0` to `s3`).
const MORE_SERIES: [&str; 2] = ["#6a3d9a", "#4d4d4d"];

/// Ends a chart and its frame.
fn close(out: &mut String) {
    out.push_str("</svg></div>");
}

fn open(out: &mut String, height: f64, title: &str) {
    let _ = write!(
        out,
        "<div class=\"chart-frame\" tabindex=\"0\" role=\"region\" aria-label=\"{t} (scrolls sideways)\"><svg class=\"chart\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" aria-label=\"{t}\" xmlns=\"http://www.w3.org/2000/svg\"><title>{t}</title>",
        t = esc(title)
    );
}

/// A label's words in lines of at most [`LINE_CHARS`] characters (a longer word alone).
fn wrap(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= LINE_CHARS => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// The height of a row whose label has `lines` lines.
fn row_height(lines: usize) -> f64 {
    ROW.max(LINE_HEIGHT * lines as f64 + 8.0)
}

/// A label, right-aligned left of the plot, its lines centred on `mid`.
fn label(out: &mut String, lines: &[String], mid: f64) {
    let top = mid - LINE_HEIGHT * (lines.len() as f64 - 1.0) / 2.0 + 4.0;
    let _ = write!(out, "<text class=\"label\" text-anchor=\"end\">");
    for (i, line) in lines.iter().enumerate() {
        let _ = write!(
            out,
            "<tspan x=\"{x}\" y=\"{y:.1}\">{}</tspan>",
            esc(line),
            x = LABEL - 8.0,
            y = top + LINE_HEIGHT * i as f64,
        );
    }
    out.push_str("</text>");
}

/// A round number at least `x`: 1, 2 or 5 times a power of ten.
fn nice(x: f64) -> f64 {
    if x <= 0.0 || !x.is_finite() {
        return 1.0;
    }
    let p = 10f64.powf(x.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * p)
        .find(|&v| v >= x * (1.0 - 1e-12))
        .unwrap_or(10.0 * p)
}

/// The axis under the rows from `from` to `to` (`from` is zero or `-to`), ticks at its ends,
/// middle and zero, each with its value; the unit and the sample written beneath.
fn axis(out: &mut String, top: f64, x_of: &dyn Fn(f64) -> f64, range: (f64, f64), foot: &Foot) {
    let (from, to) = range;
    let y = top + 4.0;
    let _ = write!(
        out,
        "<line class=\"scale\" x1=\"{:.1}\" y1=\"{y}\" x2=\"{:.1}\" y2=\"{y}\" style=\"stroke: currentColor\"/>",
        x_of(from),
        x_of(to)
    );
    let mut ticks = vec![from, (from + to) / 2.0, to];
    if from < 0.0 {
        ticks = vec![from, from / 2.0, 0.0, to / 2.0, to];
    }
    for v in ticks {
        let x = x_of(v);
        let _ = write!(
            out,
            "<line class=\"tick\" x1=\"{x:.1}\" y1=\"{y}\" x2=\"{x:.1}\" y2=\"{y2}\" style=\"stroke: currentColor\"/><text class=\"label small tick-value\" x=\"{x:.1}\" y=\"{ty}\" text-anchor=\"middle\">{}</text>",
            foot.format(v),
            y2 = y + 5.0,
            ty = y + 17.0,
        );
    }
    let _ = write!(
        out,
        "<text class=\"label small unit\" x=\"{LABEL}\" y=\"{uy}\">{}</text><text class=\"label small sample\" x=\"{LABEL}\" y=\"{sy}\">{}</text>",
        esc(&foot.unit),
        esc(&foot.sample),
        uy = y + 32.0,
        sy = y + 45.0,
    );
}

/// What is written under a chart: its unit, its sample, and the decimals of its values.
pub struct Foot {
    /// "mean points moved, per player and trial (0 = no change)".
    pub unit: String,
    /// "n = 2,000 deals under each of 6 readings".
    pub sample: String,
    pub decimals: usize,
    /// Values written as percentages of 1.
    pub percent: bool,
}

impl Foot {
    fn format(&self, v: f64) -> String {
        let d = self.decimals;
        if self.percent {
            format!("{:.d$}%", v * 100.0)
        } else {
            format!("{v:.d$}")
        }
    }

    /// Whether a value prints as zero at the chart's precision.
    fn prints_as_zero(&self, v: f64) -> bool {
        let text = self.format(v.abs());
        text.trim_end_matches('%')
            .chars()
            .all(|c| c == '0' || c == '.')
    }
}

/// One bar: a label, an estimate with its interval (`None`: the policy never reached it), and
/// words written after the figures.
pub struct Bar {
    pub label: String,
    pub value: Option<(f64, f64, f64)>,
    pub note: String,
}

/// Horizontal bars from zero with their intervals, on a scale from zero to a round number at
/// least the highest interval's end.
pub fn bars(title: &str, rows: &[Bar], foot: &Foot) -> String {
    let labels: Vec<Vec<String>> = rows.iter().map(|r| wrap(&r.label)).collect();
    let body: f64 = labels.iter().map(|l| row_height(l.len())).sum();
    let mut out = String::new();
    open(&mut out, 8.0 + body + FOOT, title);
    let top = rows
        .iter()
        .filter_map(|r| r.value)
        .map(|(m, _, hi)| m.max(hi))
        .fold(0.0f64, f64::max);
    let max = nice(top);
    let room = WIDTH - LABEL - 190.0;
    let x_of = |v: f64| LABEL + v.clamp(0.0, max) / max * room;
    let mut y = 4.0;
    for (r, lines) in rows.iter().zip(&labels) {
        let h = row_height(lines.len());
        let mid = y + h / 2.0;
        label(&mut out, lines, mid);
        let text = match r.value {
            None => "not reached by this policy".to_string(),
            Some((mean, low, high)) => {
                if !foot.prints_as_zero(mean) {
                    let _ = write!(
                        out,
                        "<rect class=\"bar\" x=\"{LABEL}\" y=\"{by:.1}\" width=\"{w:.1}\" height=\"{bh}\"/>",
                        by = mid - (ROW - 8.0) / 2.0,
                        w = x_of(mean) - LABEL,
                        bh = ROW - 8.0,
                    );
                }
                let _ = write!(
                    out,
                    "<line class=\"interval\" x1=\"{:.1}\" y1=\"{mid:.1}\" x2=\"{:.1}\" y2=\"{mid:.1}\" style=\"stroke: currentColor; stroke-width: 1.5\"/>",
                    x_of(low),
                    x_of(high)
                );
                let half = (high - low) / 2.0;
                format!("{} ± {}{}", foot.format(mean), foot.format(half), r.note)
            }
        };
        let vx = r.value.map_or(LABEL, |(m, _, hi)| x_of(m.max(hi))) + 6.0;
        let _ = write!(
            out,
            "<text class=\"value\" x=\"{vx:.1}\" y=\"{ty:.1}\">{}</text>",
            esc(&text),
            ty = mid + 4.0,
        );
        y += h;
    }
    axis(&mut out, y, &x_of, (0.0, max), foot);
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
pub fn intervals(title: &str, series: &[&str], rows: &[IntervalRow], foot: &Foot) -> String {
    let legend = 24.0;
    let labels: Vec<Vec<String>> = rows.iter().map(|r| wrap(&r.label)).collect();
    let body: f64 = labels.iter().map(|l| row_height(l.len())).sum();
    let mut out = String::new();
    open(&mut out, legend + body + FOOT, title);
    let extent = nice(
        rows.iter()
            .flat_map(|r| &r.values)
            .flat_map(|&(_, lo, hi)| [lo.abs(), hi.abs()])
            .fold(0.0f64, f64::max),
    );
    let room = (WIDTH - LABEL - 20.0) / 2.0;
    let zero = LABEL + room;
    let x_of = |v: f64| zero + v.clamp(-extent, extent) / extent * room;
    let colour = |k: usize| {
        MORE_SERIES
            .get(k.wrapping_sub(4))
            .map_or(String::new(), |c| {
                format!(" style=\"fill: {c}; stroke: {c}\"")
            })
    };
    let per_row = ((WIDTH - LABEL) / series.len().max(1) as f64).min(140.0);
    for (k, name) in series.iter().enumerate() {
        let x = LABEL + per_row * k as f64;
        let _ = write!(
            out,
            "<circle class=\"s{k}\" cx=\"{cx}\" cy=\"12\" r=\"5\"{c}/><text class=\"label\" x=\"{tx}\" y=\"16\">{}</text>",
            esc(name),
            cx = x + 6.0,
            tx = x + 16.0,
            c = colour(k),
        );
    }
    let mut y = legend;
    for (r, lines) in rows.iter().zip(&labels) {
        let h = row_height(lines.len());
        label(&mut out, lines, y + h / 2.0);
        let step = (h - 8.0) / r.values.len().max(1) as f64;
        for (k, &(mean, lo, hi)) in r.values.iter().enumerate() {
            let my = y + 4.0 + step * (k as f64 + 0.5);
            let _ = write!(
                out,
                "<line class=\"whisker s{k}\" x1=\"{:.1}\" y1=\"{my:.1}\" x2=\"{:.1}\" y2=\"{my:.1}\"{c}/><circle class=\"s{k}\" cx=\"{:.1}\" cy=\"{my:.1}\" r=\"3.5\"{c}/>",
                x_of(lo),
                x_of(hi),
                x_of(mean),
                c = colour(k),
            );
        }
        y += h;
    }
    let _ = write!(
        out,
        "<line class=\"axis\" x1=\"{zero}\" y1=\"{legend}\" x2=\"{zero}\" y2=\"{y}\"/>"
    );
    axis(&mut out, y, &x_of, (-extent, extent), foot);
    close(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn foot() -> Foot {
        Foot {
            unit: "units".into(),
            sample: "n = 10 deals".into(),
            decimals: 2,
            percent: false,
        }
    }

    #[test]
    fn every_text_in_a_chart_is_escaped() {
        let bar = Bar {
            label: "<script>".into(),
            value: Some((1.0, 0.5, 1.5)),
            note: " a & b".into(),
        };
        let svg = bars("x < y", &[bar], &foot());
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;"));
        assert!(svg.contains("a &amp; b"));
        assert!(svg.contains("<title>x &lt; y</title>"));
        let iv = intervals(
            "i",
            &["<i>"],
            &[IntervalRow {
                label: "<u>".into(),
                values: vec![(0.0, -1.0, 1.0)],
            }],
            &foot(),
        );
        assert!(!iv.contains("<i>") && !iv.contains("<u>"));
    }

    #[test]
    fn bars_start_from_zero_on_a_round_scale_shown_with_the_sample() {
        let rows = [
            Bar {
                label: "a".into(),
                value: Some((3.0, 2.0, 4.0)),
                note: String::new(),
            },
            Bar {
                label: "b".into(),
                value: Some((1.0, 0.5, 1.5)),
                note: String::new(),
            },
        ];
        let svg = bars("t", &rows, &foot());
        // The scale runs from 0 to 5 (the round number above 4), its room split in proportion.
        let room = WIDTH - LABEL - 190.0;
        assert!(
            svg.contains(&format!("width=\"{:.1}\"", room * 3.0 / 5.0)),
            "{svg}"
        );
        assert!(svg.contains(&format!("width=\"{:.1}\"", room / 5.0)));
        for tick in [">0.00<", ">2.50<", ">5.00<"] {
            assert!(svg.contains(tick), "{tick}: {svg}");
        }
        assert!(svg.contains("3.00 ± 1.00"));
        assert!(svg.contains("n = 10 deals"));
        assert_eq!(svg.matches("class=\"interval\"").count(), 2);
    }

    #[test]
    fn a_value_printing_as_zero_gets_no_bar_and_an_unreached_row_says_so() {
        let rows = [
            Bar {
                label: "tiny".into(),
                value: Some((0.004, 0.0, 0.008)),
                note: String::new(),
            },
            Bar {
                label: "never".into(),
                value: None,
                note: String::new(),
            },
        ];
        let svg = bars("t", &rows, &foot());
        assert!(!svg.contains("class=\"bar\""), "{svg}");
        assert!(svg.contains("0.00 ± 0.00"));
        assert!(svg.contains("not reached by this policy"));
    }

    #[test]
    fn a_long_label_is_wrapped_whole_never_cut() {
        let long = "Who takes the Nine-Eight-Seven compartment when two hands qualify for it?";
        let lines = wrap(long);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.chars().count() <= LINE_CHARS));
        assert_eq!(lines.join(" "), long);
        assert_eq!(nice(0.0012), 0.002);
        assert_eq!(nice(4.0), 5.0);
        assert_eq!(nice(10.0), 10.0);
    }
}
