//! Syntax highlighting at build time, as CSS classes (one stylesheet, light and dark).
//!
//! Scenarios use the small `gleek` grammar, compiled into its own set by `build.rs`; other fenced
//! code uses syntect's default grammars, loaded once and only if a page needs them.

use std::sync::OnceLock;
use syntect::highlighting::ThemeSet;
use syntect::html::{ClassStyle, ClassedHTMLGenerator, css_for_theme_with_class_style};
use syntect::parsing::{SyntaxReference, SyntaxSet};
use syntect::util::LinesWithEndings;

const STYLE: ClassStyle = ClassStyle::SpacedPrefixed { prefix: "hl-" };

fn gleek_set() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(|| {
        syntect::dumps::from_uncompressed_data(include_bytes!(concat!(
            env!("OUT_DIR"),
            "/gleek.packdump"
        )))
        .expect("the gleek grammar dump is valid")
    })
}

fn default_set() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(SyntaxSet::load_defaults_newlines)
}

fn escape(text: &str) -> String {
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

fn classed(code: &str, syntax: &SyntaxReference, set: &SyntaxSet) -> Option<String> {
    let mut generator = ClassedHTMLGenerator::new_with_class_style(syntax, set, STYLE);
    for line in LinesWithEndings::from(code) {
        generator
            .parse_html_for_line_which_includes_newline(line)
            .ok()?;
    }
    Some(generator.finalize())
}

/// The inner HTML of a code block: highlighted when the language is known, escaped otherwise.
pub fn highlight(code: &str, language: &str) -> String {
    let highlighted = if language == "gleek" {
        let set = gleek_set();
        set.find_syntax_by_extension("gleek")
            .and_then(|s| classed(code, s, set))
    } else if language.is_empty() {
        None
    } else {
        let set = default_set();
        set.find_syntax_by_token(language)
            .and_then(|s| classed(code, s, set))
    };
    highlighted.unwrap_or_else(|| escape(code))
}

/// The stylesheet for highlighted code: a light theme, and a dark one under
/// `prefers-color-scheme: dark`.
pub fn stylesheet() -> String {
    let themes = ThemeSet::load_defaults();
    let light =
        css_for_theme_with_class_style(&themes.themes["InspiredGitHub"], STYLE).unwrap_or_default();
    let dark = css_for_theme_with_class_style(&themes.themes["base16-ocean.dark"], STYLE)
        .unwrap_or_default();
    format!("{light}\n@media (prefers-color-scheme: dark) {{\n{dark}\n}}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gleek_blocks_are_highlighted_with_their_own_grammar() {
        let html = highlight(
            "hands:\n  Ann: AS 10♥ kd # a comment\nvie: Ann vie\n",
            "gleek",
        );
        assert!(html.contains("hl-constant hl-other hl-rank"), "{html}");
        assert!(html.contains("hl-comment"), "{html}");
        assert!(html.contains("hl-keyword"), "{html}");
    }

    #[test]
    fn unknown_languages_are_escaped_not_highlighted() {
        assert_eq!(highlight("<b>", "no-such-language"), "&lt;b&gt;");
        assert!(highlight("fn main() {}\n", "rust").contains("hl-"));
    }
}
