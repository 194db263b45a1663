//! The board as a picture: inline SVG of the eight compartments in Stewart's two rows, each with
//! what it held and what became of it, and the same in words for those who cannot see it. Every
//! text is escaped here, since the site inserts the SVG as it is.

use super::board::Compartment;
use crate::game::Picture;
use std::fmt::Write;

/// Escapes text for SVG content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

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

const WIDTH: u32 = 640;
const HEIGHT: u32 = 262;
const BOX_W: u32 = 148;
const BOX_H: u32 = 100;

/// Draws the board with a caption; `cells` in the order of [`Compartment::ALL`].
pub fn board(caption: &str, cells: &[Cell; 8], alt: String) -> Picture {
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" style=\"max-width:100%;height:auto\" font-family=\"sans-serif\" font-size=\"13\" aria-hidden=\"true\">"
    );
    let _ = write!(
        svg,
        "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" rx=\"14\" fill=\"#2f5d3a\"/><text x=\"{}\" y=\"24\" text-anchor=\"middle\" fill=\"#ffffff\" font-size=\"15\">{}</text>",
        WIDTH / 2,
        escape(&fit(caption, CAPTION))
    );
    for (i, (c, cell)) in Compartment::ALL.iter().zip(cells).enumerate() {
        let (col, row) = (i as u32 % 4, i as u32 / 4);
        let x = 12 + col * (BOX_W + 8);
        let y = 40 + row * (BOX_H + 10);
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
    Picture { svg, alt }
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
    fn long_lines_are_cut_and_marked() {
        let long = "A".repeat(40);
        assert_eq!(fit(&long, LINE).chars().count(), LINE);
        assert!(fit(&long, LINE).ends_with('…'));
        assert_eq!(fit("short", LINE), "short");
    }
}
