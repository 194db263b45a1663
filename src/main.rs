//! The `mournival` command line: a thin layer over the library.

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use mournival::diagnostic::{self, Diagnostic, Location};
use mournival::game::Scenario;
use mournival::project::{Page, load_pages, load_variants, read_page};
use mournival::report::{self, CheckRun, explain, matrix};
use mournival::schema::{Schema, Which};
use mournival::simulate;
use mournival::site::{BuildError, BuildOptions};
use mournival::sources::{self, Library};
use mournival::variant::{Override, Readings};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Lays several readings of the rules of Gleek, Put and their relatives side by side.
#[derive(Parser)]
#[command(name = "mournival", version, about)]
struct Cli {
    /// The project folder (holding content/, variants/ and templates/).
    #[arg(long, global = true, default_value = ".")]
    root: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Checks every expectation in the pages against the engine (exit 0 all match, 1 a mismatch,
    /// 2 invalid input).
    Check {
        /// A page or folder of pages (default: the project's content/).
        path: Option<PathBuf>,
        /// Tries a reading of your own: sets a rule point for every variant (point=choice).
        #[arg(long = "set", value_name = "POINT=CHOICE")]
        set: Vec<Override>,
        /// The output: `human` (the terminal), `json` (one document), `github` (workflow
        /// commands that annotate the lines) or `junit` (XML for CI reports).
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// The folder where you keep the texts `sources/sources.yaml` lists with `bundled:
        /// false` (default: `texts:` in mournival.yaml): their quotations are verified too.
        #[arg(long, value_name = "DIR")]
        texts: Option<PathBuf>,
        /// Exit 1 when a quotation is not verified (its text is not at hand).
        #[arg(long)]
        strict: bool,
    },
    /// Prints a scenario's ledger under a reading, or two readings side by side.
    Explain {
        /// A page or scenario file, optionally with `#id` to pick one of its scenarios.
        target: String,
        /// The reading to explain (default: every variant, one after another).
        #[arg(long)]
        variant: Option<String>,
        /// Two readings side by side, with the rule points that account for the difference.
        #[arg(long, num_args = 2, value_names = ["A", "B"])]
        diff: Option<Vec<String>>,
        /// Sets a rule point for every variant (point=choice).
        #[arg(long = "set", value_name = "POINT=CHOICE")]
        set: Vec<Override>,
    },
    /// Builds the reference site: every scenario under every reading, side by side.
    Build {
        /// The content folder (default: the project's content/).
        path: Option<PathBuf>,
        /// Where to write the site (default: the project's site/).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Exit non-zero when an expectation in the pages does not match the engine or a
        /// quotation is wrong (`check --strict` also fails on a quotation not verified).
        #[arg(long)]
        strict: bool,
        /// The folder where you keep the texts `sources/sources.yaml` lists with `bundled:
        /// false` (default: `texts:` in mournival.yaml).
        #[arg(long, value_name = "DIR")]
        texts: Option<PathBuf>,
        /// Build into a folder mournival did not make (or through a symbolic link to one),
        /// keeping every file it holds; never the project's own folders or the home folder.
        #[arg(long)]
        force: bool,
        /// The site's public address, for the sitemap and the 404 page (https://example.org/gleek/).
        #[arg(long, default_value = "")]
        base_url: String,
        /// Sets a rule point for every variant (point=choice).
        #[arg(long = "set", value_name = "POINT=CHOICE")]
        set: Vec<Override>,
        /// Build the whole site, neither reading nor writing .mournival-cache/ (by default a
        /// build keeps there what it read, rendered and wrote, and the next one redoes only
        /// what changed).
        #[arg(long)]
        no_cache: bool,
    },
    /// Builds the site, serves it on 127.0.0.1, and rebuilds and reloads the page on every save.
    Serve {
        /// The content folder (default: the project's content/).
        path: Option<PathBuf>,
        /// The port to listen on (0 picks a free one).
        #[arg(long, default_value_t = 1111)]
        port: u16,
        /// Where to write the site (default: the project's site/).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Build into a folder mournival did not make (or through a symbolic link to one),
        /// keeping every file it holds; never the project's own folders or the home folder.
        #[arg(long)]
        force: bool,
        /// Sets a rule point for every variant (point=choice).
        #[arg(long = "set", value_name = "POINT=CHOICE")]
        set: Vec<Override>,
    },
    /// Plays many random deals under every reading and reports what the readings change: pairs
    /// of readings, each rule point switched alone, the value of each seat, the stock, where the
    /// money goes, card events beside their exact chances, and the deals a reading cannot play.
    /// The same seed gives the same report on any number of threads (within a version).
    Simulate {
        /// The game (`gleek`, `put`, `glic`).
        #[arg(long, default_value = "gleek")]
        game: String,
        /// How many deals.
        #[arg(long, default_value_t = 10_000)]
        deals: u64,
        /// The seed of the deals.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The readings to compare, by id (default: every variant of the game).
        #[arg(long, value_delimiter = ',', value_name = "A,B,...")]
        variants: Vec<String>,
        /// How the players fill every step: `simple` (the default) or `judging` (see the site's
        /// page "What the readings change").
        #[arg(long)]
        policy: Option<String>,
        /// How many of the deals (the first ones) are also played with each rule point switched
        /// alone (default: every deal).
        #[arg(long)]
        switch_deals: Option<u64>,
        /// The players at the table, where the game allows a choice (Glic: 3 to 6, usually 4).
        #[arg(long)]
        players: Option<usize>,
        /// Deals in an evening: the pot is carried from deal to deal, and each evening starts
        /// with an empty table.
        #[arg(long, default_value_t = simulate::EVENING)]
        evening: u64,
        /// The report as JSON, on standard output.
        #[arg(long)]
        json: bool,
        /// Sets a rule point for every variant (point=choice).
        #[arg(long = "set", value_name = "POINT=CHOICE")]
        set: Vec<Override>,
    },
    /// Prints a fresh random deal as a scenario block, ready to paste into a page (no `expect:`).
    Deal {
        /// The game (`gleek`, `put`, `glic`).
        #[arg(long, default_value = "gleek")]
        game: String,
        /// The players at the table, where the game allows a choice (Glic: 3 to 6).
        #[arg(long)]
        players: Option<usize>,
        /// The seed: the same seed prints the same deal (the first deal of `simulate --seed S`).
        /// Without it, a seed from the clock, printed with the deal.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Lists the variants and the matrix of rule points by variant with evidence levels.
    Variants {
        /// Sets a rule point for every variant (point=choice).
        #[arg(long = "set", value_name = "POINT=CHOICE")]
        set: Vec<Override>,
    },
    /// Writes JSON Schemas for scenario and variant files, for editors (draft 2020-12).
    Schema {
        /// Only this kind of schema (of one game with --game: printed to stdout, or written into
        /// --out).
        which: Option<SchemaKind>,
        /// Only this game's schemas (`gleek`, `put`...; default: every game's).
        #[arg(long)]
        game: Option<String>,
        /// The folder to write `<game>.scenario.schema.json` and `<game>.variant.schema.json`
        /// into (default: the project's schemas/); a file there is replaced only if this command
        /// wrote it.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// The schemas `mournival schema` writes.
#[derive(Clone, Copy, clap::ValueEnum)]
enum SchemaKind {
    Scenario,
    Variant,
}

/// The output formats of `check`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
    Github,
    Junit,
}

impl Format {
    /// The machine-readable rendering; `None` for `human`, which prints as it goes.
    fn render(self, run: &CheckRun) -> Option<String> {
        match self {
            Format::Human => None,
            Format::Json => Some(report::json::render(run)),
            Format::Github => Some(report::github::render(run)),
            Format::Junit => Some(report::junit::render(run)),
        }
    }
}

#[cfg(feature = "serve")]
mod serve;

/// Invalid input: printed, then exit code 2.
struct Invalid(Vec<Diagnostic>);

/// Prints located errors, the first hundred in full, and what was not done because of them.
fn print_invalid(errors: &[Diagnostic], not_done: &str) {
    eprint!(
        "{}",
        diagnostic::render_limited(errors, "error", diagnostic::PER_RUN)
    );
    eprintln!("{} error(s); {not_done}", diagnostic::total(errors));
}

fn variants(root: &Path, set: &[Override]) -> Result<Readings, Invalid> {
    let mut v = load_variants(root).map_err(Invalid)?;
    v.apply(set).map_err(|m| {
        Invalid(vec![Diagnostic::new(
            Location::file_start(Path::new("--set"), ""),
            m,
        )])
    })?;
    Ok(v)
}

/// mimalloc: the build allocates many small strings on every thread, where glibc's allocator
/// spent a sixth of the bundled build's instructions (measured in the README's Speed section).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let not_done = match cli.command {
        Command::Build { .. } | Command::Serve { .. } => "nothing was written",
        Command::Check { .. } => "nothing was checked",
        Command::Schema { .. } => "nothing was written",
        Command::Explain { .. } | Command::Variants { .. } => "nothing was evaluated",
        Command::Simulate { .. } => "nothing was simulated",
        Command::Deal { .. } => "nothing was dealt",
    };
    let result = match cli.command {
        Command::Check {
            path,
            set,
            format,
            texts,
            strict,
        } => check(&cli.root, path, &set, format, texts.as_deref(), strict),
        Command::Schema { which, game, out } => Ok(schema_cmd(&cli.root, which, game, out)),
        Command::Explain {
            target,
            variant,
            diff,
            set,
        } => explain_cmd(&cli.root, &target, variant, diff, &set),
        Command::Build {
            path,
            out,
            strict,
            force,
            base_url,
            set,
            texts,
            no_cache,
        } => build(
            BuildOptions {
                content: path.unwrap_or_else(|| cli.root.join("content")),
                out: out.unwrap_or_else(|| cli.root.join("site")),
                root: cli.root.clone(),
                overrides: set,
                base_url,
                force,
                texts,
            },
            strict,
            !no_cache,
        ),
        Command::Serve {
            path,
            port,
            out,
            force,
            set,
        } => Ok(serve_cmd(&cli.root, path, port, out, force, set)),
        Command::Simulate {
            game,
            deals,
            seed,
            variants: ids,
            policy,
            switch_deals,
            players,
            evening,
            json,
            set,
        } => {
            let opts = simulate::Options {
                policy: policy.unwrap_or_default(),
                switch_deals,
                players,
                evening,
                ..simulate::Options::new(deals, seed)
            };
            simulate_cmd(&cli.root, &game, &ids, &opts, json, &set)
        }
        Command::Deal {
            game,
            players,
            seed,
        } => deal_cmd(&cli.root, &game, players, seed),
        Command::Variants { set } => variants(&cli.root, &set).map(|readings| {
            let texts: Vec<String> = readings
                .sets
                .iter()
                .filter(|(_, set)| !set.variants.is_empty())
                .map(|(game, set)| matrix::render(*game, set))
                .collect();
            print!("{}", texts.join("\n"));
            ExitCode::SUCCESS
        }),
    };
    match result {
        Ok(code) => code,
        Err(Invalid(errors)) => {
            print_invalid(&errors, not_done);
            ExitCode::from(2)
        }
    }
}

fn check(
    root: &Path,
    path: Option<PathBuf>,
    set: &[Override],
    format: Format,
    texts: Option<&Path>,
    strict: bool,
) -> Result<ExitCode, Invalid> {
    let (variants, pages, library) = match load_checked(root, path, set, texts) {
        Ok(loaded) => loaded,
        Err(errors) => {
            // Machine formats report invalid input in their own form too; stderr has it all.
            if let Some(out) = format.render(&CheckRun::invalid(&errors)) {
                emit(&out);
            }
            return Err(Invalid(errors));
        }
    };
    let scenarios = || pages.iter().flat_map(|p| &p.scenarios);
    let report = mournival::check::check(scenarios(), &variants);
    let (quotes, quotations) = check_quotes(&library, &variants, &pages)?;
    // Misquotes and unsupported claims fail; under --strict a quotation not verified does too.
    let unverified = if strict {
        quotes.unverified_diagnostics(&library, &quotations)
    } else {
        Vec::new()
    };
    let misquotes: Vec<Diagnostic> = quotes
        .errors
        .iter()
        .chain(&quotes.claims)
        .chain(&unverified)
        .cloned()
        .collect();
    let run = CheckRun::checked(&report, scenarios(), &variants).with_misquotes(&misquotes);
    match format.render(&run) {
        Some(out) => emit(&out),
        None => {
            for note in &report.notes {
                eprint!("{}", note.render("note"));
                eprintln!();
            }
            for v in report.failures() {
                if let Some(d) = run.diagnostic(v) {
                    eprint!("{}", d.render("mismatch"));
                    eprintln!();
                }
            }
            print_quotes(&library, &quotes, &unverified);
            emit(&format!("{}\n", run.summary()));
        }
    }
    Ok(if report.failed() == 0 && misquotes.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Writes to stdout; a reader that stops early (`| head`) is no error.
fn emit(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// The readings, pages and source texts `check` needs, or every error that stops it. All are
/// read before any error is shown: one run reports every error.
fn load_checked(
    root: &Path,
    path: Option<PathBuf>,
    set: &[Override],
    texts: Option<&Path>,
) -> Result<(Readings, Vec<Page>, Library), Vec<Diagnostic>> {
    let path = path.unwrap_or_else(|| root.join("content"));
    let library = mournival::project::load_config(root)
        .map_err(|d| vec![d])
        .and_then(|config| Library::load(root, config.texts_folder(root, texts).as_ref()));
    let (variants, pages, library) = match (variants(root, set), load_pages(root, &path), library) {
        (Ok(variants), Ok(pages), Ok(library)) => (variants, pages, library),
        (variants, pages, library) => {
            let mut errors = variants.err().map(|Invalid(e)| e).unwrap_or_default();
            errors.extend(pages.err().unwrap_or_default());
            errors.extend(library.err().unwrap_or_default());
            return Err(errors);
        }
    };
    let scenarios = || pages.iter().flat_map(|p| &p.scenarios);
    if scenarios().next().is_none() {
        let fences: Vec<String> = mournival::games::GAMES
            .iter()
            .map(|g| format!("```{}", g.id()))
            .collect();
        return Err(vec![Diagnostic::new(
            Location::file_start(&path, ""),
            format!(
                "no scenarios found under {}: write a {} block in a page",
                path.display(),
                fences.join(" or ")
            ),
        )]);
    }
    let unknown = mournival::check::unknown_variants(scenarios(), &variants);
    if !unknown.is_empty() {
        return Err(unknown);
    }
    Ok((variants, pages, library))
}

/// Every quotation of a text at hand, looked for where its citation says, and every claim the
/// project makes of its sources (evidence levels, credits, odds); and the quotations.
fn check_quotes(
    library: &Library,
    readings: &Readings,
    pages: &[Page],
) -> Result<(sources::check::Report, Vec<sources::quotations::Quotation>), Invalid> {
    let pages: Vec<_> = pages.iter().map(|p| (p.path.as_path(), &p.text)).collect();
    let (quotations, report) = sources::audit(library, readings, &pages).map_err(Invalid)?;
    Ok((report, quotations))
}

/// The misquotes (and under --strict the quotations not verified), the quotations' summary
/// line, and the texts whose quotations were not verified, with why; machine formats carry the
/// misquotes in their document.
fn print_quotes(library: &Library, report: &sources::check::Report, unverified: &[Diagnostic]) {
    for d in &report.errors {
        eprint!("{}", d.render("misquote"));
        eprintln!();
    }
    for d in &report.claims {
        eprint!("{}", d.render("unsupported"));
        eprintln!();
    }
    eprint!(
        "{}",
        diagnostic::render_limited(unverified, "unverified", diagnostic::PER_RUN)
    );
    let at_hand: Vec<&str> = library.at_hand().map(|(_, s, _)| s.id.as_str()).collect();
    if at_hand.is_empty() && report.unverified.is_empty() {
        return;
    }
    println!(
        "checked {} quotation(s) against {}: {} found, {} wrong; {} marked translation(s) of a text not in English; {} not verified",
        report.compared,
        if at_hand.is_empty() {
            "no text".to_string()
        } else {
            at_hand.join(", ")
        },
        report.found.len(),
        diagnostic::total(&report.errors),
        report.translations.len(),
        report.unverified.len()
    );
    for line in report.unverified_by_text(library) {
        println!("  {line}");
    }
    if library
        .texts
        .iter()
        .any(|t| t.absent == Some(sources::Absent::NoFolder))
    {
        println!(
            "  (to verify the texts not bundled, give the folder that holds them: --texts DIR, or `texts:` in mournival.yaml)"
        );
    }
}

fn build(opts: BuildOptions, strict: bool, cached: bool) -> Result<ExitCode, Invalid> {
    let started = Instant::now();
    let built = match cached {
        true => mournival::site::build_cached(&opts),
        false => mournival::site::build(&opts),
    };
    match built {
        Ok(report) => {
            for d in &report.failing {
                eprint!("{}", d.render(if strict { "mismatch" } else { "warning" }));
                eprintln!();
            }
            for d in &report.misquoted {
                eprint!("{}", d.render(if strict { "misquote" } else { "warning" }));
                eprintln!();
            }
            println!(
                "built {} page(s) into {} in {} ms: {} scenario(s), each under every reading of its game ({} evaluations), {} expectation(s) failing, {} quotation(s) wrong, {} not verified",
                report.pages,
                opts.out.display(),
                started.elapsed().as_millis(),
                report.scenarios,
                report.evaluations,
                report.failing.len(),
                diagnostic::total(&report.misquoted),
                report.unverified
            );
            for note in report.notes.iter().chain(&report.unverified_by_text) {
                eprintln!("note: {note}");
            }
            let clean = report.failing.is_empty() && report.misquoted.is_empty();
            Ok(if strict && !clean {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Err(BuildError::Invalid(errors)) => Err(Invalid(errors)),
        Err(err) => {
            eprintln!("error: {err}");
            eprintln!("nothing was written to {}", opts.out.display());
            Ok(ExitCode::from(2))
        }
    }
}

/// `serve`: errors in the content are shown in the browser; only a server that cannot start
/// (a taken port, a folder that cannot be watched) ends it, with exit code 2.
#[cfg(feature = "serve")]
fn serve_cmd(
    root: &Path,
    path: Option<PathBuf>,
    port: u16,
    out: Option<PathBuf>,
    force: bool,
    overrides: Vec<Override>,
) -> ExitCode {
    let opts = BuildOptions {
        content: path.unwrap_or_else(|| root.join("content")),
        out: out.unwrap_or_else(|| root.join("site")),
        root: root.to_path_buf(),
        overrides,
        base_url: String::new(),
        force,
        texts: None,
    };
    match serve::serve(opts, port) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Without the `serve` feature the command exists, so that it can say how to get it.
#[cfg(not(feature = "serve"))]
fn serve_cmd(
    _: &Path,
    _: Option<PathBuf>,
    _: u16,
    _: Option<PathBuf>,
    _: bool,
    _: Vec<Override>,
) -> ExitCode {
    eprintln!(
        "error: this mournival was built without the `serve` feature; rebuild it with `cargo build --release --features serve`"
    );
    ExitCode::from(2)
}

/// `schema`: one schema to stdout, or the files into a folder.
fn schema_cmd(
    root: &Path,
    which: Option<SchemaKind>,
    game: Option<String>,
    out: Option<PathBuf>,
) -> ExitCode {
    let games: Vec<&'static dyn mournival::game::Game> = match &game {
        Some(id) => match mournival::games::by_id(id) {
            Some(g) => vec![g],
            None => {
                let ids: Vec<&str> = mournival::games::GAMES.iter().map(|g| g.id()).collect();
                eprintln!(
                    "error: `{id}` is not a game; {}the games are {}",
                    mournival::suggest::clause(id, ids.iter().copied()),
                    ids.join(", ")
                );
                return ExitCode::from(2);
            }
        },
        None => mournival::games::GAMES.to_vec(),
    };
    let kinds: Vec<Which> = match which {
        Some(SchemaKind::Scenario) => vec![Which::Scenario],
        Some(SchemaKind::Variant) => vec![Which::Variant],
        None => Which::ALL.to_vec(),
    };
    // `expect:` may name only the project's readings; a project without any allows every id.
    let readings = mournival::project::load_variants(root).ok();
    let schemas: Vec<Schema> = games
        .iter()
        .flat_map(|&game| {
            let variants: Vec<String> = readings
                .as_ref()
                .map(|r| r.of(game).ids().iter().map(|s| s.to_string()).collect())
                .unwrap_or_default();
            kinds.iter().map(move |&which| Schema {
                game,
                which,
                variants: variants.clone(),
            })
        })
        .collect();
    if let ([one], None) = (schemas.as_slice(), &out) {
        emit(&one.text());
        return ExitCode::SUCCESS;
    }
    let dir = out.unwrap_or_else(|| root.join("schemas"));
    if let Some(why) = mournival::site::output::input_folder(root, &root.join("content"), &dir) {
        eprintln!(
            "error: refusing to write the schemas into {}: {why}; give --out a folder of their own, such as schemas/",
            dir.display()
        );
        return ExitCode::from(2);
    }
    match mournival::schema::write(&dir, &schemas) {
        Ok(paths) => {
            for p in paths {
                println!("wrote {}", p.display());
            }
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("error: {err}");
            eprintln!("nothing was written");
            ExitCode::from(2)
        }
    }
}

/// Loads the scenarios a target names: `page.md` or `page.md#id`.
fn scenarios_of(target: &str) -> Result<Vec<std::sync::Arc<dyn Scenario>>> {
    let (file, id) = match target.split_once('#') {
        Some((f, i)) => (f, Some(i)),
        None => (target, None),
    };
    let page: Page = read_page(Path::new(file)).map_err(|errs| {
        print_invalid(&errs, "nothing was evaluated");
        anyhow::anyhow!("{file} has errors")
    })?;
    let found: Vec<_> = page
        .scenarios
        .into_iter()
        .filter(|s| id.is_none_or(|i| s.head().id == i))
        .collect();
    if found.is_empty() {
        match id {
            Some(i) => bail!("{file} has no scenario `{i}`"),
            None => bail!("{file} has no scenario"),
        }
    }
    Ok(found)
}

fn explain_cmd(
    root: &Path,
    target: &str,
    variant: Option<String>,
    diff: Option<Vec<String>>,
    set: &[Override],
) -> Result<ExitCode, Invalid> {
    let readings = variants(root, set)?;
    let run = || -> Result<()> {
        for s in scenarios_of(target)? {
            let variants = readings.of(s.game());
            let pick = |id: &str| {
                variants.get(id).with_context(|| {
                    format!(
                        "`{id}` is not a {} variant; {}the variants are {}",
                        s.game().name(),
                        mournival::suggest::clause(id, variants.ids()),
                        variants.ids().join(", ")
                    )
                })
            };
            let s = s.as_ref();
            if let Some(pair) = &diff {
                print!("{}", explain::diff(s, pick(&pair[0])?, pick(&pair[1])?));
            } else if let Some(id) = &variant {
                print!("{}", explain::explain(s, pick(id)?));
            } else {
                for v in &variants.variants {
                    print!("{}", explain::explain(s, v));
                    println!();
                }
            }
        }
        Ok(())
    };
    match run() {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(err) => {
            eprintln!("error: {err:#}");
            Ok(ExitCode::from(2))
        }
    }
}

/// The game named by `--game`, or an error listing the games.
fn game_named(id: &str) -> Result<&'static dyn mournival::game::Game, Invalid> {
    mournival::games::by_id(id).ok_or_else(|| {
        let ids: Vec<String> = mournival::games::GAMES
            .iter()
            .map(|g| format!("`{}`", g.id()))
            .collect();
        cli_error(format!(
            "unknown game `{id}`; the games are {}",
            ids.join(", ")
        ))
    })
}

/// An error in the command line itself.
fn cli_error(message: impl Into<String>) -> Invalid {
    Invalid(vec![Diagnostic::new(
        Location::file_start(Path::new("command line"), ""),
        message.into(),
    )])
}

/// The readings a run compares: those named, in the order named, or all of the game's.
fn chosen<'a>(
    set: &'a mournival::variant::VariantSet,
    game: &dyn mournival::game::Game,
    ids: &[String],
) -> Result<Vec<&'a mournival::variant::Variant>, Invalid> {
    if ids.is_empty() {
        return Ok(set.variants.iter().collect());
    }
    ids.iter()
        .map(|id| {
            set.get(id).ok_or_else(|| {
                cli_error(format!(
                    "`{id}` is not a {} variant; the variants are {}",
                    game.name(),
                    set.ids().join(", ")
                ))
            })
        })
        .collect()
}

/// Deals from which a run shows a progress bar (on a terminal only).
const PROGRESS_FROM: u64 = 20_000;

fn simulate_cmd(
    root: &Path,
    game: &str,
    ids: &[String],
    opts: &simulate::Options,
    json: bool,
    set: &[Override],
) -> Result<ExitCode, Invalid> {
    use std::io::IsTerminal;
    let game = game_named(game)?;
    let readings = variants(root, set)?;
    let chosen = chosen(readings.of(game), game, ids)?;
    let bar = if std::io::stderr().is_terminal() && opts.deals >= PROGRESS_FROM {
        indicatif::ProgressBar::new(opts.deals)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {eta} left")
            .expect("a valid template"),
    );
    let report = simulate::run(game, &chosen, opts, &|n| bar.inc(n))
        .map_err(|e| cli_error(e.to_string()))?;
    bar.finish_and_clear();
    let text = if json {
        serde_json::to_string_pretty(&report).expect("a report serialises") + "\n"
    } else {
        simulate::text::render(&report)
    };
    print_out(&text)
}

/// Prints a command's output; a reader that stops reading (`| head`) ends it quietly.
fn print_out(text: &str) -> Result<ExitCode, Invalid> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(cli_error(format!("cannot write the output: {e}"))),
    }
}

fn deal_cmd(
    root: &Path,
    game: &str,
    players: Option<usize>,
    seed: Option<u64>,
) -> Result<ExitCode, Invalid> {
    let game = game_named(game)?;
    let readings = variants(root, &[])?;
    let chosen: Vec<_> = readings.of(game).variants.iter().collect();
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let yaml = simulate::deal_yaml(game, &chosen, players, seed, 0)
        .map_err(|e| cli_error(e.to_string()))?;
    print_out(&format!("```{}\n{yaml}```\n", game.id()))
}
