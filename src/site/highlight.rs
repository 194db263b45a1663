//! Syntax highlighting at build time, as CSS classes (one stylesheet, light and dark).
//!
//! Scenarios use the small scenario grammar, whose patterns are matched by hand ([`scenario`]),
//! with syntect and the grammar compiled into its own set by `build.rs` for a block the hand-written
//! matcher does not take; other fenced code uses syntect's default grammars, loaded once and only
//! if a page needs them. The regex engine is the pure-Rust one.
//!
//! Parsing a line is the expensive step, and rule books repeat lines (`face: up`, `}`, `expect:`).
//! Parsing depends only on the parser's state before the line and on the line, and its HTML on
//! those and the scopes left open, so the build remembers (across its threads), for every line
//! it has parsed, the state and scopes before, the HTML and the state and scopes after: a
//! repeated line in the same state costs a comparison instead of a regex search and the writing
//! of its spans, and gives exactly what parsing would.

mod scenario;
mod shell;
mod spans;
mod yaml;

use super::contrast::{self, Rgb};
use std::sync::{Arc, Mutex, OnceLock};
use syntect::highlighting::ThemeSet;
use syntect::html::{ClassStyle, css_for_theme_with_class_style, line_tokens_to_classed_spans};
use syntect::parsing::{ParseState, ScopeStack, SyntaxReference, SyntaxSet};
use syntect::util::LinesWithEndings;

const STYLE: ClassStyle = ClassStyle::SpacedPrefixed { prefix: "hl-" };

fn scenario_set() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(|| {
        syntect::dumps::from_uncompressed_data(include_bytes!(concat!(
            env!("OUT_DIR"),
            "/scenario.packdump"
        )))
        .expect("the scenario grammar dump is valid")
    })
}

fn default_set() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(SyntaxSet::load_defaults_newlines)
}

/// A line as parsed and written once: the parser's state and the open scopes before it, its
/// HTML, how many spans it leaves open (or closes, if negative), and the state and scopes after.
struct Parsed {
    before: ParseState,
    scopes_before: ScopeStack,
    html: Box<str>,
    opened: isize,
    after: ParseState,
    scopes_after: ScopeStack,
    /// Whether the state and scopes after are those before (most lines of a block): a hit then
    /// has nothing to copy.
    unchanged: bool,
}

/// Lines parsed so far: for each line, every (state, scopes) it was met in, with what it gave.
type LineCache = super::Map<String, Vec<Arc<Parsed>>>;

/// Beyond this many lines the cache starts afresh, so memory stays bounded (an entry holds two
/// parser states). The lines worth remembering are the common ones, which a fresh cache meets
/// again soon.
const CACHE_LINES: usize = 8_000;

/// One cache per syntax set (a state's context ids only mean something within its own set),
/// shared by the threads that render pages: a line common to many pages is parsed once, not
/// once per thread. The lock is held to look up and to store, never while parsing.
static CACHES: [Mutex<Option<LineCache>>; 2] = [Mutex::new(None), Mutex::new(None)];

/// Parses one line and writes its HTML, from the cache when this state and these open scopes
/// have met this line before: the HTML of a line depends on nothing else.
fn parse_line(
    (state, scopes): (&mut ParseState, &mut ScopeStack),
    line: &str,
    set: &SyntaxSet,
    cache: &Mutex<Option<LineCache>>,
) -> Option<Arc<Parsed>> {
    let lock = || cache.lock().unwrap_or_else(|p| p.into_inner());
    let hit = lock().as_ref().and_then(|c| c.get(line)).and_then(|seen| {
        seen.iter()
            .find(|p| p.before == *state && p.scopes_before == *scopes)
            .cloned()
    });
    if let Some(parsed) = hit {
        if !parsed.unchanged {
            state.clone_from(&parsed.after);
            scopes.clone_from(&parsed.scopes_after);
        }
        return Some(parsed);
    }
    let (before, scopes_before) = (state.clone(), scopes.clone());
    let ops = state.parse_line(line, set).ok()?;
    let (html, opened) = line_tokens_to_classed_spans(line, &ops, STYLE, scopes).ok()?;
    let parsed = Arc::new(Parsed {
        unchanged: before == *state && scopes_before == *scopes,
        before,
        scopes_before,
        html: html.into_boxed_str(),
        opened,
        after: state.clone(),
        scopes_after: scopes.clone(),
    });
    let mut cached = lock();
    let cache = cached.get_or_insert_with(LineCache::default);
    if cache.len() >= CACHE_LINES {
        cache.clear();
    }
    cache
        .entry(line.to_string())
        .or_default()
        .push(parsed.clone());
    Some(parsed)
}

