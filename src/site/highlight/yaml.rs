//! YAML highlighted without a regex engine, as syntect's default YAML grammar
//! (`YAML.sublime-syntax` in its packs) highlights it.
//!
//! syntect's parse is kept as it is: a stack of the grammar's contexts; from a place in a line,
//! the patterns of the context on top (its prototype's first) are searched, the earliest match
//! wins (of two at the same place, the one written first), its scopes and its context's meta
//! scopes are opened and closed, and its push, set or pop is done; a pop that matches nothing
//! right after a push that matched nothing moves one character on instead. Only the regexes are
//! replaced, each by a function finding its leftmost match. Patterns whose matches this does not
//! know (anchors and tags, aliases, `?` keys, directives, timestamps) find a place where they
//! may match: if one wins there, the block is left to syntect. So is a block with a space or a
//! digit other than ASCII (the grammar's `\s` and `\d` are Unicode's). Tests compare the two on
//! every bundled block, the bench corpus and generated blocks; a change to the grammar (a new
//! syntect) must be made here too.

use super::spans::{is_space as is_space_char, open};
use crate::escape;
use syntect::util::LinesWithEndings;

/// The grammar's contexts this knows, by their names in the grammar.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Ctx {
    /// `__start`, below everything, and `__main` (`main`), pushed at the first line.
    Start,
    Main,
    /// `flow-sequence`'s and `flow-mapping`'s bodies.
    FlowSeq,
    FlowMap,
    /// `flow-pair`'s key (`#anon_flow-pair_1`), the key's plain text (`_2`), and the value.
    FlowKey,
    FlowKeyText,
    FlowValue,
    /// `block-pair`'s key (`#anon_block-pair_1`) and its plain text (`_2`).
    BlockKey,
    BlockKeyText,
    /// Plain scalars out of and in flow collections.
    PlainOut,
    PlainIn,
    Double,
    Single,
    /// `#anon_comment_0` (before the `#`) and `_1`.
    CommentStart,
    Comment,
    /// `#anon_block-scalar_0` (after `|` or `>`) and `_1`, with its indentation (`\1`).
    BlockScalar,
    BlockText(usize),
}

/// What a pattern does to the stack once it matched.
#[derive(Clone, Copy)]
enum Op {
    Stay,
    Push(Ctx),
    Set(Ctx),
    Pop,
}

/// The grammar's regexes, each found by [`find`].
#[derive(Clone, Copy)]
enum Find {
    Empty,
    CommentStart,
    Property,
    Directive,
    DocumentBegin,
    DocumentEnd,
    BlockScalar,
    BlockSequence,
    Question,
    BlockKey,
    BlockColon,
    TypedOut,
    PlainOut,
    Alias,
    /// Single characters: `[`, `{`, `"`, `'`, `]`, `}`, `,`, `#`.
    SeqOpen,
    MapOpen,
    DoubleQuote,
    SingleQuote,
    SeqClose,
    MapClose,
    Comma,
    Hash,
    TypedIn,
    PlainIn,
    EndOut,
    EndIn,
    FlowKey,
    FlowColon,
    ValueEnd,
    DoubleEscape,
    DoubleNewline,
    SingleEscape,
    CommentEnd,
    Indentation,
    HeadEnd,
    Rest,
    /// `^(?!\1|\s*$)`: searched with the indentation, never kept in the line's cache.
    TextEnd,
}

/// How many `Find`s there are: the line's cache has a place for each.
const FINDS: usize = Find::TextEnd as usize + 1;

struct Pattern {
    find: Find,
    scope: &'static [&'static str],
    op: Op,
}

const fn pat(find: Find, scope: &'static [&'static str], op: Op) -> Pattern {
    Pattern { find, scope, op }
}

