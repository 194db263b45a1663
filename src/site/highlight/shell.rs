//! Shell commands highlighted without a regex engine, as syntect's Bash grammar highlights
//! them: the blocks a rule book shows (a command, its options and words, `--`, a comment), one
//! command a line. That grammar is the largest syntect loads for the bundled site, and the
//! regexes it compiles on first use cost more than the pages' own highlighting.
//!
//! A line is known here when it is empty, or a command name (not a shell keyword or builtin,
//! which the grammar scopes apart) followed by words of plain characters, options
//! (`-q`, `--set` or `--set=value`) and an end-of-options `--`, separated by spaces, with
//! perhaps a comment after a space. Anything else (quotes, `$`, globs, redirections, pipes, a
//! tab, a letter other than ASCII outside a comment) leaves the block to syntect. Tests compare
//! the two on every bundled block and on generated ones.

use super::spans::open;
use crate::escape;
use syntect::util::LinesWithEndings;

const SOURCE: &str = "hl-source hl-shell hl-bash";
const CALL: &str = "hl-meta hl-function-call hl-shell";
const FUNCTION: &str = "hl-variable hl-function hl-shell";
const ARGUMENTS: &str = "hl-meta hl-function-call hl-arguments hl-shell";
const OPTION: &str = "hl-variable hl-parameter hl-option hl-shell";
const DASHES: &str = "hl-punctuation hl-definition hl-parameter hl-shell";
const ASSIGN: &str = "hl-keyword hl-operator hl-assignment hl-option hl-shell";
const END_OF_OPTIONS: &str = "hl-keyword hl-operator hl-end-of-options hl-shell";
const COMMENT: &str = "hl-comment hl-line hl-number-sign hl-shell";
const COMMENT_BEGIN: &str = "hl-punctuation hl-definition hl-comment hl-begin hl-shell";

/// Words the grammar scopes as keywords or builtins where a command's name goes.
const SPECIAL: &[&str] = &[
    "alias",
    "bg",
    "bind",
    "break",
    "builtin",
    "caller",
    "case",
    "cd",
    "command",
    "compgen",
    "complete",
    "continue",
    "coproc",
    "declare",
    "dirs",
    "disown",
    "do",
    "done",
    "echo",
    "elif",
    "else",
    "enable",
    "esac",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "fg",
    "fi",
    "for",
    "function",
    "getopts",
    "hash",
    "help",
    "history",
    "if",
    "in",
    "jobs",
    "kill",
    "let",
    "local",
    "logout",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "select",
    "set",
    "shift",
    "shopt",
    "source",
    "suspend",
    "test",
    "then",
    "time",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "until",
    "wait",
    "while",
];

/// The inner HTML of a block of shell commands as syntect's classed HTML would be, or `None`
/// for a block with something this does not know.
pub(super) fn classed(code: &str) -> Option<String> {
    if code.is_empty() {
        return Some(String::new());
    }
    let mut html = String::with_capacity(code.len() * 8);
    open(&mut html, SOURCE);
    for line in LinesWithEndings::from(code) {
        let (text, newline) = match line.strip_suffix('\n') {
            Some(text) => (text, "\n"),
            None => (line, ""),
        };
        if !text.is_empty() {
            command(&mut html, text, !newline.is_empty())?;
        } else {
            html.push_str(newline);
        }
    }
    html.push_str("</span>");
    Some(html)
}

/// One line's command: its name, then its arguments (and a comment), with the newline after.
fn command(html: &mut String, text: &str, newline: bool) -> Option<()> {
    let name_end = text.find(' ').unwrap_or(text.len());
    let (name, rest) = text.split_at(name_end);
    if !is_name(name) {
        return None;
    }
    open(html, CALL);
    open(html, FUNCTION);
    html.push_str(name);
    html.push_str("</span></span>");
    if rest.is_empty() {
        if newline {
            html.push('\n');
        }
        return Some(());
    }
    let (args, comment) = split_comment(rest)?;
    if args.trim_start().is_empty() {
        // A comment right after the name: the grammar keeps the name's scopes open over it.
        return None;
    }
    open(html, ARGUMENTS);
    let ended = arguments(html, args)?;
    if ended.on_option && comment.is_some() {
        // The grammar keeps an option's scopes open over a comment right after it.
        return None;
    }
    match comment {
        Some(comment) => {
            open(html, COMMENT);
            open(html, COMMENT_BEGIN);
            html.push_str("#</span></span>");
            // The comment's text is a span of its own; the block's last line (without a newline)
            // leaves it open to the end, where it is closed even if empty.
            if comment.len() > 1 || !newline {
                open(html, COMMENT);
                escape::push(html, &comment[1..]);
                html.push_str("</span>");
            }
            if newline {
                open(html, COMMENT);
                html.push_str("\n</span>");
            }
            html.push_str("</span>");
        }
        None => {
            if ended.open {
                html.push_str("</span>");
            }
            if newline {
                html.push('\n');
            }
        }
    }
    Some(())
}

