// Same answers everywhere (issue 22): the engine in the reader's browser against the command line.
//
// Usage: SITE_URL=URL node engine.mjs     (run.sh serves the project and sets SITE_URL)
//   SITE_URL      the site root served by `mournival serve`, e.g. http://127.0.0.1:1111/
//   MOURNIVAL     the binary (default: target/release/mournival of this checkout)
//   CHROMIUM      the browser (default: /usr/bin/chromium)
//   ENGINE_FUZZ   random deals per game (default 25; 0 skips the fuzzing)
//   ENGINE_SEED   the first seed of the random deals (default: a fresh one, printed)
//
// 1. Bundled scenarios: every scenario block the site shows (each scenario page's "Edit this deal"
//    text, found from the site's index of scenarios), played in Chromium by the WebAssembly engine
//    (`static/engine.js`, as the pages load it) under every reading of its game, against
//    `mournival check --format json` on the same project: every cell of the outcome table (figure,
//    text, detail), every verdict on an expectation, every ledger line (phase, payer, payee,
//    amount, reason, rule point, choice, evidence, quote, cite) and every net.
// 2. Random deals: ENGINE_FUZZ deals per game from `mournival deal --game G --seed K` (Glic at 3
//    to 6 players), written as one scratch page, checked by the CLI and played by the engine; the
//    engine's own `deal(K)` must print the same block where the players are the game's default.
//
// Any difference prints the scenario, the reading, the field and both values, and exits 1.

import { chromium } from "playwright-core";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const siteUrl = process.argv[2] || process.env.SITE_URL;
const mournival = process.env.MOURNIVAL || path.join(repo, "target/release/mournival");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const FUZZ = Number(process.env.ENGINE_FUZZ ?? 25);
const SEED = process.env.ENGINE_SEED ? Number(process.env.ENGINE_SEED) : Math.floor(Math.random() * 2 ** 40);
const GAMES = ["gleek", "put", "glic"];
// Glic's table: 3 to 6 players (`deal --players`); the engine's `deal(seed)` deals the default.
const GLIC_PLAYERS = [3, 4, 5, 6];
const STEP_MS = 120_000;

function log(message) {
  console.log(`engine: ${message}`);
}

function fail(message) {
  console.error(`engine: FAIL ${message}`);
  process.exit(1);
}

// Runs the CLI; exit 0 or, for `check`, 1 (a mismatch the pages must show anyway) is an answer.
function cli(args, { allow = [0] } = {}) {
  const r = spawnSync(mournival, ["--root", repo, ...args], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.error) fail(`${mournival} ${args.join(" ")}: ${r.error.message}`);
  if (!allow.includes(r.status)) fail(`${mournival} ${args.join(" ")} exited ${r.status}:\n${r.stderr}`);
  return r.stdout;
}

// `check --format json` on a path: the outcomes by scenario id, and the verdicts by scenario id.
function checkJson(args) {
  const doc = JSON.parse(cli(["check", "--format", "json", ...args], { allow: [0, 1] }));
  if (doc.status === "invalid") fail(`check says the input is invalid: ${JSON.stringify(doc.errors)}`);
  const outcomes = new Map(doc.outcomes.map((o) => [o.scenario, o]));
  const verdicts = new Map();
  for (const v of doc.verdicts) {
    if (!verdicts.has(v.scenario)) verdicts.set(v.scenario, []);
    verdicts.get(v.scenario).push(v);
  }
  return { outcomes, verdicts };
}

// JSON with every object's keys in order: the same value whatever order its fields were written in.
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "undefined";
}

function show(v) {
  if (v === undefined) return "(absent)";
  const text = canonical(v);
  return text.length > 400 ? text.slice(0, 400) + "…" : text;
}

// Compares what the CLI and the browser say of one scenario; counts what it compared.
class Comparison {
  constructor() {
    this.scenarios = 0;
    this.readings = 0;
    this.figures = 0;
    this.lines = 0;
    this.differences = [];
  }

  differ(scenario, reading, field, cli, browser) {
    this.differences.push(`scenario ${scenario}, reading ${reading}, ${field}: check ${show(cli)}, browser ${show(browser)}`);
  }

  // Every field of two objects, by the union of their keys.
  fields(scenario, reading, where, a, b) {
    const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
    for (const k of keys) {
      const [x, y] = [a?.[k], b?.[k]];
      if (canonical(x) !== canonical(y)) this.differ(scenario, reading, `${where}.${k}`, x, y);
    }
  }