/// A match: its span, the spans of its scoped groups with their classes, and whether it is one
/// this does not know (the block then goes to syntect).
#[derive(Clone, Copy)]
struct Hit {
    from: usize,
    to: usize,
    groups: [Option<(usize, usize, &'static str)>; 3],
    unknown: bool,
}

impl Hit {
    fn span(from: usize, to: usize) -> Hit {
        Hit {
            from,
            to,
            groups: [None; 3],
            unknown: false,
        }
    }

    fn unknown(at: usize) -> Hit {
        Hit {
            unknown: true,
            ..Hit::span(at, at)
        }
    }

    fn group(from: usize, to: usize, class: &'static str) -> Hit {
        Hit {
            groups: [Some((from, to, class)), None, None],
            ..Hit::span(from, to)
        }
    }
}

const SOURCE: &str = "hl-source hl-yaml";
const COMMENT: &str = "hl-comment hl-line hl-number-sign hl-yaml";
const COMMENT_MARK: &str = "hl-punctuation hl-definition hl-comment hl-line hl-number-sign hl-yaml";
const PLAIN_OUT: &str = "hl-string hl-unquoted hl-plain hl-out hl-yaml";
const PLAIN_IN: &str = "hl-string hl-unquoted hl-plain hl-in hl-yaml";
const TAG: &str = "hl-entity hl-name hl-tag hl-yaml";
const DOUBLE: &str = "hl-string hl-quoted hl-double hl-yaml";
const SINGLE: &str = "hl-string hl-quoted hl-single hl-yaml";
const BLOCK_TEXT: &str = "hl-string hl-unquoted hl-block hl-yaml";
const MAPPING_COLON: &str = "hl-punctuation hl-separator hl-key-value hl-mapping hl-yaml";

/// The prototype, searched before the patterns of the contexts that include it.
const PROTOTYPE: &[Pattern] = &[
    pat(Find::CommentStart, &[], Op::Push(Ctx::CommentStart)),
    pat(Find::Property, &[], Op::Stay),
];

const MAIN: &[Pattern] = &[
    pat(Find::Directive, &[], Op::Stay),
    pat(
        Find::DocumentBegin,
        &["hl-entity hl-other hl-document hl-begin hl-yaml"],
        Op::Stay,
    ),
    pat(
        Find::DocumentEnd,
        &["hl-entity hl-other hl-document hl-end hl-yaml"],
        Op::Stay,
    ),
    pat(Find::BlockScalar, &[], Op::Push(Ctx::BlockScalar)),
    pat(
        Find::BlockSequence,
        &["hl-punctuation hl-definition hl-block hl-sequence hl-item hl-yaml"],
        Op::Stay,
    ),
    pat(Find::Question, &[], Op::Stay),
    pat(Find::BlockKey, &[], Op::Push(Ctx::BlockKey)),
    pat(Find::BlockColon, &[MAPPING_COLON], Op::Stay),
    pat(Find::TypedOut, &[], Op::Stay),
    pat(Find::PlainOut, &[], Op::Push(Ctx::PlainOut)),
];

/// `flow-node`: aliases, flow collections and flow scalars.
const FLOW_NODE: &[Pattern] = &[
    pat(Find::Alias, &[], Op::Stay),
    pat(
        Find::SeqOpen,
        &["hl-punctuation hl-definition hl-sequence hl-begin hl-yaml"],
        Op::Push(Ctx::FlowSeq),
    ),
    pat(
        Find::MapOpen,
        &["hl-punctuation hl-definition hl-mapping hl-begin hl-yaml"],
        Op::Push(Ctx::FlowMap),
    ),
    pat(
        Find::DoubleQuote,
        &["hl-punctuation hl-definition hl-string hl-begin hl-yaml"],
        Op::Push(Ctx::Double),
    ),
    pat(
        Find::SingleQuote,
        &["hl-punctuation hl-definition hl-string hl-begin hl-yaml"],
        Op::Push(Ctx::Single),
    ),
    pat(Find::TypedIn, &[], Op::Stay),
    pat(Find::PlainIn, &[], Op::Push(Ctx::PlainIn)),
];

/// `flow-pair` before its `flow-node`, and after it.
const FLOW_PAIR: &[Pattern] = &[
    pat(Find::Question, &[], Op::Stay),
    pat(Find::FlowKey, &[], Op::Push(Ctx::FlowKey)),
];
const FLOW_COLON: &[Pattern] = &[pat(
    Find::FlowColon,
    &["hl-meta hl-flow-pair hl-yaml", MAPPING_COLON],
    Op::Push(Ctx::FlowValue),
)];

const SEQUENCE: &[Pattern] = &[
    pat(
        Find::SeqClose,
        &["hl-punctuation hl-definition hl-sequence hl-end hl-yaml"],
        Op::Pop,
    ),
    pat(
        Find::Comma,
        &["hl-punctuation hl-separator hl-sequence hl-yaml"],
        Op::Stay,
    ),
];
const MAPPING: &[Pattern] = &[
    pat(
        Find::MapClose,
        &["hl-punctuation hl-definition hl-mapping hl-end hl-yaml"],
        Op::Pop,
    ),
    pat(
        Find::Comma,
        &["hl-punctuation hl-separator hl-mapping hl-yaml"],
        Op::Stay,
    ),
];

const FLOW_KEY: &[Pattern] = &[
    pat(Find::TypedIn, &[], Op::Stay),
    pat(Find::EndIn, &[], Op::Pop),
    pat(Find::PlainIn, &[], Op::Set(Ctx::FlowKeyText)),
];
const BLOCK_KEY: &[Pattern] = &[
    pat(Find::TypedOut, &[], Op::Stay),
    pat(Find::EndOut, &[], Op::Pop),
    pat(Find::PlainOut, &[], Op::Set(Ctx::BlockKeyText)),
];
const END_OUT: &[Pattern] = &[pat(Find::EndOut, &[], Op::Pop)];
const END_IN: &[Pattern] = &[pat(Find::EndIn, &[], Op::Pop)];
const VALUE_END: &[Pattern] = &[pat(Find::ValueEnd, &[], Op::Pop)];

const DOUBLE_BODY: &[Pattern] = &[
    pat(
        Find::DoubleEscape,
        &["hl-constant hl-character hl-escape hl-double-quoted hl-yaml"],
        Op::Stay,
    ),
    pat(
        Find::DoubleNewline,
        &["hl-constant hl-character hl-escape hl-double-quoted hl-newline hl-yaml"],
        Op::Stay,
    ),
    pat(
        Find::DoubleQuote,
        &["hl-punctuation hl-definition hl-string hl-end hl-yaml"],
        Op::Pop,
    ),
];
const SINGLE_BODY: &[Pattern] = &[
    pat(
        Find::SingleEscape,
        &["hl-constant hl-character hl-escape hl-single-quoted hl-yaml"],
        Op::Stay,
    ),
    pat(
        Find::SingleQuote,
        &["hl-punctuation hl-definition hl-string hl-end hl-yaml"],
        Op::Pop,
    ),
];

const COMMENT_START: &[Pattern] = &[pat(Find::Hash, &[COMMENT_MARK], Op::Set(Ctx::Comment))];
const COMMENT_BODY: &[Pattern] = &[pat(Find::CommentEnd, &[], Op::Pop)];

const BLOCK_SCALAR: &[Pattern] = &[
    pat(Find::Indentation, &[], Op::Set(Ctx::BlockText(0))),
    pat(Find::HeadEnd, &[], Op::Pop),
    pat(Find::CommentStart, &[], Op::Push(Ctx::CommentStart)),
    pat(
        Find::Rest,
        &["hl-invalid hl-illegal hl-expected-comment-or-newline hl-yaml"],
        Op::Stay,
    ),
];
const BLOCK_TEXT_END: &[Pattern] = &[pat(Find::TextEnd, &[], Op::Pop)];
const START: &[Pattern] = &[pat(Find::Empty, &[], Op::Push(Ctx::Main))];

impl Ctx {
    /// The context's patterns, its includes followed, in order (a pattern met twice is kept
    /// twice, as syntect keeps it).
    fn patterns(self) -> &'static [&'static [Pattern]] {
        match self {
            Ctx::Start => &[START],
            Ctx::Main => &[MAIN, FLOW_NODE],
            Ctx::FlowSeq => &[SEQUENCE, FLOW_PAIR, FLOW_NODE, FLOW_COLON, FLOW_NODE],
            Ctx::FlowMap => &[MAPPING, FLOW_PAIR, FLOW_NODE, FLOW_COLON],
            Ctx::FlowKey => &[FLOW_KEY],
            Ctx::FlowValue => &[FLOW_NODE, VALUE_END],
            Ctx::BlockKey => &[BLOCK_KEY],
            Ctx::BlockKeyText | Ctx::PlainOut => &[END_OUT],
            Ctx::FlowKeyText | Ctx::PlainIn => &[END_IN],
            Ctx::Double => &[DOUBLE_BODY],
            Ctx::Single => &[SINGLE_BODY],
            Ctx::CommentStart => &[COMMENT_START],
            Ctx::Comment => &[COMMENT_BODY],
            Ctx::BlockScalar => &[BLOCK_SCALAR],
            Ctx::BlockText(_) => &[BLOCK_TEXT_END],
        }
    }

    fn prototype(self) -> &'static [Pattern] {
        match self {
            Ctx::Main
            | Ctx::FlowSeq
            | Ctx::FlowMap
            | Ctx::FlowKey
            | Ctx::FlowValue
            | Ctx::BlockKey => PROTOTYPE,
            _ => &[],
        }
    }

