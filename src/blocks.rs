//! Finds the scenario blocks in a Markdown page (```gleek, ```put...), keeping where each line
//! came from.

use crate::yaml::YamlText;
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// A scenario block in a page: its game's fence language, its YAML and the byte range of the
/// whole fence.
#[derive(Clone, Debug)]
pub struct ScenarioBlock {
    pub language: String,
    pub yaml: YamlText,
    pub range: Range<usize>,
}

/// A piece of a fence's text and its offset in the page.
type Piece = (String, usize);

/// Every block of a page fenced with one of `languages`, in order. The page is read with the site
/// renderer's own options, so `check` sees exactly the scenarios the site shows (with every
/// extension, a page between two `+++` lines was one metadata block, and its scenarios were never
/// checked).
pub fn extract_blocks(path: &Path, text: &Arc<str>, languages: &[&str]) -> Vec<ScenarioBlock> {
    let mut blocks = Vec::new();
    let lines = Arc::new(crate::diagnostic::LineIndex::new(text));
    // The open fence's language, its range and its text so far, each piece with its offset.
    let mut current: Option<(String, Range<usize>, Vec<Piece>)> = None;
    for (event, range) in Parser::new_ext(text, crate::site::markdown::options()).into_offset_iter()
    {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                current = info
                    .split_whitespace()
                    .next()
                    .filter(|l| languages.contains(l))
                    .map(|l| (l.to_string(), range, Vec::new()));
            }
            Event::Text(t) => {
                if let Some((_, _, pieces)) = current.as_mut() {
                    pieces.push((t.to_string(), source_offset(text, &range, &t)));
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((language, range, pieces)) = current.take() {
                    let yaml = YamlText::from_pieces_indexed(
                        path,
                        text.clone(),
                        lines.clone(),
                        pieces.iter().map(|(t, at)| (t.as_str(), *at)),
                    );
                    blocks.push(ScenarioBlock {
                        language,
                        yaml,
                        range,
                    });
                }
            }
            _ => {}
        }
    }
    blocks
}

/// Where a piece of a fence's text sits in the source. A fence in a list item comes line by
/// line with its indentation removed, so each piece is found in its range; where that removal
/// cut into a tab, the rest of the tab comes back as spaces, and the piece is found by what
/// follows them.
fn source_offset(text: &str, range: &Range<usize>, piece: &str) -> usize {
    let within = &text[range.clone()];
    let rest = piece.trim_start_matches(' ');
    let found = within.find(piece).or_else(|| {
        within
            .find(rest)
            .map(|i| i.saturating_sub(piece.len() - rest.len()))
    });
    range.start + found.unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_scenario_blocks_and_skips_others() {
        let text: Arc<str> = "# Page\n\n```yaml\na: 1\n```\n\n```gleek\nid: one\n```\n\n- item\n\n  ```gleek\n  id: two\n  x: y\n  ```\n".into();
        let blocks = extract_blocks(Path::new("p.md"), &text, &["gleek", "put"]);
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].language, "gleek");
        assert_eq!(blocks[0].yaml.yaml, "id: one\n");
        assert_eq!(blocks[1].yaml.yaml, "id: two\nx: y\n");
        let x = blocks[1].yaml.yaml.find("x:").unwrap();
        assert_eq!(blocks[1].yaml.location(x, 1).to_string(), "p.md:15:3");
    }

    #[test]
    fn a_block_between_plus_lines_is_found_as_the_site_shows_it() {
        let text: Arc<str> = "+++\ntitle = \"x\"\n\n```gleek\nid: one\n```\n+++\n".into();
        let blocks = extract_blocks(Path::new("p.md"), &text, &["gleek"]);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].yaml.yaml, "id: one\n");
    }

    /// Found by fuzzing: a tab under a list item's fence, followed by a wide character.
    #[test]
    fn a_tab_cut_by_the_indentation_is_located_without_a_panic() {
        let text: Arc<str> = "1. x\n   ```gleek\n   id: one\n\t\u{FFFD}pen: 1\n   ```\n".into();
        let blocks = extract_blocks(Path::new("p.md"), &text, &["gleek"]);
        assert_eq!(blocks.len(), 1);
        let yaml = &blocks[0].yaml;
        let pen = yaml.yaml.find("pen").unwrap();
        assert_eq!(yaml.location(pen, 3).to_string(), "p.md:4:3");
        let fuzzed: Arc<str> =
            String::from_utf8_lossy(b"#\n   ```gleek\n ome\n\t\xffpen'a$").into();
        extract_blocks(Path::new("p.md"), &fuzzed, &["gleek"]);
    }
}
