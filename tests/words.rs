//! Plain words on the bundled site: readers see names and choices in words, never the ids that
//! the files and the command line use (those stay in attributes and `<code>`); evidence is marked
//! by a letter as well as a colour; Markdown table heads have scope; and "Play it tonight" has a
//! card per reading with every rule point.

use assert_cmd::Command;
use mournival::games::GAMES;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

mod common;
use common::html_files;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The bundled site, built once for every test here (into cargo's folder for test files, which
/// the next run's build replaces); or a site already built, named by `WORDS_SITE`, to see that
/// these checks fail on an older build.
fn site() -> &'static Path {
    static SITE: OnceLock<PathBuf> = OnceLock::new();
    SITE.get_or_init(|| {
        if let Some(dir) = std::env::var_os("WORDS_SITE") {
            return PathBuf::from(dir);
        }
        let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("words-site");
        Command::cargo_bin("mournival")
            .unwrap()
            .arg("--root")
            .arg(repo())
            .arg("build")
            .arg("--out")
            .arg(&out)
            .assert()
            .success();
        out
    })
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(site().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Every reading of every game: (game, prefix of its pages, id).
fn readings() -> Vec<(&'static str, String, String)> {
    let mut out = Vec::new();
    for (i, game) in GAMES.iter().enumerate() {
        let dir = repo().join("variants").join(game.id());
        let prefix = if i == 0 {
            String::new()
        } else {
            format!("{}/", game.id())
        };
        let mut ids: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
            .collect();
        ids.sort();
        out.extend(ids.into_iter().map(|id| (game.id(), prefix.clone(), id)));
    }
    out
}

/// The ids readers must not see: every reading's, and every game's rule points and choices.
/// Hyphenated ids are looked for anywhere in the text; a one-word reading id (`willughby`) only
/// as a whole text node. One-word choice ids (`pot`, `dealer`, `eldest`) are ordinary words, as
/// the glossary's links show, and are not looked for.
fn slugs() -> (BTreeSet<String>, BTreeSet<String>) {
    let mut all: BTreeSet<String> = BTreeSet::new();
    for game in GAMES {
        for p in game.points().all() {
            all.insert(p.id().to_string());
            all.extend(p.def().choices.iter().map(|c| c.id.to_string()));
        }
    }
    // Ordinary English compounds that are also ids.
    let english = ["four-handed", "odd-penny", "elder-hand"];
    let (hyphenated, _): (BTreeSet<String>, BTreeSet<String>) = all
        .into_iter()
        .filter(|s| !english.contains(&s.as_str()))
        .partition(|s| s.contains('-'));
    let (more, words): (BTreeSet<String>, BTreeSet<String>) = readings()
        .into_iter()
        .map(|(_, _, id)| id)
        .partition(|s| s.contains('-'));
    let more = more
        .into_iter()
        .filter(|s: &String| !english.contains(&s.as_str()));
    (hyphenated.into_iter().chain(more).collect(), words)
}

/// The text a reader sees: outside tags, attributes, `<code>`, `<pre>`, `<script>` and `<style>`;
/// each text node separately.
fn visible_text(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut hidden = 0usize;
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        if hidden == 0 && lt > 0 {
            out.push(unescape(&rest[..lt]));
        }
        let Some(gt) = rest[lt..].find('>') else {
            break;
        };
        let tag = &rest[lt + 1..lt + gt];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if ["code", "pre", "script", "style"].contains(&name.as_str()) {
            if tag.starts_with('/') {
                hidden = hidden.saturating_sub(1);
            } else {
                hidden += 1;
            }
        }
        rest = &rest[lt + gt + 1..];
    }
    out
}

/// `html` without its tags, code and all: a short id in a link is a retyped name too.
fn tag_free(html: &str) -> String {
    let mut inside = false;
    html.chars()
        .filter(|&c| {
            let keep = !inside && c != '<';
            inside = (inside || c == '<') && c != '>';
            keep
        })
        .collect()
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// The slugs in a page's visible text, each with the text it stands in.
fn slugs_in(html: &str) -> Vec<(String, String)> {
    let (hyphenated, words) = slugs();
    let mut found = Vec::new();
    for text in visible_text(html) {
        let trimmed = text.trim();
        if words.contains(trimmed) {
            found.push((trimmed.to_string(), text.clone()));
        }
        let tokens = trimmed.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'));
        for t in tokens.filter(|t| hyphenated.contains(*t)) {
            found.push((t.to_string(), trimmed.chars().take(120).collect()));
        }
    }
    found
}

#[test]
fn the_slug_check_finds_the_ids_the_old_pages_showed() {
    // What the rule page, the reading page and the matrix used to write.
    let old = "<p class=\"rule-id\">Rule point <code>tiddy-turned-up</code> · research row A5</p>\
        <span class=\"chosen-by\">Chosen by cotgrave-1662, willughby.</span>\
        <td><strong>four-each</strong></td><td><span class=\"col-sub\">willughby</span></td>";
    let found: Vec<String> = slugs_in(old).into_iter().map(|(s, _)| s).collect();
    assert_eq!(found, ["cotgrave-1662", "four-each", "willughby"]);
    // Ids in attributes and code are for contributors, and pass.
    let new = "<p>For contributors: <code>tiddy-turned-up</code></p>\
        <span title=\"four-each\">Each opponent pays the dealer 4.</span>\
        <a href=\"../variants/cotgrave-1662/\">John Cotgrave (1662)</a>";
    assert_eq!(slugs_in(new), []);
}

#[test]
fn readers_see_no_ids_outside_attributes_and_code() {
    let mut found = Vec::new();
    let mut pages = 0;
    for path in html_files(site()) {
        let rel = path
            .strip_prefix(site())
            .unwrap()
            .to_string_lossy()
            .to_string();
        let html = std::fs::read_to_string(&path).unwrap();
        pages += 1;
        found.extend(
            slugs_in(&html)
                .into_iter()
                .map(|(slug, text)| format!("{rel}: `{slug}` in “{text}”")),
        );
    }
    assert!(pages > 150, "{pages}");
    found.dedup();
    assert!(
        found.is_empty(),
        "{} id(s) shown to readers, the first:\n{}",
        found.len(),
        found[..found.len().min(40)].join("\n")
    );
}

#[test]
fn every_reading_has_a_card_with_every_rule_point_in_words() {
    let tonight = read("tonight/index.html");
    for (game, prefix, id) in readings() {
        let rel = format!("{prefix}variants/{id}/card/");
        let card = read(&format!("{rel}index.html"));
        let shown = visible_text(&card);
        assert!(
            tonight.contains(&format!("href=\"../{rel}\"")),
            "{rel} is not on the page"
        );
        assert!(
            tonight.contains(&format!("href=\"../tonight/?pick={game}/{id}\"")),
            "{game}/{id} cannot be picked"
        );
        let game = mournival::games::by_id(game).unwrap();
        // Complete: the game's shared facts (players, pack, deal...) before the reading's
        // choices, and a link to the game's full rules.
        assert!(game.facts().len() >= 4, "{}", game.id());
        for f in game.facts() {
            assert!(shown.iter().any(|t| t == f.topic), "{rel}: no {}", f.topic);
            assert!(
                shown.iter().any(|t| t.contains(f.text)),
                "{rel}: {}",
                f.topic
            );
        }
        let root = "../".repeat(rel.matches('/').count());
        assert!(
            card.contains(&format!("href=\"{root}{prefix}play/")),
            "{rel}: no link to the game's full rules"
        );
        for p in game.points().all() {
            assert!(
                shown.iter().any(|t| t == p.def().question),
                "{rel}: {} is missing",
                p.id()
            );
        }
        assert_eq!(
            card.matches("<div class=\"card-point\">").count(),
            game.points().all().count() + game.facts().len(),
            "{rel}"
        );
        assert_eq!(slugs_in(&card), [], "{rel}");
    }
    // The script that marks a column is on the pages with tables, and has the names to show.
    for page in [
        "notebook/tiddy-turned-up/",
        "matrix/",
        "put/matrix/",
        "tonight/",
    ] {
        assert!(
            read(&format!("{page}index.html")).contains("static/tonight.js"),
            "{page}"
        );
    }
    let names: serde_json::Value = serde_json::from_str(&read("tonight/readings.json")).unwrap();
    assert_eq!(
        names["gleek"]["readings"]["cotton-1674"], "Charles Cotton (1674)",
        "{names}"
    );
    assert!(
        names["put"]["readings"]["cotton-1674"].is_string(),
        "{names}"
    );
    // A first evening per game, said to be the site's own advice, with its card.
    assert_eq!(
        tonight.matches("class=\"first-evening\"").count(),
        GAMES.len(),
        "{tonight}"
    );
    assert_eq!(
        tonight.matches("This is the site's own advice").count(),
        GAMES.len()
    );
    // Put's period text is advised over the 19th-century handbook that states more, and the page
    // says why.
    let put = &tonight[tonight.find("id=\"game-put\"").unwrap()..];
    let put = &put[..put.find("</div>").unwrap()];
    assert!(
        put.contains("For a first evening: Charles Cotton (1674)."),
        "{put}"
    );
    assert!(put.contains("put/variants/cotton-1674/card/"), "{put}");
    assert!(
        put.contains("It is a period text, a primary source")
            && put.contains("Hoyle&#39;s Games")
            && put.contains("not the period&#39;s"),
        "{put}"
    );
}

#[test]
fn markdown_table_heads_have_column_scope() {
    let page = read("notebook/must-trump/index.html");
    let head = page.find("<thead>").expect("the page has a Markdown table");
    let row = &page[head..head + page[head..].find("</thead>").unwrap()];
    assert!(row.starts_with("<thead><tr><th scope=\"col\">"), "{row}");
    assert_eq!(row.matches("<th scope=\"col\">").count(), 4, "{row}");
    for path in html_files(site()) {
        let html = std::fs::read_to_string(&path).unwrap();
        assert!(
            !html.contains("<th>"),
            "{}: a <th> without scope",
            path.display()
        );
    }
}

#[test]
fn matrix_cells_carry_the_evidence_letter_as_well_as_the_colour() {
    for prefix in ["", "put/", "glic/"] {
        let matrix = read(&format!("{prefix}matrix/index.html"));
        let cells: Vec<&str> = matrix.split("<td class=\"ev-cell ").skip(1).collect();
        assert!(cells.len() > 20, "{prefix}: {}", cells.len());
        for cell in cells {
            let (level, letter) = [
                ("stated", "S"),
                ("reported", "R"),
                ("inferred", "I"),
                ("assumed", "A"),
            ]
            .into_iter()
            .find(|(l, _)| cell.starts_with(&format!("ev-{l}")))
            .expect("a cell has an evidence level");
            assert!(
                cell.contains(&format!(
                    "title=\"{level}\" aria-hidden=\"true\">{letter}</abbr>"
                )),
                "{prefix}: {}",
                &cell[..cell.len().min(300)]
            );
        }
        for letter in [
            "S</span> stated",
            "R</span> reported",
            "I</span> inferred",
            "A</span> assumed",
        ] {
            assert!(
                matrix.contains(letter),
                "{prefix}: the legend lacks {letter}"
            );
        }
    }
}

/// Put's pages name a reading in their tables as its own file does, the same name as the outcome
/// table's ledgers give it: never "short pack" in one table and "David Parlett" in the next.
#[test]
fn puts_tables_name_each_reading_from_its_file() {
    let retyped = ["short pack", "Le Truc", "Cotton 1674", "Hoyle's Games"];
    tables_name_each_reading_from_its_file("put", &["put"], &retyped, 6, 12);
}

/// Gleek's notebook and play pages name their readings as the files do, not as "Cotton 1674" on
/// one page and "Cotton (1674)" on the next.
#[test]
fn gleeks_tables_name_each_reading_from_its_file() {
    let retyped = [
        "Cotgrave 1662",
        "Cotgrave (1662)",
        "Willughby",
        "Willughby (c. 1665-72)",
        "Cotton 1674",
        "Cotton (1674)",
        "Parlett",
        "Dafydd",
        "du Coeur",
        "Akagiri",
        "Akagiri (2016)",
        "Wikipedia",
    ];
    tables_name_each_reading_from_its_file("gleek", &["notebook", "play"], &retyped, 8, 25);
}

/// Glic's pages name Stewart's two readings as the files do, not "Stewart (Ealdormere)" or a bare
/// id.
#[test]
fn glics_tables_name_each_reading_from_its_file() {
    let retyped = [
        "Stewart (Ealdormere)",
        "Ardchreag",
        "ealdormere",
        "ardchreag",
    ];
    tables_name_each_reading_from_its_file("glic", &["glic"], &retyped, 2, 13);
}

/// Every page under `dirs` whose table rows start with a reading names each of `game`'s
/// readings there, linked, by its file's name (none of `retyped`), and its ledgers use the same
/// names; at least `pages` pages do.
fn tables_name_each_reading_from_its_file(
    game: &str,
    dirs: &[&str],
    retyped: &[&str],
    count: usize,
    pages: usize,
) {
    let names: serde_json::Value = serde_json::from_str(&read("tonight/readings.json")).unwrap();
    let all: BTreeSet<String> = names[game]["readings"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_str().unwrap().to_string())
        .collect();
    assert_eq!(all.len(), count, "{all:?}");
    let mut found = 0;
    for path in dirs.iter().flat_map(|d| html_files(&site().join(d))) {
        let html = std::fs::read_to_string(&path).unwrap();
        let mut named = BTreeSet::new();
        for table in html.split("<table").skip(1) {
            let table = &table[..table.find("</table>").unwrap()];
            for row in table.split("<tr>").skip(1) {
                // The first cell of a row of a Markdown table: a reading's name, linked.
                let Some(cell) = row.strip_prefix("<td>") else {
                    continue;
                };
                let cell = &cell[..cell.find("</td>").unwrap()];
                let plain = unescape(&tag_free(cell));
                for r in retyped {
                    assert_ne!(plain, *r, "{}", path.display());
                }
                if let Some(a) = cell.strip_prefix("<a class=\"reading-name\"") {
                    let text = unescape(&a[a.find('>').unwrap() + 1..a.find("</a>").unwrap()]);
                    assert!(all.contains(&text), "{}: {text}", path.display());
                    named.insert(text);
                }
            }
        }
        if named.is_empty() {
            continue;
        }
        found += 1;
        assert_eq!(named, all, "{}", path.display());
        // The same names head the ledgers of its outcome tables.
        let plain = unescape(&html);
        for name in &all {
            let ledger = format!("<h4 class=\"ledger-panel-title\">{name}, ");
            assert!(
                !html.contains("class=\"outcome\"") || plain.contains(&ledger),
                "{}: no ledger of {name}",
                path.display()
            );
        }
    }
    assert!(
        found >= pages,
        "{found} {game} pages name the readings in a table"
    );
}