    /// The context's `meta_scope` and `meta_content_scope`.
    fn meta(self) -> (&'static [&'static str], &'static [&'static str]) {
        match self {
            Ctx::Start => (&[], &[SOURCE]),
            Ctx::FlowSeq => (&["hl-meta hl-flow-sequence hl-yaml"], &[]),
            Ctx::FlowMap => (&["hl-meta hl-flow-mapping hl-yaml"], &[]),
            Ctx::FlowKey => (&["hl-meta hl-flow-pair hl-key hl-yaml"], &[]),
            Ctx::FlowKeyText => (&[PLAIN_IN, TAG], &[]),
            Ctx::FlowValue => (&[], &["hl-meta hl-flow-pair hl-value hl-yaml"]),
            Ctx::BlockKeyText => (&[PLAIN_OUT, TAG], &[]),
            Ctx::PlainOut => (&[PLAIN_OUT], &[]),
            Ctx::PlainIn => (&[PLAIN_IN], &[]),
            Ctx::Double => (&[DOUBLE], &[]),
            Ctx::Single => (&[SINGLE], &[]),
            Ctx::Comment => (&[COMMENT], &[]),
            Ctx::BlockText(_) => (&[BLOCK_TEXT], &[]),
            _ => (&[], &[]),
        }
    }
}

/// The inner HTML of a YAML block as syntect's classed HTML would be, or `None` for a block
/// with something this does not know.
pub(super) fn classed(code: &str) -> Option<String> {
    if code
        .chars()
        .any(|c| !c.is_ascii() && (c.is_whitespace() || c.is_numeric()))
    {
        return None;
    }
    let mut html = String::with_capacity(code.len() * 6);
    let mut stack = vec![Ctx::Start];
    let mut open = 0;
    for (n, line) in LinesWithEndings::from(code).enumerate() {
        open += parse_line(&mut html, &mut stack, line, n == 0)?;
    }
    for _ in 0..open {
        html.push_str("</span>");
    }
    Some(html)
}

/// A line's HTML as syntect's `line_tokens_to_classed_spans` writes it from the parse's
/// scope operations: a span opened and closed with nothing in it is left out (if it was the
/// last one opened).
struct Writer<'a> {
    html: &'a mut String,
    line: &'a str,
    written: usize,
    empty: bool,
    span_start: usize,
    opened: isize,
}

