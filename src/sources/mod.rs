//! The texts the readings quote, and the quotations checked against them.
//!
//! A project lists the texts it quotes in `sources/sources.yaml`: each with an id, a title, the
//! names it is cited by, and, when the project may bundle it, its file beside the list; a text
//! the project may not bundle (`bundled: false`) names its file in a texts folder the user keeps
//! (`--texts DIR`, or `texts:` in `mournival.yaml`), and is checked whenever that folder is given. A
//! quotation says which text it is from by its citation: a `cite:` in a variant file, or the
//! parenthesis after a quotation in a page, begins with one of the names a text is cited by
//! (`Akagiri 2016, note 4`, `du Coeur, letter`, `Cotton 1687, p. 65`), or gives only a page
//! (`p. 91`, `pp. 95-96`, `§101`), which names the text at hand that has that page. A quotation
//! of a text not at hand is not verified, and `check` says so, text by text, with the reason
//! ([`Absent`]). `check` and `build` both read quotations this way ([`check::check`]), and
//! `build` annotates each bundled text with them.

pub mod bib;
pub mod check;
pub mod credit;
pub mod evidence;
pub mod pattern;
pub mod quotations;
pub mod text;

use crate::diagnostic::{Diagnostic, Errors, Location, excerpt};
use crate::input::{self, Depth, read_text};
use crate::yaml::YamlText;
use rayon::prelude::*;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use text::{Text, Unit};

/// Where a project keeps its texts, and the file that lists them.
pub const DIR: &str = "sources";
pub const LIST: &str = "sources.yaml";
/// The most texts a list may hold, and names a text may be cited by.
const MAX_TEXTS: usize = 1000;
const MAX_NAMES: usize = 20;
/// The longest text id, in characters (it names a page of the site).
const MAX_ID: usize = 80;
/// The longest file name of a text in a texts folder, in bytes, and the most folders deep.
const MAX_KEPT_NAME: usize = 255;
const MAX_KEPT_DEPTH: usize = 8;

/// The folder where a user keeps the texts the project may not bundle, and where it was named
/// (`--texts`, or `texts:` in `mournival.yaml`), for messages.
#[derive(Clone, Debug)]
pub struct TextsFolder {
    pub path: PathBuf,
    pub named_at: Location,
}

impl TextsFolder {
    /// The folder, if it is one; else a located error.
    fn check(&self) -> Result<TextsFolder, Diagnostic> {
        let problem = match std::fs::metadata(&self.path) {
            Ok(m) if m.is_dir() => return Ok(self.clone()),
            Ok(_) => "is not a folder".to_string(),
            Err(e) => format!("cannot be read: {e}"),
        };
        Err(Diagnostic::new(
            self.named_at.clone(),
            format!(
                "the texts folder {} {problem}",
                self.path.display()
            ),
        )
        .note("expected: the folder where you keep the texts that sources/sources.yaml lists with `bundled: false`"))
    }
}

/// Why a text's words are not at hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Absent {
    /// The list gives no file for it: nobody here holds a copy, and its quotations cannot be
    /// verified.
    NoCopy,
    /// Not bundled, and no texts folder was given.
    NoFolder,
    /// Not bundled, and the texts folder given does not hold its file.
    NotInFolder { folder: PathBuf, file: String },
}

impl std::fmt::Display for Absent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Absent::NoCopy => write!(
                f,
                "no copy of the text is held: {LIST} names no file for it"
            ),
            Absent::NoFolder => write!(f, "the text is not bundled and no texts folder holds it"),
            Absent::NotInFolder { folder, file } => write!(
                f,
                "the text is not bundled and the texts folder {} holds no `{file}`",
                folder.display()
            ),
        }
    }
}

