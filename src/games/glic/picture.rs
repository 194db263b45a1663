//! The board as a picture: inline SVG of the eight compartments in Stewart's two rows, each with
//! what it held and what became of it, and the same in words for those who cannot see it. Every
//! text is escaped here, since the site inserts the SVG as it is.

use super::board::Compartment;
use crate::escape::html as escape;
use crate::game::Picture;
use std::fmt::Write;

/// The most characters a line of a compartment shows; the words (`alt`) say it whole.
const LINE: usize = 22;

/// The most characters of the caption above the board.
const CAPTION: usize = 80;

/// A text cut to at most `max` characters, marked where it is cut.
fn fit(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let cut: String = text.chars().take(max - 1).collect();
        format!("{cut}…")
    }
}

/// One compartment as drawn: two lines under its name, and whether it is marked (taken).
pub struct Cell {
    pub lines: [String; 2],
    pub marked: bool,
}

const BOX_W: u32 = 148;
const BOX_H: u32 = 100;
const GAP: u32 = 8;
const MARGIN: u32 = 12;
/// The caption's line height, and the most characters of a caption line on the narrow board.
const CAPTION_LINE: u32 = 19;
const NARROW_CAPTION: usize = 34;

/// Draws the board with a caption twice: Stewart's two rows of four, and two columns of four
/// rows for a phone, where the wide one would shrink its text to a few pixels. The page's style
/// shows one of them (the wide one on paper); `cells` in the order of [`Compartment::ALL`].
pub fn board(caption: &str, cells: &[Cell; 8], alt: String) -> Picture {
    let caption = fit(caption, CAPTION);
    let mut svg = layout("board-wide", 4, &[caption.as_str()], cells);
    svg.push_str(&layout(
        "board-narrow",
        2,
        &wrap(&caption, NARROW_CAPTION),
        cells,
    ));
    Picture { svg, alt }
}

/// A caption cut into lines of at most `max` characters, at spaces where it can be.
fn wrap(text: &str, max: usize) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut rest = text;
    while rest.chars().count() > max {
        let limit = rest.char_indices().nth(max).map_or(rest.len(), |(i, _)| i);
        let cut = rest[..limit].rfind(' ').filter(|&i| i > 0).unwrap_or(limit);
        lines.push(&rest[..cut]);
        rest = rest[cut..].trim_start();
    }
    lines.push(rest);
    lines
}

/// The board in `columns` columns, its caption in `caption` lines, as one `<svg>` of `class`.
fn layout(class: &str, columns: u32, caption: &[&str], cells: &[Cell; 8]) -> String {
    let rows = 8 / columns;
    let width = 2 * MARGIN + columns * BOX_W + (columns - 1) * GAP;
    let top = 16 + CAPTION_LINE * caption.len() as u32;
    let height = top + rows * (BOX_H + 10) + 2;
    let mut svg = format!(
        "<svg class=\"{class}\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" style=\"max-width:100%;height:auto\" font-family=\"sans-serif\" font-size=\"13\" aria-hidden=\"true\"><rect width=\"{width}\" height=\"{height}\" rx=\"14\" fill=\"#2f5d3a\"/>"
    );
    for (k, line) in caption.iter().enumerate() {
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#ffffff\" font-size=\"15\">{}</text>",
            width / 2,
            24 + CAPTION_LINE * k as u32,
            escape(line)
        );
    }
    for (i, (c, cell)) in Compartment::ALL.iter().zip(cells).enumerate() {
        let (col, row) = (i as u32 % columns, i as u32 / columns);
        let x = MARGIN + col * (BOX_W + GAP);
        let y = top + row * (BOX_H + 10);
        let cx = x + BOX_W / 2;
        let fill = if cell.marked { "#fbe9b7" } else { "#f6f1e1" };
        let _ = write!(
            svg,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{BOX_W}\" height=\"{BOX_H}\" rx=\"8\" fill=\"{fill}\" stroke=\"#7a5c2e\" stroke-width=\"2\"/>\
             <text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>\
             <text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\">{}</text>\
             <text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            y + 26,
            escape(c.title()),
            y + 56,
            escape(&fit(&cell.lines[0], LINE)),
            y + 80,
            escape(&fit(&cell.lines[1], LINE)),
        );
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        let cell = || Cell {
            lines: ["<script>".to_string(), "Ann & Ben".to_string()],
            marked: false,
        };
        let p = board("<b>", &std::array::from_fn(|_| cell()), "alt".into());
        assert!(!p.svg.contains("<script>"), "{}", p.svg);
        assert!(!p.svg.contains("<b>"));
        assert!(p.svg.contains("&lt;script&gt;"));
        assert!(p.svg.contains("Ann &amp; Ben"));
    }

    #[test]
    fn the_board_is_drawn_wide_and_narrow_with_the_same_compartments() {
        let cell = |i: usize| Cell {
            lines: [format!("line {i}"), "x".into()],
            marked: i == 3,
        };
        let caption = "What each compartment paid, and what the board holds after the deal";
        let p = board(caption, &std::array::from_fn(cell), "alt".into());
        let (wide, narrow) = p
            .svg
            .split_at(p.svg.find("<svg class=\"board-narrow\"").unwrap());
        assert!(wide.starts_with("<svg class=\"board-wide\""), "{wide}");
        assert!(wide.contains("viewBox=\"0 0 640 "), "four columns: {wide}");
        assert!(
            narrow.contains("viewBox=\"0 0 328 "),
            "two columns: {narrow}"
        );
        for half in [wide, narrow] {
            assert_eq!(half.matches("<svg").count(), 1);
            for i in 0..8 {
                assert!(half.contains(&format!(">line {i}<")), "{half}");
            }
            assert_eq!(half.matches("#fbe9b7").count(), 1, "one marked compartment");
        }
        assert!(wide.contains(&format!(">{caption}<")));
        let lines = wrap(caption, NARROW_CAPTION);
        assert_eq!(lines.join(" "), caption);
        assert!(lines.len() > 1 && lines.iter().all(|l| l.chars().count() <= NARROW_CAPTION));
        for line in lines {
            assert!(narrow.contains(&format!(">{line}<")), "{narrow}");
        }
        assert_eq!(wrap(&"x".repeat(40), 34), ["x".repeat(34), "x".repeat(6)]);
    }

    #[test]
    fn long_lines_are_cut_and_marked() {
        let long = "A".repeat(40);
        assert_eq!(fit(&long, LINE).chars().count(), LINE);
        assert!(fit(&long, LINE).ends_with('…'));
        assert_eq!(fit("short", LINE), "short");
    }
}
