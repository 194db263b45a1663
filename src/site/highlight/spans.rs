//! What the hand-written highlighters ([`super::scenario`], [`super::yaml`]) share: the span
//! syntect's classed HTML opens for a scope, and the classes of characters their grammars test.

/// Opens a span with a scope's classes, as syntect writes it.
pub(super) fn open(html: &mut String, class: &str) {
    html.push_str("<span class=\"");
    html.push_str(class);
    html.push_str("\">");
}

/// `\s` for ASCII (a block with another space is left to syntect).
pub(super) fn is_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0b' | '\x0c' | '\r' | ' ')
}

/// A block as syntect highlights it with its grammar for `language`: what the hand-written
/// highlighters are tested against.
#[cfg(test)]
pub(super) fn syntect(code: &str, language: &str) -> String {
    use syntect::html::ClassedHTMLGenerator;
    use syntect::util::LinesWithEndings;
    let set = super::default_set();
    let syntax = set.find_syntax_by_token(language).unwrap();
    let mut html = ClassedHTMLGenerator::new_with_class_style(syntax, set, super::STYLE);
    for line in LinesWithEndings::from(code) {
        html.parse_html_for_line_which_includes_newline(line)
            .unwrap();
    }
    html.finalize()
}

/// The fenced blocks in these languages of every page under `dir`, for the tests that compare
/// the hand-written highlighters with syntect.
#[cfg(test)]
pub(super) fn fenced_blocks(dir: &std::path::Path, languages: &[&str], blocks: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            fenced_blocks(&path, languages, blocks);
        } else if path.extension().is_some_and(|x| x == "md") {
            let text = std::fs::read_to_string(&path).unwrap();
            let mut block: Option<String> = None;
            for line in text.split_inclusive('\n') {
                let fence = line.trim();
                match &mut block {
                    Some(b) if fence == "```" => blocks.push(std::mem::take(b)),
                    Some(b) => b.push_str(line),
                    None => {}
                }
                if fence == "```" {
                    block = None;
                } else if let Some(language) = fence.strip_prefix("```") {
                    block = languages.contains(&language).then(String::new);
                }
            }
        }
    }
}