  scenario(id, outcome, verdicts, answer) {
    this.scenarios++;
    const s = answer.scenarios[0];
    const readings = s.columns.map((c) => c.id);
    if (canonical(readings) !== canonical(outcome.readings)) {
      this.differ(id, "-", "readings", outcome.readings, readings);
      return;
    }
    this.readings += readings.length;
    if (outcome.rows.length !== s.rows.length) {
      this.differ(id, "-", "rows", outcome.rows.map((r) => r.label), s.rows.map((r) => r.label));
    }
    outcome.rows.forEach((row, k) => {
      const mine = s.rows[k];
      if (!mine) return;
      for (const f of ["label", "kind", "player"]) {
        if (row[f] !== mine[f]) this.differ(id, "-", `rows[${k}].${f}`, row[f], mine[f]);
      }
      readings.forEach((reading, i) => {
        this.figures++;
        this.fields(id, reading, `row "${row.label}"`, row.cells[i], mine.cells[i]);
      });
    });
    readings.forEach((reading, i) => this.ledger(id, reading, outcome.ledgers[i], s.ledgers[i]));
    this.verdicts(id, verdicts, s.expectations);
  }

  ledger(id, reading, cli, mine) {
    const { payments: a = [], ...head } = cli ?? {};
    const { payments: b = [], ...mineHead } = mine ?? {};
    this.fields(id, reading, "ledger", head, mineHead);
    if (a.length !== b.length) this.differ(id, reading, "ledger: payments", a.length, b.length);
    a.forEach((p, j) => {
      this.lines++;
      this.fields(id, reading, `ledger line ${j + 1}`, p, b[j]);
    });
  }

  // The verdicts on the block's `expect:`: the same in every field; the browser locates them in the
  // block (file `scenario`), the CLI in the page, so the lines differ by one offset per block.
  verdicts(id, cli, mine) {
    if (cli.length !== mine.length) this.differ(id, "-", "expectations", cli.length, mine.length);
    const offsets = new Set();
    cli.forEach((v, j) => {
      const w = mine[j];
      if (!w) return;
      this.figures++;
      const { file, line, column, ...rest } = v;
      const { file: f2, line: l2, column: c2, ...rest2 } = w;
      this.fields(id, v.variant, `verdict ${j + 1} (${v.figure}${v.player ? " " + v.player : ""})`, rest, rest2);
      if (f2 !== "scenario") this.differ(id, v.variant, `verdict ${j + 1}.file`, "scenario", f2);
      if (column !== c2) this.differ(id, v.variant, `verdict ${j + 1}.column`, column, c2);
      offsets.add(line - l2);
    });
    if (offsets.size > 1) this.differ(id, "-", "verdicts' lines (page − block)", [...offsets][0], [...offsets].slice(1));
  }

  report(what) {
    log(`${what}: ${this.scenarios} scenarios, ${this.readings} readings played, ${this.figures} figures ` +
      `and ${this.lines} ledger lines compared: ${this.differences.length} differences`);
    if (this.differences.length) {
      for (const d of this.differences.slice(0, 40)) console.error(`  ${d}`);
      if (this.differences.length > 40) console.error(`  ... and ${this.differences.length - 40} more`);
      fail(`${what}: the browser's engine and \`mournival check\` differ`);
    }
  }
}

// In the page: every scenario block the site shows, as "Edit this deal" carries it.
async function siteBlocks(page) {
  return page.evaluate(async (root) => {
    const html = async (url) => {
      const r = await fetch(url);
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return new DOMParser().parseFromString(await r.text(), "text/html");
    };
    const indexUrl = new URL("scenarios/", root).href;
    const index = await html(indexUrl);
    const links = [...index.querySelectorAll(".index-table tbody th a")].map((a) => new URL(a.getAttribute("href"), indexUrl));
    const pages = [...new Set(links.map((u) => u.origin + u.pathname))];
    const blocks = [];
    for (const url of pages) {
      const doc = await html(url);
      for (const el of doc.querySelectorAll(".edit-deal[data-yaml]")) {
        blocks.push({ page: url, game: el.dataset.game, yaml: el.dataset.yaml });
      }
    }
    return { listed: links.length, blocks };
  }, siteUrl);
}

// In the page: each block played by its game's engine, under every reading.
async function evaluate(page, blocks) {
  return page.evaluate(async ({ root, blocks }) => {
    const { load } = await import(new URL("static/engine.js", root).href);
    const answers = [];
    for (const b of blocks) {
      const engine = await load(b.game);
      answers.push(engine.evaluate(b.yaml));
    }
    return answers;
  }, { root: siteUrl, blocks });
}