/// A command's name this knows: a path or word of plain characters that the grammar does not
/// scope apart.
fn is_name(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphabetic()
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || b"_-./+".contains(&c))
        && !SPECIAL.contains(&name)
}

/// The arguments and the comment (from its `#`): a `#` after a space begins one.
fn split_comment(rest: &str) -> Option<(&str, Option<&str>)> {
    match rest.find(" #") {
        Some(at) => {
            let comment = &rest[at + 1..];
            if comment.chars().any(char::is_control) {
                return None;
            }
            Some((&rest[..at + 1], Some(comment)))
        }
        None => Some((rest, None)),
    }
}

/// How a command's arguments ended.
struct Ended {
    /// The last word is an option.
    on_option: bool,
    /// A span of arguments is open: not after a final `--`, whose new span would be empty.
    open: bool,
}

/// The words after the name, each with the spaces before it; options are scoped until `--`,
/// after which a new span of arguments begins (where anything follows it).
fn arguments(html: &mut String, args: &str) -> Option<Ended> {
    let (mut options, mut on_option, mut reopen) = (true, false, false);
    let mut at = 0;
    while at < args.len() {
        if std::mem::take(&mut reopen) {
            open(html, ARGUMENTS);
        }
        let word_at = at + args[at..].bytes().take_while(|&c| c == b' ').count();
        if word_at == args.len() {
            html.push_str(&args[at..]);
            break;
        }
        let end = word_at + args[word_at..].find(' ').unwrap_or(args.len() - word_at);
        let (spaces, word) = (&args[at..word_at], &args[word_at..end]);
        if !word.bytes().all(is_plain) {
            return None;
        }
        on_option = options && word.starts_with('-') && word != "--";
        if options && word == "--" {
            open(html, END_OF_OPTIONS);
            html.push_str(spaces);
            html.push_str("--</span></span>");
            (options, reopen) = (false, true);
        } else if on_option {
            option(html, spaces, word)?;
        } else if word.starts_with('=') {
            return None;
        } else {
            html.push_str(spaces);
            html.push_str(word);
        }
        at = end;
    }
    Some(Ended {
        on_option,
        open: !reopen,
    })
}

/// `-x`, `--name` or `--name=value`: the dashes (with the spaces before) and the name scoped as
/// an option, the `=` as its assignment, the value as a word.
fn option(html: &mut String, spaces: &str, word: &str) -> Option<()> {
    let dashes = if word.starts_with("--") { 2 } else { 1 };
    let body = &word[dashes..];
    let name_end = body
        .bytes()
        .position(|c| !(c.is_ascii_alphanumeric() || c == b'_' || c == b'-'))
        .unwrap_or(body.len());
    let (name, rest) = body.split_at(name_end);
    let value = match rest.strip_prefix('=') {
        Some(value) if !value.starts_with(['#', '=', '-']) => Some(value),
        _ if rest.is_empty() => None,
        _ => return None,
    };
    if !name.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    open(html, OPTION);
    open(html, DASHES);
    html.push_str(spaces);
    html.push_str(&word[..dashes]);
    html.push_str("</span>");
    html.push_str(name);
    html.push_str("</span>");
    if let Some(value) = value {
        open(html, ASSIGN);
        html.push_str("=</span>");
        html.push_str(value);
    }
    Some(())
}

/// Characters that are only themselves in a word (none needs escaping in HTML).
fn is_plain(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"_-./:,+=@#".contains(&c)
}

#[cfg(test)]
mod tests {
    use super::super::{default_set, spans, spans::fenced_blocks};
    use super::classed;
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use std::path::Path;

    fn syntect(code: &str) -> String {
        spans::syntect(code, "sh")
    }

