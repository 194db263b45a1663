//! Text escaped for HTML and SVG as tera escapes it (`& < > " '`), for the markup written in Rust
//! rather than through a template: highlighted code, the outcome tables, Glic's board picture (which
//! the WebAssembly engine draws too). One escaper, so all of them agree with the templates.

/// `s` escaped, appended to `out`.
pub fn push(out: &mut String, s: &str) {
    let mut rest = s;
    // Byte by byte: the five are ASCII, never part of another character, and a search for a
    // set of characters decodes each one (a tenth of the outcome panels' writing).
    while let Some(at) = (rest.bytes()).position(|b| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\''))
    {
        out.push_str(&rest[..at]);
        out.push_str(match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        });
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

/// `s` escaped.
pub fn html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push(&mut out, s);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn text_is_escaped_as_tera_escapes_it() {
        let s = "Ann's <b>\"bid\"</b> & Ben → 14½";
        let ours = super::html(s);
        let mut tera = Vec::new();
        tera::escape_html(s, &mut tera).unwrap();
        assert_eq!(ours.as_bytes(), tera);
        assert_eq!(
            ours,
            "Ann&#39;s &lt;b&gt;&quot;bid&quot;&lt;/b&gt; &amp; Ben → 14½"
        );
    }
}