/// A text the project quotes.
#[derive(Clone, Debug)]
pub struct Source {
    pub id: String,
    pub title: String,
    /// The names a citation may begin with, as written in the list.
    pub cited_as: Vec<String>,
    /// A language code; quotations of a text not in English are translations, marked `(tr.)`.
    pub language: String,
    pub licence: Option<String>,
    /// What the project says about the text, shown on its annotated page.
    pub about: Option<String>,
    /// The bundled file, if the project bundles the text.
    pub file: Option<PathBuf>,
    /// The words, when they are at hand: bundled, or read from a texts folder.
    pub text: Option<Text>,
    /// Why the words are not at hand (None when they are).
    pub absent: Option<Absent>,
    /// What a bibliography needs: author, year, publisher, address...
    pub bib: bib::Bib,
}

impl Source {
    pub fn is_english(&self) -> bool {
        self.language == "en"
    }

    /// The name the text is first cited by, for messages.
    pub fn name(&self) -> &str {
        self.cited_as.first().map_or(&self.id, String::as_str)
    }
}

/// Every text a project quotes.
#[derive(Clone, Debug, Default)]
pub struct Library {
    pub texts: Vec<Source>,
    /// Every name a citation may begin with, as compared, and its text; longest first.
    names: Vec<(String, usize)>,
}