/// Classed HTML for a block, as syntect's `ClassedHTMLGenerator` writes it.
fn classed(code: &str, syntax: &SyntaxReference, set: &SyntaxSet, which: usize) -> Option<String> {
    let cache = &CACHES[which];
    let mut state = ParseState::new(syntax);
    let mut scopes = ScopeStack::new();
    let mut html = String::with_capacity(code.len() * 4);
    let mut open: isize = 0;
    for line in LinesWithEndings::from(code) {
        let parsed = parse_line((&mut state, &mut scopes), line, set, cache)?;
        open += parsed.opened;
        html.push_str(&parsed.html);
    }
    for _ in 0..open {
        html.push_str("</span>");
    }
    Some(html)
}

/// Highlighted blocks by the digest of their language (`None` for scenarios) and text
/// ([`block_digest`]): those a cached build recalls from the pages it renders again
/// ([`recall`]), and while `serve` runs every block highlighted ([`remember_blocks`]). A plain
/// build keeps none.
#[derive(Default)]
struct Blocks {
    html: super::Map<u64, String>,
    /// Whether every block highlighted is kept (`serve`), not only those recalled.
    every: bool,
}
static BLOCKS: Mutex<Option<Blocks>> = Mutex::new(None);

/// Beyond this many blocks the memory of highlighted blocks starts afresh.
const BLOCKS_KEPT: usize = 100_000;

fn blocks() -> std::sync::MutexGuard<'static, Option<Blocks>> {
    BLOCKS.lock().unwrap_or_else(|p| p.into_inner())
}

/// What identifies a block's highlighting: its language (`None` for scenarios) and its text.
/// Digested as the build's cache digests a page's inputs.
pub(super) fn block_digest(language: Option<&str>, code: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = super::sink::Digest::default();
    (language, code).hash(&mut h);
    h.finish()
}

/// From now on, every block highlighted is remembered, and highlighted again from memory.
pub fn remember_blocks() {
    blocks().get_or_insert_with(Blocks::default).every = true;
}

/// Blocks as an earlier run of this tool highlighted them, by [`block_digest`]: each is taken
/// from here when it is met again, instead of being highlighted (whose first block of a language
/// costs the compiling of its grammar's patterns).
pub(super) fn recall(known: impl IntoIterator<Item = (u64, String)>) {
    let mut blocks = blocks();
    let blocks = blocks.get_or_insert_with(Blocks::default);
    for (digest, html) in known {
        if blocks.html.len() >= BLOCKS_KEPT {
            blocks.html.clear();
        }
        blocks.html.insert(digest, html);
    }
}

/// `highlight` of a block, from memory if the block is remembered or recalled. The lock is held
/// only to look up and to store: blocks are highlighted in parallel.
fn remembered(language: Option<&str>, code: &str, highlight: impl Fn() -> String) -> String {
    if blocks().is_none() {
        return highlight();
    }
    let digest = block_digest(language, code);
    let (known, every) = match blocks().as_ref() {
        Some(b) => (b.html.get(&digest).cloned(), b.every),
        None => (None, false),
    };
    if let Some(html) = known {
        return html;
    }
    let html = highlight();
    if every {
        recall([(digest, html.clone())]);
    }
    html
}

/// The inner HTML of a scenario's YAML, highlighted with the scenario grammar: by hand
/// ([`scenario`]), or by syntect for a block with characters the hand-written one does not know.
pub fn highlight_scenario(code: &str) -> String {
    remembered(None, code, || {
        scenario::classed(code)
            .or_else(|| syntect_scenario(code))
            .unwrap_or_else(|| crate::escape::html(code))
    })
}