async function bundled(page) {
  const { listed, blocks } = await siteBlocks(page);
  const { outcomes, verdicts } = checkJson([]);
  if (blocks.length !== listed) fail(`the index of scenarios lists ${listed}, the pages carry ${blocks.length} blocks to edit`);
  const answers = await evaluate(page, blocks);
  const cmp = new Comparison();
  const seen = new Set();
  answers.forEach((answer, k) => {
    const where = `${blocks[k].page} (${blocks[k].game})`;
    if (!answer.ok) {
      cmp.differences.push(`${where}: the browser cannot read the block: ${JSON.stringify(answer.errors)}`);
      return;
    }
    const id = answer.scenarios[0].id;
    seen.add(id);
    const outcome = outcomes.get(id);
    if (!outcome) {
      cmp.differences.push(`scenario ${id} (${where}): not in check's outcomes`);
      return;
    }
    cmp.scenario(id, outcome, verdicts.get(id) ?? [], answer);
  });
  for (const id of outcomes.keys()) {
    if (!seen.has(id)) cmp.differences.push(`scenario ${id}: checked by the CLI, not shown by the site`);
  }
  cmp.report("bundled scenarios");
}

// The deals: `deal --game G --seed K` for each game, Glic at 3 to 6 players in turn.
function deals() {
  const out = [];
  GAMES.forEach((game, g) => {
    for (let k = 0; k < FUZZ; k++) {
      // A seed per deal across the games: the scenario's id (`dealt-<seed>-0`) is the seed's.
      const seed = SEED + g * FUZZ + k;
      const players = game === "glic" ? GLIC_PLAYERS[k % GLIC_PLAYERS.length] : null;
      const args = ["deal", "--game", game, "--seed", String(seed), ...(players ? ["--players", String(players)] : [])];
      const block = cli(args);
      const yaml = block.replace(/^```[a-z]+\n/, "").replace(/```\n$/, "");
      out.push({ game, seed, players, block, yaml });
    }
  });
  return out;
}

async function fuzz(page) {
  if (FUZZ <= 0) return;
  log(`random deals: ${FUZZ} per game from seed ${SEED} (ENGINE_SEED=${SEED} replays them)`);
  const dealt = deals();
  const scratch = mkdtempSync(path.join(tmpdir(), "mournival-engine-"));
  try {
    const pagePath = path.join(scratch, "deals.md");
    writeFileSync(pagePath, "# Random deals\n\n" + dealt.map((d) => d.block).join("\n"));
    const { outcomes, verdicts } = checkJson([pagePath]);
    const answers = await page.evaluate(async ({ root, dealt }) => {
      const { load } = await import(new URL("static/engine.js", root).href);
      const out = [];
      for (const d of dealt) {
        const engine = await load(d.game);
        out.push({ dealt: d.players ? null : engine.deal(d.seed).yaml, answer: engine.evaluate(d.yaml) });
      }
      return out;
    }, { root: siteUrl, dealt });
    const cmp = new Comparison();
    answers.forEach(({ dealt: mine, answer }, k) => {
      const d = dealt[k];
      const what = `${d.game} seed ${d.seed}${d.players ? ` at ${d.players} players` : ""}`;
      if (mine !== null && mine !== d.yaml) cmp.differences.push(`${what}: the engine's deal(${d.seed}) is not \`mournival deal\`'s:\n${mine}\n---\n${d.yaml}`);
      if (!answer.ok) {
        cmp.differences.push(`${what}: the browser cannot read the deal: ${JSON.stringify(answer.errors)}`);
        return;
      }
      const id = answer.scenarios[0].id;
      const outcome = outcomes.get(id);
      if (!outcome) {
        cmp.differences.push(`${what}: scenario ${id} is not in check's outcomes`);
        return;
      }
      cmp.scenario(`${id} (${what})`, outcome, verdicts.get(id) ?? [], answer);
    });
    if (outcomes.size !== dealt.length) cmp.differences.push(`check played ${outcomes.size} deals of ${dealt.length}`);
    cmp.report("random deals");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (!siteUrl) fail("give the site's URL (SITE_URL=http://127.0.0.1:PORT/)");
const browser = await chromium.launch({ executablePath });
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(STEP_MS);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(new URL("scenarios/", siteUrl).href);
  await bundled(page);
  await fuzz(page);
  if (errors.length) fail(`script errors in the page: ${errors.join("; ")}`);
} finally {
  await browser.close();
}