/// What a citation names: the texts it may be from, and the pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation {
    /// Indexes into the library's texts.
    pub texts: Vec<usize>,
    /// Whether a name chose the texts (else a page did, or nothing).
    pub named: bool,
    pub pages: Option<(u32, u32)>,
    /// Whether the citation gives pages (`p. 91`) or sections (`§101`).
    pub unit: Unit,
    /// `tr.` among the citation's parts: the quotation is the quoter's translation.
    pub translated: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawList {
    texts: Vec<RawSource>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawSource {
    id: Spanned<String>,
    title: String,
    cited_as: Spanned<Vec<String>>,
    #[serde(default)]
    file: Option<Spanned<String>>,
    /// False for a text the project may not bundle: `file:` is then its name in a texts folder.
    #[serde(default)]
    bundled: Option<Spanned<bool>>,
    #[serde(default)]
    first_page: Option<u32>,
    #[serde(default)]
    language: Option<String>,
    #[serde(default)]
    licence: Option<String>,
    #[serde(default)]
    about: Option<String>,
    #[serde(default)]
    author: Option<String>,
    #[serde(default)]
    year: Option<Spanned<String>>,
    #[serde(default, rename = "type")]
    kind: Option<Spanned<String>>,
    #[serde(default)]
    work: Option<String>,
    #[serde(default)]
    section: Option<String>,
    #[serde(default)]
    edition: Option<String>,
    #[serde(default)]
    publisher: Option<String>,
    #[serde(default)]
    place: Option<String>,
    #[serde(default)]
    pages: Option<String>,
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    accessed: Option<String>,
}

/// A name as compared: lower case, every kind of quotation mark the same.
fn comparable(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '"' | '“' | '”' | '‘' | '’' => '\'',
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The pages a citation gives: `p. 91`, `pp. 92-93` (or `pp. 92–93`), or the sections: `§101`,
/// `§§101-103`; the first such mention.
fn cited_pages(cite: &str) -> Option<(Unit, (u32, u32))> {
    let number = |s: &str| -> Option<(u32, usize)> {
        let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        Some((s[..digits].parse().ok()?, digits))
    };
    for (i, _) in cite.match_indices(['p', '§']) {
        if cite[..i]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        let Some((unit, rest)) = ["pp.", "p.", "§§", "§"].iter().find_map(|mark| {
            let unit = if mark.starts_with('p') {
                Unit::Page
            } else {
                Unit::Section
            };
            Some((unit, cite[i..].strip_prefix(mark)?))
        }) else {
            continue;
        };
        let rest = rest.trim_start();
        let Some((first, used)) = number(rest) else {
            continue;
        };
        let after = rest[used..].trim_start();
        let last = after
            .strip_prefix(['-', '–'])
            .and_then(|r| number(r.trim_start()))
            .map_or(first, |(n, _)| n);
        return Some((unit, (first, last.max(first))));
    }
    None
}

impl Library {
    /// Reads `sources/sources.yaml`, the bundled files it names, and the others from the texts
    /// folder, if one is given; a project without the list quotes no texts the tool knows.
    pub fn load(root: &Path, texts: Option<&TextsFolder>) -> Result<Library, Vec<Diagnostic>> {
        let dir = root.join(DIR);
        let path = dir.join(LIST);
        let folder = texts
            .map(TextsFolder::check)
            .transpose()
            .map_err(|d| vec![d])?;
        if std::fs::symlink_metadata(&path).is_err() {
            return Ok(Library::default());
        }
        let yaml = YamlText::whole_file(&path, read_text(&path).map_err(|d| vec![d])?);
        let raw: RawList = yaml.parse().map_err(|d| vec![d])?;
        let files = input::files(&dir, root, Depth::Flat, &|p| {
            p.file_name().is_some_and(|n| n != LIST)
        })?;
        Library::from_list(&yaml, raw, &files, folder.as_ref())
    }

    fn from_list(
        yaml: &YamlText,
        raw: RawList,
        files: &[PathBuf],
        folder: Option<&TextsFolder>,
    ) -> Result<Library, Vec<Diagnostic>> {
        let mut errors = Errors::default();
        if raw.texts.len() > MAX_TEXTS {
            errors.push(Diagnostic::new(
                yaml.location(0, 0),
                format!(
                    "{} texts are listed; a list holds at most {MAX_TEXTS}",
                    raw.texts.len()
                ),
            ));
            return Err(errors.into_vec(&yaml.path));
        }
        let mut texts: Vec<Source> = Vec::new();
        for r in raw.texts {
            let id = r.id.value.trim().to_string();
            if id.is_empty()
                || id.chars().count() > MAX_ID
                || !id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                errors.push(Diagnostic::new(
                    yaml.location_of(&r.id),
                    format!("`{}` is not a usable text id: use lower-case letters, digits and hyphens, at most {MAX_ID} of them, as in `cotton-1674-gleek`", excerpt(&id)),
                ));
            } else if texts.iter().any(|t| t.id == id) {
                errors.push(Diagnostic::new(
                    yaml.location_of(&r.id),
                    format!("the text `{id}` is listed twice"),
                ));
            }
            if r.cited_as.value.iter().all(|n| n.trim().is_empty()) {
                errors.push(Diagnostic::new(
                    yaml.location_of(&r.cited_as),
                    format!("`{id}` needs at least one name in `cited-as:`, the words a citation of it begins with"),
                ));
            } else if r.cited_as.value.len() > MAX_NAMES {
                errors.push(Diagnostic::new(
                    yaml.location_of(&r.cited_as),
                    format!(
                        "`{id}` has {} names; a text may have at most {MAX_NAMES}",
                        r.cited_as.value.len()
                    ),
                ));
            }
            let bundled = r.bundled.as_ref().is_none_or(|b| b.value);
            let words = match (&r.file, &r.bundled) {
                (None, Some(b)) => Err(Diagnostic::new(
                    yaml.location_of(b),
                    format!(
                        "`{id}` has `bundled:` but no `file:`: name its file, beside {LIST} or (with `bundled: false`) in a texts folder"
                    ),
                )),
                (None, None) => Ok((None, None, Some(Absent::NoCopy))),
                (Some(name), _) if bundled => {
                    Library::read_bundled(yaml, name, files, r.first_page)
                        .map(|(path, text)| (Some(path), Some(text), None))
                }
                (Some(name), _) => {
                    Library::read_kept(yaml, name, folder, r.first_page).map(|found| match found {
                        Ok(text) => (None, Some(text), None),
                        Err(absent) => (None, None, Some(absent)),
                    })
                }
            };
            let (file, text, absent) = words.unwrap_or_else(|d| {
                errors.push(d);
                (None, None, None)
            });
            if file.is_some() && r.licence.as_deref().is_none_or(|l| l.trim().is_empty()) {
                errors.push(Diagnostic::new(
                    yaml.location_of(&r.id),
                    format!(
                        "`{id}` is bundled: say under `licence:` why the project may bundle it"
                    ),
                ));
            }
            let bib = bib::Bib::from_raw(yaml, &r, &mut errors);
            texts.push(Source {
                id,
                title: r.title.trim().to_string(),
                cited_as: r
                    .cited_as
                    .value
                    .iter()
                    .map(|n| n.trim().to_string())
                    .filter(|n| !n.is_empty())
                    .collect(),
                language: r.language.unwrap_or_else(|| "en".to_string()),
                licence: r.licence,
                about: r.about,
                file,
                text,
                absent,
                bib,
            });
        }
        if errors.is_empty() {
            Ok(Library::new(texts))
        } else {
            Err(errors.into_vec(&yaml.path))
        }
    }

    /// A bundled file, which must be one of the files beside the list.
    fn read_bundled(
        yaml: &YamlText,
        name: &Spanned<String>,
        files: &[PathBuf],
        first_page: Option<u32>,
    ) -> Result<(PathBuf, Text), Diagnostic> {
        let wanted = name.value.trim();
        let Some(path) = files
            .iter()
            .find(|p| p.file_name().is_some_and(|n| n == wanted))
        else {
            let mut present: Vec<String> = files
                .iter()
                .filter_map(|p| p.file_name().map(|n| format!("`{}`", n.to_string_lossy())))
                .collect();
            present.sort();
            return Err(Diagnostic::new(
                yaml.location_of(name),
                format!("`{}` is not a file beside {LIST}", excerpt(wanted)),
            )
            .note(if present.is_empty() {
                format!("{DIR}/ holds no other file")
            } else {
                format!("{DIR}/ holds {}", present.join(", "))
            }));
        };
        let text = read_text(path)?;
        Ok((path.clone(), Text::bundled(&text, first_page)))
    }

    /// A text kept in the texts folder: its words, or why they are not at hand. The name must
    /// be a plain relative path (`seeds/001.txt`); a file found must be a regular file inside
    /// the folder, even through links.
    fn read_kept(
        yaml: &YamlText,
        name: &Spanned<String>,
        folder: Option<&TextsFolder>,
        first_page: Option<u32>,
    ) -> Result<Result<Text, Absent>, Diagnostic> {
        let wanted = name.value.trim();
        let relative = Path::new(wanted);
        let plain = relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        if wanted.is_empty()
            || wanted.len() > MAX_KEPT_NAME
            || !plain
            || relative.components().count() > MAX_KEPT_DEPTH
        {
            return Err(Diagnostic::new(
                yaml.location_of(name),
                format!("`{}` is not a usable name for a text in a texts folder", excerpt(wanted)),
            )
            .note(format!("expected: a path inside the folder, as in `seeds/001_stewart.txt`: no `..`, no leading `/`, at most {MAX_KEPT_DEPTH} folders deep and {MAX_KEPT_NAME} bytes")));
        }
        let Some(folder) = folder else {
            return Ok(Err(Absent::NoFolder));
        };
        let path = folder.path.join(relative);
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Err(Absent::NotInFolder {
                    folder: folder.path.clone(),
                    file: wanted.to_string(),
                }));
            }
            Err(e) => {
                return Err(Diagnostic::new(
                    yaml.location_of(name),
                    format!("cannot read {}: {e}", path.display()),
                ));
            }
            Ok(_) => {}
        }
        let inside = match (path.canonicalize(), folder.path.canonicalize()) {
            (Ok(real), Ok(top)) => real.starts_with(top),
            _ => false,
        };
        if !inside {
            return Err(Diagnostic::new(
                yaml.location_of(name),
                format!(
                    "{} leads outside the texts folder {} (through a link): only files inside it are read",
                    path.display(),
                    folder.path.display()
                ),
            ));
        }
        let words = read_text(&path)?;
        Ok(Ok(Text::plain(&words, first_page)))
    }

    /// A library of these texts.
    pub fn new(texts: Vec<Source>) -> Library {
        let mut names: Vec<(String, usize)> = texts
            .iter()
            .enumerate()
            .flat_map(|(i, t)| t.cited_as.iter().map(move |n| (comparable(n), i)))
            .collect();
        names.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
        Library { texts, names }
    }

    pub fn get(&self, id: &str) -> Option<&Source> {
        self.texts.iter().find(|t| t.id == id)
    }

    /// The texts whose words are at hand.
    pub fn at_hand(&self) -> impl Iterator<Item = (usize, &Source, &Text)> {
        self.texts
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((i, s, s.text.as_ref()?)))
    }

    /// What a citation names. The longest name a citation begins with wins (`du Coeur, game
    /// report` before `du Coeur`); a name shared by several texts (a work in chapters) names them
    /// all. A citation with no name but a page names the texts at hand that have that page.
    pub fn resolve(&self, cite: &str) -> Citation {
        let c = comparable(cite.trim());
        let fits = |n: &str| {
            c.starts_with(n)
                && !c[n.len()..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric)
        };
        // The names are longest first: the first that fits sets the length, and every name of
        // that length that fits joins it.
        let mut best: Option<(usize, Vec<usize>)> = None;
        for (n, i) in &self.names {
            match &mut best {
                Some((len, _)) if n.len() < *len => break,
                Some((_, ids)) if fits(n) && !ids.contains(i) => ids.push(*i),
                Some(_) => {}
                None if fits(n) => best = Some((n.len(), vec![*i])),
                None => {}
            }
        }
        let (unit, pages) = match cited_pages(cite) {
            Some((unit, pages)) => (unit, Some(pages)),
            None => (Unit::Page, None),
        };
        let translated = cite
            .split([',', ';', '(', ')'])
            .any(|part| part.trim() == "tr.");
        let (texts, named) = match best {
            Some((_, ids)) => (ids, true),
            None => (
                pages
                    .map(|(first, _)| {
                        self.at_hand()
                            .filter(|(_, _, t)| {
                                t.unit == unit
                                    && t.pages.is_some_and(|(a, b)| (a..=b).contains(&first))
                            })
                            .map(|(i, _, _)| i)
                            .collect()
                    })
                    .unwrap_or_default(),
                false,
            ),
        };
        Citation {
            texts,
            named,
            pages,
            unit,
            translated,
        }
    }
}