impl Writer<'_> {
    fn text_to(&mut self, at: usize) {
        if at > self.written {
            escape::push(self.html, &self.line[self.written..at]);
            self.written = at;
            self.empty = false;
        }
    }

    fn push(&mut self, at: usize, class: &str) {
        self.text_to(at);
        self.span_start = self.html.len();
        self.empty = true;
        open(self.html, class);
        self.opened += 1;
    }

    fn pop(&mut self, at: usize, count: usize) {
        self.text_to(at);
        for _ in 0..count {
            if self.empty {
                self.html.truncate(self.span_start);
            } else {
                self.html.push_str("</span>");
            }
            self.empty = false;
            self.opened -= 1;
        }
    }
}

/// The patterns' matches on this line so far (syntect's search cache): a match found from an
/// earlier place is still the first from a later one that is not past it, and no match from
/// an earlier place is none from a later one.
type Cache = [Option<Option<Hit>>; FINDS];

/// Parses one line, writes its HTML, and says how many spans it leaves open (or closes);
/// `None` if a pattern this does not know wins somewhere.
fn parse_line(html: &mut String, stack: &mut Vec<Ctx>, line: &str, first: bool) -> Option<isize> {
    let mut out = Writer {
        html,
        line,
        written: 0,
        empty: false,
        span_start: 0,
        opened: 0,
    };
    if first {
        out.push(0, SOURCE);
    }
    let mut cache: Cache = [None; FINDS];
    let (mut start, mut pushed_at) = (0, (0, 0));
    loop {
        let top = *stack.last()?;
        let loops = pushed_at == (start, stack.len());
        let Some((pattern, hit, would_loop)) = best_match(line, start, top, loops, &mut cache)
        else {
            break;
        };
        if hit.unknown || stack.len() > 90 {
            return None;
        }
        if would_loop {
            // A pop matching nothing right after a push matching nothing: one character on.
            match line[start..].char_indices().nth(1) {
                Some((i, _)) => start += i,
                None => break,
            }
            continue;
        }
        if hit.to == start && matches!(pattern.op, Op::Push(_)) {
            pushed_at = (hit.to, stack.len() + 1);
        }
        start = hit.to;
        apply(&mut out, stack, pattern, &hit, top);
    }
    out.text_to(line.len());
    Some(out.opened)
}