    #[test]
    fn every_bundled_shell_block_is_highlighted_as_syntect_highlights_it() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut blocks = Vec::new();
        fenced_blocks(&root.join("content"), &["sh", "bash"], &mut blocks);
        assert!(blocks.len() >= 6, "{}", blocks.len());
        for code in &blocks {
            let ours = classed(code).unwrap_or_else(|| panic!("not known: {code}"));
            assert_eq!(ours, syntect(code), "{code}");
        }
    }

    #[test]
    fn every_name_of_the_language_is_syntect_s_bash() {
        for token in super::super::SHELL {
            let syntax = default_set().find_syntax_by_token(token).unwrap();
            assert_eq!(syntax.name, "Bourne Again Shell (bash)", "{token}");
        }
    }

    #[test]
    fn what_this_does_not_know_goes_to_syntect() {
        for code in [
            "echo hi\n",
            "cargo \"x\"\n",
            "cargo $HOME\n",
            "ls *.md\n",
            "a | b\n",
            "cargo # c\n",
            " cargo\n",
            "cargo\tx\n",
            "cargo é\n",
            "x=1 cargo\n",
        ] {
            assert_eq!(classed(code), None, "{code}");
        }
    }

    /// Edges the generated blocks found: an empty block, a comment without text or newline, a
    /// final `--` (with nothing after it, no new span of arguments).
    #[test]
    fn edges_are_highlighted_as_syntect_highlights_them() {
        for code in [
            "",
            "cargo run  #",
            "cargo run #\n",
            "cargo --",
            "cargo --\n",
            "cargo -- # c\n",
        ] {
            let ours = classed(code).unwrap_or_else(|| panic!("not known: {code}"));
            assert_eq!(ours, syntect(code), "{code:?}");
        }
        // An option right before a comment keeps its scopes open over it: left to syntect.
        assert_eq!(classed("cargo -q  #"), None);
    }

    /// Names, words and their separators, comments: pieces that meet the patterns' edges
    /// (builtins and keywords, options with and without values, `--`, paths, the characters the
    /// grammar gives a meaning). Most are pieces this knows, so that most blocks are compared;
    /// the others (`ODD_`) are mixed in.
    const NAMES: &[&str] = &[
        "cargo",
        "mournival",
        "git",
        "python3",
        "npm",
        "sudo",
        "apt-get",
        "hyperfine",
        "a1",
        "./target/release/mournival",
        "/usr/bin/x",
        "target/release/x",
        "x.y",
        "x_y",
        "x+y",
    ];
    const ODD_NAMES: &[&str] = &[
        "echo", "cd", "set", "time", "if", "test", "true", "x=1", "", " ", "-", "#", "é", "$x",
    ];
    const SPACES: &[&str] = &[" ", " ", " ", "  ", "   "];
    const WORDS: &[&str] = &[
        "run",
        "check",
        "x",
        "content/notebook/odd-penny.md",
        "a.md#x",
        "cotton-1674",
        "1",
        "100000",
        "a=b",
        "a,b",
        "a:b",
        "a@b",
        "a+b",
        "_",
        ".",
        "..",
        "./x",
        "/tmp/x",
        "--",
        "-q",
        "-n",
        "-1",
        "-x=",
        "-x=1",
        "--release",
        "--set",
        "--x-y",
        "--_z",
        "--set=a",
        "--set=a=b",
        "#x",
    ];
    const ODD_WORDS: &[&str] = &[
        "-", "---x", "--a.b", "--set=-a", "=", "=x", "é", "$x", "\"x\"", "'x'", "%d", "~", "*.md",
        "a?", "[a]", "{a,b}", "(x)", "|", "&&", ";", "<", ">", "\\", "`x`", "!", "<b>", "&amp;",
        "\t",
    ];
    const COMMENTS: &[&str] = &["", "", "", " #", " # a comment", "  # <b>&", " #x", "#x"];

    fn line() -> impl Strategy<Value = String> {
        let name = prop_oneof![
            6 => prop::sample::select(NAMES),
            1 => prop::sample::select(ODD_NAMES),
        ];
        let word = prop_oneof![
            30 => prop::sample::select(WORDS),
            1 => prop::sample::select(ODD_WORDS),
        ];
        let words = prop::collection::vec((prop::sample::select(SPACES), word), 0..7);
        let trailing = prop::sample::select(&["", "", "", " ", "  "][..]);
        (name, words, trailing, prop::sample::select(COMMENTS)).prop_map(
            |(name, words, trailing, comment)| {
                let words: String = words.into_iter().map(|(s, w)| format!("{s}{w}")).collect();
                format!("{name}{words}{trailing}{comment}")
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn generated_blocks_are_highlighted_as_syntect_highlights_them(
            lines in prop::collection::vec(line(), 0..5),
            last_newline in any::<bool>(),
        ) {
            let mut code = lines.join("\n");
            if last_newline {
                code.push('\n');
            }
            if let Some(ours) = classed(&code) {
                prop_assert_eq!(ours, syntect(&code), "{:?}", code);
            }
        }
    }

    /// Enough of the generated blocks are known here for the comparison above to mean
    /// something: a block of one to four lines is compared when every line is known.
    #[test]
    fn many_generated_blocks_are_known() {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let blocks = prop::collection::vec(line(), 1..5);
        let known = (0..1000)
            .filter(|_| {
                classed(&blocks.new_tree(&mut runner).unwrap().current().join("\n")).is_some()
            })
            .count();
        assert!(known > 150, "{known}");
    }
}