/// Every quotation a project makes: the variant files' `quote:`s, then those of the Markdown
/// pages given.
pub fn quotations<'a>(
    readings: &crate::variant::Readings,
    pages: impl IntoIterator<Item = (&'a Path, &'a std::sync::Arc<str>)>,
) -> Result<Vec<quotations::Quotation>, Vec<Diagnostic>> {
    let mut all = quotations::of_variants(readings)?;
    for (path, text) in pages {
        all.extend(page_quotations(path, text));
    }
    Ok(all)
}

/// As [`quotations`], given each page's quotations where they are known already (a build's
/// cache keeps those of the pages unchanged).
fn quotations_known(
    readings: &crate::variant::Readings,
    pages: &[(&Path, &std::sync::Arc<str>)],
    known: Vec<Option<Vec<quotations::Quotation>>>,
) -> Result<Vec<quotations::Quotation>, Vec<Diagnostic>> {
    let mut known = known;
    known.resize_with(pages.len(), || None);
    // The readings' files and the pages are read in parallel, and joined in their order.
    let (all, of_pages) = rayon::join(
        || quotations::of_variants(readings),
        || {
            (pages.par_iter().zip(known))
                .map(|((path, text), known)| known.unwrap_or_else(|| page_quotations(path, text)))
                .collect::<Vec<_>>()
        },
    );
    let mut all = all?;
    all.extend(of_pages.into_iter().flatten());
    Ok(all)
}