/// The earliest match of the context's patterns (the first written of those at one place), and
/// whether it is a pop that would loop.
fn best_match(
    line: &str,
    start: usize,
    top: Ctx,
    loops: bool,
    cache: &mut Cache,
) -> Option<(&'static Pattern, Hit, bool)> {
    let mut best: Option<(&'static Pattern, Hit, bool)> = None;
    let patterns = std::iter::once(top.prototype()).chain(top.patterns().iter().copied());
    for pattern in patterns.flatten() {
        let slot = &mut cache[pattern.find as usize];
        let hit = match *slot {
            Some(Some(hit)) if hit.from >= start => Some(hit),
            Some(None) => None,
            _ => {
                let hit = find(pattern.find, line, start, top);
                if !matches!(pattern.find, Find::TextEnd) {
                    *slot = Some(hit);
                }
                hit
            }
        };
        let Some(hit) = hit else { continue };
        let better =
            best.is_none_or(|(_, b, b_loops)| hit.from < b.from || (hit.from == b.from && b_loops));
        if better {
            let would_loop = loops && hit.to <= start && matches!(pattern.op, Op::Pop);
            best = Some((pattern, hit, would_loop));
            if hit.from == start && !would_loop {
                break;
            }
        }
    }
    best
}

/// A match's scope operations, as syntect's `exec_pattern` orders them, and its stack change.
fn apply(out: &mut Writer, stack: &mut Vec<Ctx>, pattern: &Pattern, hit: &Hit, top: Ctx) {
    let (from, to) = (hit.from, hit.to);
    let (meta, content) = top.meta();
    match pattern.op {
        Op::Pop if !content.is_empty() => out.pop(from, content.len()),
        Op::Push(next) | Op::Set(next) => next.meta().0.iter().for_each(|s| out.push(from, s)),
        _ => {}
    }
    for class in pattern.scope {
        out.push(from, class);
    }
    for (a, b, class) in hit.groups.into_iter().flatten() {
        if a < b {
            out.push(a, class);
            out.pop(b, 1);
        }
    }
    if !pattern.scope.is_empty() {
        out.pop(to, pattern.scope.len());
    }
    match pattern.op {
        Op::Pop => {
            if !meta.is_empty() {
                out.pop(to, meta.len());
            }
            stack.pop();
        }
        Op::Push(next) | Op::Set(next) => {
            let set = matches!(pattern.op, Op::Set(_));
            let (next_meta, next_content) = next.meta();
            if (set && !(meta.is_empty() && content.is_empty())) || !next_content.is_empty() {
                let popped = next_meta.len() + if set { meta.len() + content.len() } else { 0 };
                if popped > 0 {
                    out.pop(to, popped);
                }
                for class in next_meta.iter().chain(next_content) {
                    out.push(to, class);
                }
            }
            if set {
                stack.pop();
            }
            stack.push(match next {
                Ctx::BlockText(_) => Ctx::BlockText(to - from),
                other => other,
            });
        }
        Op::Stay => {}
    }
}

/// `c_indicator`: the characters a plain scalar may not begin with.
const INDICATORS: &[u8] = b"-?:,[]{}#&*!|>'\"%@`";
/// `c_flow_indicator`.
const FLOW: &[u8] = b"[]{},";

fn is_space(b: &[u8], i: usize) -> bool {
    b.get(i).is_some_and(|&c| is_space_char(c.into()))
}

fn is_flow(b: &[u8], i: usize) -> bool {
    b.get(i).is_some_and(|c| FLOW.contains(c))
}

fn is_digit(b: &[u8], i: usize) -> bool {
    b.get(i).is_some_and(u8::is_ascii_digit)
}

/// Where the spaces from `i` end.
fn skip_spaces(b: &[u8], i: usize) -> usize {
    (i..b.len()).find(|&j| !is_space(b, j)).unwrap_or(b.len())
}

/// Where the run of bytes in `set` from `i` ends.
fn skip_in(b: &[u8], i: usize, set: impl Fn(u8) -> bool) -> usize {
    (i..b.len()).find(|&j| !set(b[j])).unwrap_or(b.len())
}

/// After the character at `i`.
fn next_char(line: &str, i: usize) -> usize {
    i + line[i..].chars().next().map_or(1, char::len_utf8)
}

/// The leftmost place from `start` where `at` matches.
fn leftmost(line: &str, start: usize, at: impl Fn(usize) -> Option<Hit>) -> Option<Hit> {
    (start..=line.len())
        .filter(|&p| line.is_char_boundary(p))
        .find_map(at)
}

/// The first of these bytes from `start`, matched alone.
fn first_of(line: &str, start: usize, set: &[u8]) -> Option<usize> {
    line.as_bytes()[start..]
        .iter()
        .position(|c| set.contains(c))
        .map(|i| start + i)
}

/// A pattern's leftmost match from `start` (`top` holds the indentation `\1` refers to).
fn find(find: Find, line: &str, start: usize, top: Ctx) -> Option<Hit> {
    let b = line.as_bytes();
    let one = |c: u8| first_of(line, start, &[c]).map(|p| Hit::span(p, p + 1));
    let unknown = |set: &[u8]| first_of(line, start, set).map(Hit::unknown);
    let at_start = |ok: bool| (start == 0 && ok).then_some(());
    match find {
        Find::Empty => Some(Hit::span(start, start)),
        Find::CommentStart => leftmost(line, start, |p| comment_start(b, p)),
        Find::Property => unknown(b"!&"),
        Find::Directive => at_start(b.first() == Some(&b'%')).map(|()| Hit::unknown(0)),
        Find::DocumentBegin => at_start(b.starts_with(b"---")).map(|()| Hit::span(0, 3)),
        Find::DocumentEnd => at_start(b.starts_with(b"...")).map(|()| Hit::span(0, 3)),
        Find::BlockScalar => first_of(line, start, b"|>").map(|p| block_scalar(b, p)),
        Find::BlockSequence => leftmost(line, start, |p| {
            (b.get(p) == Some(&b'-') && (p + 1 == b.len() || is_space(b, p + 1)))
                .then(|| Hit::span(p, p + 1))
        }),
        Find::Question => unknown(b"?"),
        Find::BlockKey => leftmost(line, start, |p| {
            key(line, p, false).then(|| Hit::span(p, p))
        }),
        Find::FlowKey => leftmost(line, start, |p| key(line, p, true).then(|| Hit::span(p, p))),
        Find::BlockColon | Find::FlowColon => leftmost(line, start, |p| {
            let flow = matches!(find, Find::FlowColon);
            let after = |i| i == b.len() || is_space(b, i) || (flow && is_flow(b, i));
            (b.get(p) == Some(&b':') && after(p + 1)).then(|| Hit::span(p, p + 1))
        }),
        Find::TypedOut => leftmost(line, start, |p| typed(b, p, ends_out)),
        Find::TypedIn => leftmost(line, start, |p| typed(b, p, ends_in)),
        Find::PlainOut => leftmost(line, start, |p| plain_start(line, p, false)),
        Find::PlainIn => leftmost(line, start, |p| plain_start(line, p, true)),
        Find::Alias => unknown(b"*"),
        Find::SeqOpen => one(b'['),
        Find::MapOpen => one(b'{'),
        Find::DoubleQuote => one(b'"'),
        Find::SingleQuote => one(b'\''),
        Find::SeqClose => one(b']'),
        Find::MapClose => one(b'}'),
        Find::Comma => one(b','),
        Find::Hash => one(b'#'),
        Find::EndOut => leftmost(line, start, |p| ends_out(b, p).then(|| Hit::span(p, p))),
        Find::EndIn => leftmost(line, start, |p| ends_in(b, p).then(|| Hit::span(p, p))),
        Find::ValueEnd => first_of(line, start, b"},]").map(|p| Hit::span(p, p)),
        Find::DoubleEscape => leftmost(line, start, |p| double_escape(b, p)),
        Find::DoubleNewline => leftmost(line, start, |p| {
            b[p..].starts_with(b"\\\n").then(|| Hit::span(p, p + 2))
        }),
        Find::SingleEscape => leftmost(line, start, |p| {
            b[p..].starts_with(b"''").then(|| Hit::span(p, p + 2))
        }),
        Find::CommentEnd => Some(match first_of(line, start, b"\n") {
            Some(p) => Hit::span(p, p + 1),
            None => Hit::span(b.len(), b.len()),
        }),
        Find::Indentation => {
            at_start(b.first() == Some(&b' ')).map(|()| Hit::span(0, skip_in(b, 0, |c| c == b' ')))
        }
        Find::HeadEnd => at_start(!b.is_empty() && !is_space(b, 0)).map(|()| Hit::span(0, 0)),
        Find::Rest => (start < b.len() && b[start] != b'\n').then(|| {
            let end = first_of(line, start, b"\n").unwrap_or(b.len());
            Hit::span(start, end)
        }),
        Find::TextEnd => {
            let Ctx::BlockText(indent) = top else {
                return None;
            };
            let indented = b.len() >= indent && b[..indent].iter().all(|&c| c == b' ');
            let blank = skip_spaces(b, 0) == b.len();
            at_start(!indented && !blank).map(|()| Hit::span(0, 0))
        }
    }
}

/// `(?: ^[ \t]* | [ \t]+ )(?=\#)`: the blanks before a comment.
fn comment_start(b: &[u8], p: usize) -> Option<Hit> {
    let end = skip_in(b, p, |c| c == b' ' || c == b'\t');
    (b.get(end) == Some(&b'#') && (p == 0 || end > p)).then(|| Hit::span(p, end))
}

/// `(?:(\|)|(>))([1-9])?([-+])?` at a `|` or `>`: a block scalar's header.
fn block_scalar(b: &[u8], p: usize) -> Hit {
    let mark = if b[p] == b'|' {
        "hl-keyword hl-control hl-flow hl-block-scalar hl-literal hl-yaml"
    } else {
        "hl-keyword hl-control hl-flow hl-block-scalar hl-folded hl-yaml"
    };
    let mut hit = Hit::group(p, p + 1, mark);
    if b.get(hit.to).is_some_and(|c| (b'1'..=b'9').contains(c)) {
        hit.groups[1] = Some((
            hit.to,
            hit.to + 1,
            "hl-constant hl-numeric hl-indentation-indicator hl-yaml",
        ));
        hit.to += 1;
    }
    if b.get(hit.to).is_some_and(|c| b"-+".contains(c)) {
        hit.groups[2] = Some((
            hit.to,
            hit.to + 1,
            "hl-storage hl-modifier hl-chomping-indicator hl-yaml",
        ));
        hit.to += 1;
    }
    hit
}

/// `[^\s{{c_indicator}}] | [?:-] \S` (`[?:-] [^\s{{c_flow_indicator}}]` in flow
/// collections): the start of a plain scalar.
fn plain_start(line: &str, p: usize, flow: bool) -> Option<Hit> {
    let b = line.as_bytes();
    let c = *b.get(p)?;
    if !is_space(b, p) && !INDICATORS.contains(&c) {
        return Some(Hit::span(p, next_char(line, p)));
    }
    let second = p + 1 < b.len() && !is_space(b, p + 1) && !(flow && is_flow(b, p + 1));
    (b"?:-".contains(&c) && second).then(|| Hit::span(p, next_char(line, p + 1)))
}

/// The lookahead of a mapping's key (`block-pair`'s and `flow-pair`'s second pattern): a plain
/// scalar's start, then characters, colons followed by a character and blanks not followed by
/// a comment, then a colon followed by a space or the end.
fn key(line: &str, p: usize, flow: bool) -> bool {
    let b = line.as_bytes();
    let Some(first) = plain_start(line, p, flow) else {
        return false;
    };
    // Each step of the repetition can be taken in one way only: the places it reaches are one
    // chain, and the key matches if the colon follows any of them.
    let mut i = first.to;
    loop {
        let colon = skip_spaces(b, i);
        if b.get(colon) == Some(&b':') && (colon + 1 == b.len() || is_space(b, colon + 1)) {
            return true;
        }
        let Some(&c) = b.get(i) else {
            return false;
        };
        if is_space(b, i) {
            if b.get(colon) == Some(&b'#') {
                return false;
            }
            i = colon;
        } else if c == b':' {
            if i + 1 == b.len() || is_space(b, i + 1) || (flow && is_flow(b, i + 1)) {
                return false;
            }
            i = next_char(line, i + 1);
        } else if flow && is_flow(b, i) {
            return false;
        } else {
            i = next_char(line, i);
        }
    }
}

/// `_flow_scalar_end_plain_out`: `(?= \s*$ | \s+\# | \s*:(\s|$) )`.
fn ends_out(b: &[u8], i: usize) -> bool {
    let j = skip_spaces(b, i);
    j == b.len()
        || (b[j] == b'#' && j > i)
        || (b[j] == b':' && (j + 1 == b.len() || is_space(b, j + 1)))
}

/// `_flow_scalar_end_plain_in`: also before a flow indicator, or a colon followed by one.
fn ends_in(b: &[u8], i: usize) -> bool {
    let j = skip_spaces(b, i);
    ends_out(b, i) || is_flow(b, j) || (b.get(j) == Some(&b':') && is_flow(b, j + 1))
}

/// `\\([0abtnvfre "/\\N_Lp]|x\d\d|u\d{4}|U\d{8})`.
fn double_escape(b: &[u8], p: usize) -> Option<Hit> {
    if b.get(p) != Some(&b'\\') {
        return None;
    }
    let c = *b.get(p + 1)?;
    let digits = |n: usize| (p + 2..p + 2 + n).all(|i| is_digit(b, i)).then_some(n + 2);
    let len = match c {
        b'x' => digits(2),
        b'u' => digits(4),
        b'U' => digits(8),
        _ => b"0abtnvfre \"/\\N_Lp".contains(&c).then_some(2),
    }?;
    Some(Hit::span(p, p + len))
}

const NULL: &str = "hl-constant hl-language hl-null hl-yaml";
const BOOLEAN: &str = "hl-constant hl-language hl-boolean hl-yaml";
const INTEGER: &str = "hl-constant hl-numeric hl-integer hl-yaml";
const FLOAT: &str = "hl-constant hl-numeric hl-float hl-yaml";

/// The words of `_type_bool_11`, in the grammar's order (`y` is tried before `yes`).
const BOOLEANS: [&str; 22] = [
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false",
    "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
];

/// The implicit types' pattern (`flow-scalar-plain-*-implicit-type`) at `p`, followed by the end
/// of a plain scalar: null, booleans, integers, floats, `=` and `<<`, each alternative tried in
/// the grammar's order with its one length that can be followed by the end (a longer or
/// shorter one leaves a digit, letter, dot or underscore next). A timestamp is not known here.
fn typed(b: &[u8], p: usize, ends: fn(&[u8], usize) -> bool) -> Option<Hit> {
    let word = |words: &[&str], class| {
        let w = words
            .iter()
            .find(|w| b[p..].starts_with(w.as_bytes()) && ends(b, p + w.len()))?;
        Some(Hit::group(p, p + w.len(), class))
    };
    let ended =
        |end: Option<usize>, class| end.filter(|&e| ends(b, e)).map(|e| Hit::group(p, e, class));
    if let Some(hit) =
        word(&["null", "Null", "NULL", "~"], NULL).or_else(|| word(&BOOLEANS, BOOLEAN))
    {
        return Some(hit);
    }
    let s = if matches!(b.get(p), Some(b'-' | b'+')) {
        p + 1
    } else {
        p
    };
    let integers = [binary(b, s), octal(b, s), decimal(b, s), hexadecimal(b, s)];
    if let Some(hit) = integers.into_iter().find_map(|e| ended(e, INTEGER)) {
        return Some(hit);
    }
    let ends_at = |e: usize| ends(b, e).then_some(e);
    let base60 = |s: usize, then: &dyn Fn(usize) -> Option<usize>| {
        if !is_digit(b, s) {
            return None;
        }
        sexagesimal(
            b,
            skip_in(b, s + 1, |c| c.is_ascii_digit() || c == b'_'),
            then,
        )
    };
    let int60 = (b.get(s).is_some_and(|c| (b'1'..=b'9').contains(c)))
        .then(|| base60(s, &ends_at))
        .flatten();
    if let Some(e) = int60 {
        return Some(Hit::group(p, e, INTEGER));
    }
    let float60 = |i: usize| {
        (b.get(i) == Some(&b'.'))
            .then(|| skip_in(b, i + 1, |c| c.is_ascii_digit() || c == b'_'))
            .and_then(ends_at)
    };
    let infinity = [".inf", ".Inf", ".INF"]
        .iter()
        .find(|w| b[s..].starts_with(w.as_bytes()))
        .map(|w| s + w.len());
    let nan = [".nan", ".NaN", ".NAN"]
        .iter()
        .find(|w| b[p..].starts_with(w.as_bytes()))
        .map(|w| p + w.len());
    let float = ended(decimal_float(b, s), FLOAT)
        .or_else(|| base60(s, &float60).map(|e| Hit::group(p, e, FLOAT)))
        .or_else(|| ended(infinity, FLOAT))
        .or_else(|| ended(nan, FLOAT));
    if float.is_some() {
        return float;
    }
    if (p..p + 4).all(|i| is_digit(b, i)) && b.get(p + 4) == Some(&b'-') {
        return Some(Hit::unknown(p));
    }
    word(&["="], "hl-constant hl-language hl-value hl-yaml")
        .or_else(|| word(&["<<"], "hl-constant hl-language hl-merge hl-yaml"))
}

/// `0b [0-1_]+`.
fn binary(b: &[u8], s: usize) -> Option<usize> {
    b[s..]
        .starts_with(b"0b")
        .then(|| skip_in(b, s + 2, |c| matches!(c, b'0' | b'1' | b'_')))
        .filter(|&e| e > s + 2)
}

/// `0 [0-7_]+`.
fn octal(b: &[u8], s: usize) -> Option<usize> {
    (b.get(s) == Some(&b'0'))
        .then(|| skip_in(b, s + 1, |c| matches!(c, b'0'..=b'7' | b'_')))
        .filter(|&e| e > s + 1)
}

/// `0 | [1-9][0-9_]*`.
fn decimal(b: &[u8], s: usize) -> Option<usize> {
    match b.get(s)? {
        b'0' => Some(s + 1),
        b'1'..=b'9' => Some(skip_in(b, s + 1, |c| c.is_ascii_digit() || c == b'_')),
        _ => None,
    }
}

/// `0x [0-9a-fA-F_]+`.
fn hexadecimal(b: &[u8], s: usize) -> Option<usize> {
    b[s..]
        .starts_with(b"0x")
        .then(|| skip_in(b, s + 2, |c| c.is_ascii_hexdigit() || c == b'_'))
        .filter(|&e| e > s + 2)
}

/// `(?: [0-9] [0-9_]*)? \. [0-9.]* (?: [eE] [-+] [0-9]+)?`.
fn decimal_float(b: &[u8], s: usize) -> Option<usize> {
    let dot = if is_digit(b, s) {
        skip_in(b, s, |c| c.is_ascii_digit() || c == b'_')
    } else {
        s
    };
    if b.get(dot) != Some(&b'.') {
        return None;
    }
    let end = skip_in(b, dot + 1, |c| c.is_ascii_digit() || c == b'.');
    let exponent = matches!(b.get(end), Some(b'e' | b'E'))
        && matches!(b.get(end + 1), Some(b'-' | b'+'))
        && is_digit(b, end + 2);
    Some(if exponent {
        skip_in(b, end + 2, |c| c.is_ascii_digit())
    } else {
        end
    })
}

/// `(?: :[0-5]?[0-9])+` from `i`, then `then`: each repetition tried long before short, and
/// another repetition before stopping, as the backtracking regex tries them.
fn sexagesimal(b: &[u8], i: usize, then: &dyn Fn(usize) -> Option<usize>) -> Option<usize> {
    if b.get(i) != Some(&b':') {
        return None;
    }
    let two = b.get(i + 1).is_some_and(|c| (b'0'..=b'5').contains(c)) && is_digit(b, i + 2);
    let one = is_digit(b, i + 1);
    [(two, i + 3), (one, i + 2)]
        .into_iter()
        .filter(|&(ok, _)| ok)
        .find_map(|(_, j)| sexagesimal(b, j, then).or_else(|| then(j)))
}

#[cfg(test)]
mod tests {
    use super::super::{default_set, spans, spans::fenced_blocks};
    use super::classed;
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use std::path::Path;

    fn syntect(code: &str) -> String {
        spans::syntect(code, "yaml")
    }

    /// Every block given is known here, and highlighted as syntect highlights it.
    fn all_known_and_equal(blocks: &[String]) {
        for code in blocks {
            let ours = classed(code).unwrap_or_else(|| panic!("not known: {code}"));
            assert_eq!(ours, syntect(code), "{code}");
        }
    }

    #[test]
    fn every_bundled_yaml_block_is_highlighted_as_syntect_highlights_it() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut blocks = Vec::new();
        fenced_blocks(&root.join("content"), &["yaml"], &mut blocks);
        assert!(blocks.len() >= 25, "{}", blocks.len());
        all_known_and_equal(&blocks);
        blocks.clear();
        fenced_blocks(
            &root.join("tests/fixtures/highlight"),
            &["yaml"],
            &mut blocks,
        );
        assert!(blocks.len() >= 20, "{}", blocks.len());
        blocks.push(include_str!("../../../tests/fixtures/highlight/backrefs.yaml").to_string());
        all_known_and_equal(&blocks);
    }

    #[test]
    fn both_names_of_the_language_are_syntect_s_yaml() {
        for token in ["yaml", "yml"] {
            assert_eq!(
                default_set().find_syntax_by_token(token).unwrap().name,
                "YAML"
            );
        }
    }

    #[test]
    fn what_this_does_not_know_goes_to_syntect() {
        for code in [
            "a: &x 1\n",
            "b: *x\n",
            "? k\n",
            "%YAML 1.2\n",
            "d: 2024-01-02\n",
            "e:\u{a0}1\n",
        ] {
            assert_eq!(classed(code), None, "{code}");
        }
    }

    /// Pieces that meet the patterns' edges: indicators, quotes and escapes, comments, colons
    /// with and without a space, flow collections, block scalars and their indentation, every
    /// kind of implicit type, a letter other than ASCII.
    const PIECES: &[&str] = &[
        "\n", " ", "  ", "\t", "- ", "-", "--- ", "...", "#", " #", ":", ": ", ",", "[", "]", "{",
        "}", "\"", "'", "''", "\\", "\\n", "\\x4", "|", ">", ">-", "|2+", "@", "`", "key", "a b",
        "x", "é", "null", "~", "y", "yes", "No", "true", "on", "0", "12", "-3", "+4", "0b101",
        "017", "0x1F", "1_000", "1:30", "1:5:07", ".5", "1.5", "2.", "1e+3", "1.0e-2", ".inf",
        "-.Inf", ".nan", "2024", "=", "<<",
    ];

    /// Pieces this does not know, each in the place where it may be met: the block may go to
    /// syntect (it must, with the Unicode digit and space).
    const UNKNOWN: &[&str] = &["?", "&a", "*a", "!", "%", "2024-", "\u{663}", "\u{a0}"];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn generated_blocks_are_highlighted_as_syntect_highlights_them(
            pieces in prop::collection::vec(
                prop_oneof![20 => prop::sample::select(PIECES), 1 => prop::sample::select(UNKNOWN)],
                0..40,
            )
        ) {
            let code = pieces.concat();
            let ours = classed(&code);
            if code.contains(['\u{663}', '\u{a0}']) {
                prop_assert!(ours.is_none());
            }
            if let Some(ours) = ours {
                prop_assert_eq!(ours, syntect(&code), "{:?}", code);
            }
        }
    }

    /// Most generated blocks are known here, so that the comparison above is not empty.
    #[test]
    fn most_generated_blocks_are_known() {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let pieces = prop::collection::vec(prop::sample::select(PIECES), 0..40);
        let known = (0..200)
            .filter(|_| {
                classed(&pieces.new_tree(&mut runner).unwrap().current().concat()).is_some()
            })
            .count();
        assert!(known > 150, "{known}");
    }
}