/// A scenario's YAML highlighted by syntect with the scenario grammar.
fn syntect_scenario(code: &str) -> Option<String> {
    let set = scenario_set();
    set.find_syntax_by_extension("scenario")
        .and_then(|s| classed(code, s, set, 0))
}

/// The inner HTML of a code block: highlighted when the language is known, escaped otherwise.
pub fn highlight(code: &str, language: &str) -> String {
    remembered(Some(language), code, || highlight_block(code, language))
}

/// The names syntect gives its Bash grammar that [`shell`] highlights as it does.
const SHELL: [&str; 3] = ["sh", "bash", "zsh"];

/// Names often given to blocks of plain text, none of which names a grammar of syntect's: such a
/// block is escaped without loading syntect's grammars to find that out.
const PLAIN: [&str; 5] = ["text", "plain", "console", "output", "none"];

/// YAML and shell commands by hand ([`yaml`], [`shell`]) when the hand-written highlighter knows
/// the block; other languages, and blocks those do not know, with syntect.
fn highlight_block(code: &str, language: &str) -> String {
    let hand = match language {
        "yaml" | "yml" => yaml::classed(code),
        l if SHELL.contains(&l) => shell::classed(code),
        _ => None,
    };
    let highlighted = if hand.is_some() || language.is_empty() || PLAIN.contains(&language) {
        hand
    } else {
        let set = default_set();
        set.find_syntax_by_token(language)
            .and_then(|s| classed(code, s, set, 1))
    };
    highlighted.unwrap_or_else(|| crate::escape::html(code))
}

/// The stylesheet for highlighted code: a light theme, and a dark one under
/// `prefers-color-scheme: dark`, each made readable on the panel code sits on.
pub fn stylesheet() -> String {
    let themes = ThemeSet::load_defaults();
    let light =
        css_for_theme_with_class_style(&themes.themes["InspiredGitHub"], STYLE).unwrap_or_default();
    let dark = css_for_theme_with_class_style(&themes.themes["base16-ocean.dark"], STYLE)
        .unwrap_or_default();
    let light = readable_css(&light, &LIGHT_GROUNDS);
    let dark = readable_css(&dark, &DARK_GROUNDS);
    format!("{light}\n@media (prefers-color-scheme: dark) {{\n{dark}\n}}\n")
}

/// What code sits on in `style.css`, light and dark: the page (`--bg`) and the code panel
/// (`--panel`).
const LIGHT_GROUNDS: [Rgb; 2] = [Rgb(0xfd, 0xfc, 0xf8), Rgb(0xf4, 0xf0, 0xe6)];
const DARK_GROUNDS: [Rgb; 2] = [Rgb(0x19, 0x18, 0x15), Rgb(0x24, 0x22, 0x1e)];