/// The quotations of one page: a Markdown page's, none of any other.
fn page_quotations(path: &Path, text: &std::sync::Arc<str>) -> Vec<quotations::Quotation> {
    match path.extension().is_some_and(|x| x == "md") {
        true => quotations::of_page(path, text),
        false => Vec::new(),
    }
}

/// Every quotation a project makes, checked against its text, and every claim it makes of its
/// sources beyond the words: each reading's evidence levels ([`evidence`]), the credits in the
/// pages ([`credit`]) and the odds figures they print ([`crate::odds`]).
pub fn audit(
    library: &Library,
    readings: &crate::variant::Readings,
    pages: &[(&Path, &std::sync::Arc<str>)],
) -> Result<(Vec<quotations::Quotation>, check::Report), Vec<Diagnostic>> {
    let own: Vec<Vec<Diagnostic>> = pages.iter().map(|(p, t)| page_claims(p, t)).collect();
    audit_with(library, readings, pages, &own)
}

/// The claims a page makes that rest on it alone: the odds figures it prints. A session keeps
/// them, and finds again only those of the pages saved (they are most of an audit's time).
pub fn page_claims(path: &Path, text: &std::sync::Arc<str>) -> Vec<Diagnostic> {
    if path.extension().is_some_and(|x| x == "md") {
        crate::odds::in_page(path, text)
    } else {
        Vec::new()
    }
}

