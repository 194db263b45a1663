//! The apparatus a historian expects of a page: how to cite it (the `citation_*` meta tags Zotero
//! and Google Scholar read, and a "Cite this page" line), the bibliography generated from
//! `sources/sources.yaml` with its BibTeX and CSL-JSON exports, and the code spans a page has the
//! site fill in: the odds figures it names, and the readings it names (by their own files).

use super::markdown::escape_attr;
use crate::sources::Library;
use crate::variant::Readings;
use serde::Serialize;

/// Where the exports of the bibliography are written, from the site root.
pub const BIBTEX: &str = "bibliography.bib";
pub const CSL_JSON: &str = "bibliography.json";

/// The fence language of the block a page writes where the bibliography goes.
pub const BLOCK: &str = "bibliography";

/// What every page needs to be cited.
#[derive(Clone, Debug, Serialize)]
pub struct CiteView {
    /// Who the site is by (`author:` in mournival.yaml).
    pub author: String,
    /// The date of the build, as Google Scholar wants it (`2026/11/26`) and in words.
    pub scholar_date: String,
    pub date: String,
    /// The site's public address with a final `/`, when the project gives one.
    pub base: Option<String>,
}

impl CiteView {
    pub fn new(author: &str, base: Option<String>, days: i64) -> CiteView {
        let (y, m, d) = civil(days);
        const MONTHS: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        CiteView {
            author: author.to_string(),
            scholar_date: format!("{y}/{m:02}/{d:02}"),
            date: format!("{d} {} {y}", MONTHS[m as usize - 1]),
            base,
        }
    }
}

/// Days since 1970-01-01 of the build: `SOURCE_DATE_EPOCH` when set (a reproducible build),
/// else now.
pub fn build_day() -> i64 {
    let seconds = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64)
        });
    seconds.div_euclid(86_400)
}

/// The civil date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The code span prefix that names a reading: `reading:put/le-truc`.
const READING: &str = "reading:";

/// The HTML of a code span the site fills in (`odds:` or `reading:`), with its plain words;
/// `None` for an ordinary code span, `Some(Err)` naming what is wrong.
pub fn shortcode(
    code: &str,
    readings: &Readings,
    root: &str,
) -> Option<Result<(String, String), String>> {
    match code.strip_prefix(READING) {
        Some(key) => Some(reading(key, readings, root)),
        None => odds(code),
    }
}

/// A reading's name as its own file gives it ("Charles Cotton (1674)"), linked to its page, so
/// that a page's tables never retype it; `key` is `<game>/<id>`.
fn reading(key: &str, readings: &Readings, root: &str) -> Result<(String, String), String> {
    let wrong = |what: String| format!("`{READING}{key}`: {what}");
    let (game, id) = key.split_once('/').ok_or_else(|| {
        wrong("write the game and the reading's id, as `reading:put/le-truc`".into())
    })?;
    let (g, set) = readings
        .sets
        .iter()
        .find(|(g, _)| g.id() == game)
        .ok_or_else(|| {
            let games: Vec<&str> = readings.sets.iter().map(|(g, _)| g.id()).collect();
            wrong(format!(
                "no game `{game}`; the games are {}",
                games.join(", ")
            ))
        })?;
    let v = set.get(id).ok_or_else(|| {
        wrong(format!(
            "{} has no reading `{id}`; its readings are {}",
            g.name(),
            set.ids().join(", ")
        ))
    })?;
    let name = v.name();
    let url = format!(
        "{root}{}variants/{}/",
        super::project::prefix(readings, *g),
        v.id
    );
    let html = format!(
        "<a class=\"reading-name\" href=\"{}\">{}</a>",
        escape_attr(&url),
        escape_attr(&name)
    );
    Ok((html, name))
}

/// The HTML of an `odds:` code span: the figure in words, its exact value in the tooltip;
/// `None` when the code span is no figure's, `Some(Err)` naming what is wrong.
pub fn odds(code: &str) -> Option<Result<(String, String), String>> {
    Some(crate::odds::shortcode(code)?.map(|(words, ratio, what)| {
        let title = format!("exactly {ratio}: the chance that {what}");
        let html = format!(
            "<span class=\"odds\" title=\"{}\">{}</span>",
            escape_attr(&title),
            escape_attr(&words)
        );
        (html, words)
    }))
}

/// The bibliography: every listed text as a reference, by author, with its annotated text when
/// the site bundles it, and the exports.
pub fn bibliography(library: &Library, root: &str) -> String {
    let mut texts: Vec<_> = library.texts.iter().collect();
    texts.sort_by_key(|s| {
        (
            s.bib.author.clone().unwrap_or_default().to_lowercase(),
            s.bib.year_number().unwrap_or(u32::MAX),
            s.id.clone(),
        )
    });
    let mut out = format!(
        "<p class=\"exports\">Every text below, for a reference manager: <a href=\"{root}{BIBTEX}\" download>BibTeX</a> · <a href=\"{root}{CSL_JSON}\" download>CSL-JSON</a> (Zotero, Pandoc). Each entry's key is its id in <code>sources/sources.yaml</code>.</p>\n<ul class=\"bibliography\">\n"
    );
    for s in texts {
        let id = escape_attr(&s.id);
        out.push_str(&format!(
            "<li id=\"text-{id}\">{} <span class=\"text-id\">[<code>{id}</code>]</span>",
            escape_attr(&s.reference())
        ));
        if s.file.is_some() {
            out.push_str(&format!(
                " <a href=\"{root}sources/{id}/\">The annotated text</a>."
            ));
        }
        out.push_str("</li>\n");
    }
    out.push_str("</ul>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_and_written_both_ways() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(20_418), (2025, 11, 26));
        let c = CiteView::new("A", None, 20_783);
        assert_eq!(c.scholar_date, "2026/11/26");
        assert_eq!(c.date, "26 November 2026");
    }

    #[test]
    fn an_odds_code_span_becomes_an_escaped_figure() {
        let (html, words) = odds("odds:glic-four-trumps").unwrap().unwrap();
        assert_eq!(words, "once in 505");
        assert!(
            html.starts_with(
                "<span class=\"odds\" title=\"exactly 33/16660: the chance that a Glic hand"
            ),
            "{html}"
        );
        assert!(odds("odds:nothing").unwrap().is_err());
        assert!(odds("let x = 1").is_none());
    }
}
