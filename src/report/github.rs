//! `check --format github`: GitHub Actions workflow commands, so that every mismatch, misquote
//! and invalid input is annotated on its line in the pull request.
//!
//! `::error file=F,line=L,col=C,endColumn=E,title=T::message`, escaped as GitHub's toolkit does:
//! `%`, CR and LF in the message; also `:` and `,` in the properties.

use super::CheckRun;
use crate::diagnostic::{Diagnostic, Location};

/// Every annotation, then the summary line.
pub fn render(run: &CheckRun) -> String {
    let mut out = String::new();
    for d in run.errors {
        out.push_str(&annotation(d, "invalid input"));
    }
    for v in run.report.failures() {
        if let Some(d) = run.diagnostic(v) {
            out.push_str(&annotation(
                &d,
                &format!("{} under {}", v.scenario, v.variant),
            ));
        }
    }
    for d in run.misquotes {
        out.push_str(&annotation(d, "misquote"));
    }
    out.push_str(&run.summary());
    out.push('\n');
    out
}

/// One `::error` command: the message is the title's detail, the notes its lines.
fn annotation(d: &Diagnostic, title: &str) -> String {
    let mut message = d.message.clone();
    for note in &d.notes {
        message.push('\n');
        message.push_str(note);
    }
    format!(
        "::error {}::{}\n",
        properties(&d.location, title),
        escape_data(&message)
    )
}

fn properties(at: &Location, title: &str) -> String {
    let mut props = vec![
        format!("file={}", escape_property(&super::file_of(at))),
        format!("line={}", at.line),
        format!("col={}", at.column()),
    ];
    if at.width > 1 {
        props.push(format!("endColumn={}", at.column() + at.width - 1));
    }
    props.push(format!("title={}", escape_property(title)));
    props.join(",")
}

/// The message of a workflow command.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property value of a workflow command.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_as_the_toolkit_does() {
        assert_eq!(escape_data("50% a\r\nb: c, d"), "50%25 a%0D%0Ab: c, d");
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }
}