/// As [`audit`], given each page's [`page_claims`] (in the order of `pages`).
pub fn audit_with(
    library: &Library,
    readings: &crate::variant::Readings,
    pages: &[(&Path, &std::sync::Arc<str>)],
    own: &[Vec<Diagnostic>],
) -> Result<(Vec<quotations::Quotation>, check::Report), Vec<Diagnostic>> {
    audit_known(library, readings, pages, own, Vec::new())
}

/// As [`audit_with`], given the quotations of the pages where they are `known` (in the order
/// of `pages`; `None`, or none given, where they are to be found).
pub fn audit_known(
    library: &Library,
    readings: &crate::variant::Readings,
    pages: &[(&Path, &std::sync::Arc<str>)],
    own: &[Vec<Diagnostic>],
    known: Vec<Option<Vec<quotations::Quotation>>>,
) -> Result<(Vec<quotations::Quotation>, check::Report), Vec<Diagnostic>> {
    let quotations = quotations_known(readings, pages, known)?;
    let report = check::check(library, &quotations);
    Ok(with_claims(
        library, readings, pages, own, quotations, report,
    ))
}

/// The quotations checked, with the claims of [`audit`] added to their report.
fn with_claims(
    library: &Library,
    readings: &crate::variant::Readings,
    pages: &[(&Path, &std::sync::Arc<str>)],
    own: &[Vec<Diagnostic>],
    quotations: Vec<quotations::Quotation>,
    mut report: check::Report,
) -> (Vec<quotations::Quotation>, check::Report) {
    let (evidence, credits) = rayon::join(
        || evidence::check(library, readings, &quotations, &report),
        || credit::check(library, pages, &quotations, &report),
    );
    report.claims = evidence;
    report.claims.extend(credits);
    report.claims.extend(own.iter().flatten().cloned());
    (quotations, report)
}

