//! `check --format junit`: JUnit XML, the report most CI systems can show. A test suite per
//! page, a test case per scenario and reading with expectations, a `<failure>` holding the
//! expected and found figures of each mismatch, and a `quotations` suite of a `<failure>` per
//! misquote; invalid input is a suite of `<error>` cases.

use super::CheckRun;
use crate::diagnostic::Diagnostic;
use std::borrow::Cow;
use std::fmt::Write;

/// One test case: a scenario under a reading, or one invalid input.
struct Case<'a> {
    name: String,
    classname: String,
    file: String,
    line: usize,
    /// Mismatches (`failure`) or invalid input (`error`), rendered as in the terminal.
    problems: Vec<Cow<'a, Diagnostic>>,
}

struct Suite<'a> {
    name: String,
    cases: Vec<Case<'a>>,
}

/// What the cases' problems are: mismatches, or invalid input.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Failure,
    Error,
}

impl Kind {
    fn element(self) -> &'static str {
        match self {
            Kind::Failure => "failure",
            Kind::Error => "error",
        }
    }

    /// The word the terminal rendering starts with.
    fn severity(self) -> &'static str {
        match self {
            Kind::Failure => "mismatch",
            Kind::Error => "error",
        }
    }

    /// `failures="F" errors="E"` for some cases.
    fn counts<'c, 'a: 'c>(self, cases: impl Iterator<Item = &'c Case<'a>>) -> String {
        let bad = cases.filter(|c| !c.problems.is_empty()).count();
        let (failures, errors) = match self {
            Kind::Failure => (bad, 0),
            Kind::Error => (0, bad),
        };
        format!("failures=\"{failures}\" errors=\"{errors}\"")
    }
}

/// The whole report, with its XML declaration.
pub fn render(run: &CheckRun) -> String {
    let (suites, kind) = if run.errors.is_empty() {
        let mut suites = checked(run);
        suites.extend(misquoted(run.misquotes));
        (suites, Kind::Failure)
    } else {
        (vec![invalid(run.errors)], Kind::Error)
    };
    let all = || suites.iter().flat_map(|s| &s.cases);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"mournival check\" tests=\"{}\" {}>",
        all().count(),
        kind.counts(all())
    );
    for suite in &suites {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" {} skipped=\"0\">",
            attr(&suite.name),
            suite.cases.len(),
            kind.counts(suite.cases.iter())
        );
        for case in &suite.cases {
            write_case(&mut out, case, kind);
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn write_case(out: &mut String, case: &Case, kind: Kind) {
    let _ = write!(
        out,
        "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\" line=\"{}\"",
        attr(&case.name),
        attr(&case.classname),
        attr(&case.file),
        case.line
    );
    let Some(first) = case.problems.first() else {
        out.push_str("/>\n");
        return;
    };
    let (element, severity) = (kind.element(), kind.severity());
    let body: Vec<String> = case.problems.iter().map(|d| d.render(severity)).collect();
    let _ = writeln!(
        out,
        ">\n      <{element} message=\"{}\" type=\"{severity}\">{}</{element}>\n    </testcase>",
        attr(&first.message),
        text(&body.join("\n"))
    );
}

/// Verdicts in order, a suite per page and a case per scenario and reading.
fn checked<'a>(run: &CheckRun<'a>) -> Vec<Suite<'a>> {
    let mut suites: Vec<Suite> = Vec::new();
    for v in &run.report.verdicts {
        let file = super::file_of(&v.location);
        if suites.last().is_none_or(|s| s.name != file) {
            suites.push(Suite {
                name: file.clone(),
                cases: Vec::new(),
            });
        }
        let suite = suites.last_mut().expect("pushed above");
        let name = format!("{} under {}", v.scenario, v.variant);
        if suite.cases.last().is_none_or(|c| c.name != name) {
            suite.cases.push(Case {
                name,
                classname: format!("{file}#{}", v.scenario),
                file,
                line: v.location.line,
                problems: Vec::new(),
            });
        }
        let case = suite.cases.last_mut().expect("pushed above");
        case.problems.extend(run.diagnostic(v).map(Cow::Owned));
    }
    suites
}

fn invalid(errors: &[Diagnostic]) -> Suite<'_> {
    located("invalid input", errors)
}

/// The quotations not found where cited, as one suite of failing cases; none when all were.
fn misquoted(misquotes: &[Diagnostic]) -> Option<Suite<'_>> {
    (!misquotes.is_empty()).then(|| located("quotations", misquotes))
}

/// A suite of a case per located problem.
fn located<'a>(name: &str, problems: &'a [Diagnostic]) -> Suite<'a> {
    Suite {
        name: name.to_string(),
        cases: problems
            .iter()
            .map(|d| {
                let file = super::file_of(&d.location);
                Case {
                    name: d.location.to_string(),
                    classname: file.clone(),
                    file,
                    line: d.location.line,
                    problems: vec![Cow::Borrowed(d)],
                }
            })
            .collect(),
    }
}

/// Text content: markup escaped, characters XML 1.0 cannot hold replaced.
fn text(s: &str) -> String {
    escape(s, false)
}

/// An attribute value in double quotes; line breaks kept as character references.
fn attr(s: &str) -> String {
    escape(s, true)
}

fn escape(s: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\n' | '\r' | '\t' if attribute => {
                let _ = write!(out, "&#{};", c as u32);
            }
            '\n' | '\r' | '\t' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_characters_xml_cannot_hold() {
        assert_eq!(
            text("a < b & \"c\"\n\u{1}"),
            "a &lt; b &amp; \"c\"\n\u{FFFD}"
        );
        assert_eq!(attr("x=\"1\"\ny"), "x=&quot;1&quot;&#10;y");
    }
}