/// A theme's rules with each text colour moved until it reads (4.5:1) on its rule's own
/// background, or else on every ground the site puts code on: the stock themes were made for
/// other backgrounds, and some of their colours (comments, numbers) fall well short on ours.
fn readable_css(css: &str, grounds: &[Rgb]) -> String {
    let mut out = String::with_capacity(css.len());
    for rule in css.split_inclusive('}') {
        let own = rule
            .lines()
            .find_map(|l| l.trim().strip_prefix("background-color:"))
            .and_then(|v| Rgb::parse(v.trim().trim_end_matches(';')));
        let on: Vec<Rgb> = own.map_or_else(|| grounds.to_vec(), |b| vec![b]);
        for line in rule.split_inclusive('\n') {
            let colour = line
                .trim()
                .strip_prefix("color:")
                .and_then(|v| Rgb::parse(v.trim().trim_end_matches(';')));
            match colour {
                Some(c) => {
                    let fixed = contrast::readable(c, &on, contrast::NORMAL_TEXT);
                    let indent = &line[..line.len() - line.trim_start().len()];
                    out.push_str(&format!("{indent}color: {};", fixed.hex()));
                    if line.ends_with('\n') {
                        out.push('\n');
                    }
                }
                None => out.push_str(line),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_colour_reads_on_its_ground() {
        let css = stylesheet();
        let (light, dark) = css.split_once("@media").unwrap();
        let mut checked = 0;
        for (part, grounds) in [(light, &LIGHT_GROUNDS), (dark, &DARK_GROUNDS)] {
            for rule in part.split('}') {
                let value = |key: &str| {
                    rule.lines()
                        .find_map(|l| l.trim().strip_prefix(key))
                        .and_then(|v| Rgb::parse(v.trim().trim_end_matches(';')))
                };
                let Some(text) = value("color:") else {
                    continue;
                };
                let on = value("background-color:").map_or(grounds.to_vec(), |b| vec![b]);
                for b in on {
                    let r = contrast::ratio(text, b);
                    assert!(
                        r >= contrast::NORMAL_TEXT,
                        "{} on {}: {r:.2} in {rule}",
                        text.hex(),
                        b.hex()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn scenarios_are_highlighted_with_their_own_grammar() {
        let html = highlight_scenario("hands:\n  Ann: AS 10♥ kd # a comment\nvie: Ann vie\n");
        assert!(html.contains("hl-constant hl-other hl-rank"), "{html}");
        assert!(html.contains("hl-comment"), "{html}");
        assert!(html.contains("hl-keyword"), "{html}");
    }

    #[test]
    fn remembered_lines_give_what_parsing_gives() {
        use syntect::html::ClassedHTMLGenerator;
        let code = "fn main() {\n    let x = \"}\";\n}\nfn main() {\n    /* open\n}\n*/ }\nfn main() {\n}\n";
        let set = default_set();
        let syntax = set.find_syntax_by_token("rust").unwrap();
        let mut plain = ClassedHTMLGenerator::new_with_class_style(syntax, set, STYLE);
        for line in LinesWithEndings::from(code) {
            plain
                .parse_html_for_line_which_includes_newline(line)
                .unwrap();
        }
        let expected = plain.finalize();
        // Twice: the second time every line comes from the cache, in whatever state it met.
        assert_eq!(highlight(code, "rust"), expected);
        assert_eq!(highlight(code, "rust"), expected);
    }

    /// Patterns that refer back to an earlier match's text are compiled once per text by the
    /// patched syntect (`vendor/syntect/PATCHED.md`): the blocks give what syntect as published
    /// gave, however often they are highlighted, with two different texts for each back
    /// reference (indentations of 4 and 6, raw strings with one `#` and two).
    #[test]
    fn back_references_give_what_syntect_as_published_gave() {
        let cases = [
            (
                "yaml",
                include_str!("../../tests/fixtures/highlight/backrefs.yaml"),
                include_str!("../../tests/fixtures/highlight/backrefs.yaml.html"),
            ),
            (
                "rust",
                include_str!("../../tests/fixtures/highlight/backrefs.rs.txt"),
                include_str!("../../tests/fixtures/highlight/backrefs.rs.html"),
            ),
        ];
        for (language, code, expected) in cases {
            for _ in 0..3 {
                assert_eq!(highlight_block(code, language), expected, "{language}");
            }
        }
    }

    /// A block recalled is taken as recalled, by its language and text: the same text in
    /// another language is highlighted.
    #[test]
    fn a_block_recalled_is_not_highlighted_again() {
        let code = "let recalled = 1;\n";
        recall([(block_digest(Some("rust"), code), "as recalled".to_string())]);
        assert_eq!(highlight(code, "rust"), "as recalled");
        assert!(highlight(code, "c").contains("hl-"));
    }

    #[test]
    fn plain_text_names_no_grammar() {
        for language in PLAIN {
            assert!(
                default_set().find_syntax_by_token(language).is_none(),
                "{language}"
            );
        }
        assert_eq!(highlight("<b>\n", "text"), "&lt;b&gt;\n");
    }

    #[test]
    fn unknown_languages_are_escaped_not_highlighted() {
        assert_eq!(highlight("<b>", "no-such-language"), "&lt;b&gt;");
        assert!(highlight("fn main() {}\n", "rust").contains("hl-"));
    }
}