/// As [`audit_with`], after the pages at `edited` changed (`pages` holds them as they are now),
/// given what an audit of the same library and readings found `before`: only the edited pages'
/// quotations are looked for again. `None` where [`check::recheck`] says the whole audit must
/// be done again.
pub fn reaudit(
    library: &Library,
    readings: &crate::variant::Readings,
    pages: &[(&Path, &std::sync::Arc<str>)],
    own: &[Vec<Diagnostic>],
    (mut all, mut report): (Vec<quotations::Quotation>, check::Report),
    edited: &[&Path],
) -> Option<(Vec<quotations::Quotation>, check::Report)> {
    let order: HashMap<&Path, usize> = pages
        .iter()
        .enumerate()
        .map(|(i, (p, _))| (*p, i))
        .collect();
    for &path in edited {
        let (_, text) = pages.iter().find(|(p, _)| *p == path)?;
        let at = order.get(path)?;
        // A page's quotations follow the readings' and those of the pages before it.
        let comes_before = |q: &quotations::Quotation| match &q.origin {
            quotations::Origin::Variant { .. } => true,
            quotations::Origin::Page { path } => order.get(path.as_path()).is_some_and(|i| i < at),
        };
        let start = all.iter().take_while(|q| comes_before(q)).count();
        let len = all[start..]
            .iter()
            .take_while(|q| matches!(&q.origin, quotations::Origin::Page { path: p } if p == path))
            .count();
        let new = page_quotations(path, text);
        let new_len = new.len();
        all.splice(start..start + len, new);
        report = check::recheck(
            library,
            &all,
            &report,
            start..start + len,
            start..start + new_len,
        )?;
    }
    Some(with_claims(library, readings, pages, own, all, report))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn library() -> Library {
        let list = "texts:
  - id: cotton-1674-gleek
    title: The Game at GLEEK
    cited-as: [Cotton 1674, Cotton]
    file: gleek.txt
    first-page: 90
    licence: CC0
  - id: cotton-1674-putt
    title: Of PVTT
    cited-as: [Cotton 1674, Cotton]
    file: putt.txt
    first-page: 131
    licence: CC0
  - id: du-coeur-letter
    title: On the Englyshe Game of Gleeke
    cited-as: [du Coeur, 'du Coeur, letter']
  - id: du-coeur-report
    title: 'Game Report: Gleek'
    cited-as: ['du Coeur, game report']
  - id: akagiri
    title: グリーク
    cited-as: [Akagiri 2016, Akagiri]
    language: ja
";
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(DIR)).unwrap();
        std::fs::write(dir.path().join(DIR).join(LIST), list).unwrap();
        std::fs::write(
            dir.path().join(DIR).join("gleek.txt"),
            "Head\n\nThe Ace is called Tib,  [p.91]  Tom the Knave.",
        )
        .unwrap();
        std::fs::write(
            dir.path().join(DIR).join("putt.txt"),
            "Head\n\nPVtt is the ordinary rooking Game  [p.132]  of every place.",
        )
        .unwrap();
        Library::load(dir.path(), None).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn ids(lib: &Library, c: &Citation) -> Vec<String> {
        c.texts.iter().map(|&i| lib.texts[i].id.clone()).collect()
    }

    #[test]
    fn a_citation_names_its_text_by_name_or_by_page() {
        let lib = library();
        let c = lib.resolve("p. 91");
        assert_eq!(ids(&lib, &c), ["cotton-1674-gleek"]);
        assert_eq!((c.named, c.pages), (false, Some((91, 91))));
        assert_eq!(ids(&lib, &lib.resolve("pp. 131–132")), ["cotton-1674-putt"]);
        assert!(lib.resolve("p. 260").texts.is_empty());
        let c = lib.resolve("du Coeur, game report (waks.org)");
        assert_eq!(ids(&lib, &c), ["du-coeur-report"]);
        assert_eq!(
            ids(&lib, &lib.resolve("du Coeur, letter, endnotes")),
            ["du-coeur-letter"]
        );
        assert_eq!(
            ids(&lib, &lib.resolve("Cotton, p. 91")),
            ["cotton-1674-gleek", "cotton-1674-putt"]
        );
        assert!(lib.resolve("Cottonian library").texts.is_empty());
        let c = lib.resolve("Akagiri 2016, note 9, tr.");
        assert!(c.translated && c.named && c.pages.is_none());
    }

    #[test]
    fn bundled_texts_are_read_with_their_pages() {
        let lib = library();
        let gleek = lib.get("cotton-1674-gleek").unwrap();
        assert_eq!(gleek.text.as_ref().unwrap().pages, Some((90, 91)));
        assert!(lib.get("akagiri").unwrap().text.is_none());
        assert!(!lib.get("akagiri").unwrap().is_english());
    }

    #[test]
    fn a_missing_file_and_a_missing_licence_are_located() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(DIR)).unwrap();
        std::fs::write(dir.path().join(DIR).join("a.txt"), "x").unwrap();
        std::fs::write(
            dir.path().join(DIR).join(LIST),
            "texts:\n  - id: a\n    title: A\n    cited-as: [A]\n    file: b.txt\n  - id: c\n    title: C\n    cited-as: [C]\n    file: a.txt\n",
        )
        .unwrap();
        let errs = Library::load(dir.path(), None).unwrap_err();
        let all: String = errs.iter().map(|d| d.to_string()).collect();
        assert!(all.contains("sources.yaml:5:11"), "{all}");
        assert!(
            all.contains("`b.txt` is not a file beside sources.yaml"),
            "{all}"
        );
        assert!(all.contains("sources/ holds `a.txt`"), "{all}");
        assert!(
            all.contains("`c` is bundled: say under `licence:`"),
            "{all}"
        );
    }

    #[test]
    fn a_text_not_bundled_says_why_it_is_not_at_hand() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(DIR)).unwrap();
        std::fs::write(
            dir.path().join(DIR).join(LIST),
            "texts:\n  - id: a\n    title: A\n    cited-as: [A]\n    bundled: false\n    file: kept/a.txt\n  - id: b\n    title: B\n    cited-as: [B]\n",
        )
        .unwrap();
        let lib = Library::load(dir.path(), None).unwrap();
        let absent = |id: &str| lib.get(id).unwrap().absent.clone();
        assert_eq!(absent("a"), Some(Absent::NoFolder));
        assert_eq!(absent("b"), Some(Absent::NoCopy));
        // Kept in a folder that holds it: read, with its pages.
        let folder = dir.path().join("texts");
        std::fs::create_dir_all(folder.join("kept")).unwrap();
        std::fs::write(folder.join("kept/a.txt"), "Words [p.5] more").unwrap();
        let texts = TextsFolder {
            path: folder,
            named_at: Location::file_start(Path::new("--texts"), ""),
        };
        let lib = Library::load(dir.path(), Some(&texts)).unwrap();
        let a = lib.get("a").unwrap();
        assert!(a.absent.is_none() && a.file.is_none());
        assert_eq!(a.text.as_ref().unwrap().tokens[1].page, Some(5));
    }

    #[test]
    fn bundled_without_a_file_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(DIR)).unwrap();
        std::fs::write(
            dir.path().join(DIR).join(LIST),
            "texts:\n  - id: a\n    title: A\n    cited-as: [A]\n    bundled: true\n",
        )
        .unwrap();
        let errs = Library::load(dir.path(), None).unwrap_err();
        let all: String = errs.iter().map(|d| d.to_string()).collect();
        assert!(all.contains("`a` has `bundled:` but no `file:`"), "{all}");
        assert!(all.contains("sources.yaml:5:14"), "{all}");
    }

    /// A text held by nobody has no way out of `--strict`: the list takes no reason for it.
    #[test]
    fn a_reason_for_holding_no_copy_is_refused_at_its_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(DIR)).unwrap();
        std::fs::write(
            dir.path().join(DIR).join(LIST),
            "texts:\n  - id: a\n    title: A\n    cited-as: [A]\n    no-copy: read once\n",
        )
        .unwrap();
        let errs = Library::load(dir.path(), None).unwrap_err();
        let all: String = errs.iter().map(|d| d.to_string()).collect();
        assert!(all.contains("sources.yaml:5:5"), "{all}");
        assert!(all.contains("no-copy"), "{all}");
    }

    #[test]
    fn pages_are_read_from_citations() {
        assert_eq!(cited_pages("p. 90"), Some((Unit::Page, (90, 90))));
        assert_eq!(cited_pages("pp. 95-96"), Some((Unit::Page, (95, 96))));
        assert_eq!(
            cited_pages("Cotton 1687, pp.65 – 66"),
            Some((Unit::Page, (65, 66)))
        );
        assert_eq!(cited_pages("Akagiri 2016, section Deal"), None);
        assert_eq!(cited_pages("top p. 9"), Some((Unit::Page, (9, 9))));
        assert_eq!(
            cited_pages("Enquire Within, §101"),
            Some((Unit::Section, (101, 101)))
        );
        assert_eq!(cited_pages("§§101-103"), Some((Unit::Section, (101, 103))));
    }
}
