// Browser test of "Settle a deal at the table" (settle/<game>/), in Debian's Chromium at 390 px.
//
// Usage: node settle.mjs URL      (or SITE_URL=URL node settle.mjs)
//   URL         the site root, e.g. http://127.0.0.1:1111/ (this script builds and serves nothing)
//   CHROMIUM    the browser (default: /usr/bin/chromium)
//   MOURNIVAL   the binary whose `explain` and `check` the page is compared with
//               (default: target/release/mournival of this checkout)
//
// For each game, fills the form as a table would and compares what the page shows with what
// `mournival explain` gives for the same deal, written here as a scenario block of our own:
// - Gleek: the deal `mournival deal --game gleek --seed 7` prints, with the auction, the
//   lay-out, the vie and the first tricks entered: each player's net and every ledger line;
// - Put: a game of two deals under Cotton (a point, then a seen put that wins the game): the
//   score after each deal, the winner, a third deal starting a new game, and a put out of
//   order not playable; then a four-handed game of two deals under Hoyle's Games, with the
//   passing between partners entered;
// - Glic: an evening of two rounds with coins carried onto the board, the antes and the Poch
//   bets entered: each round's nets and ledger lines, and the evening's totals; the second
//   round played alone, on the board check says the first left (the ledger's `carry`).
// Then: a mistake in the form is shown beside its stage in the engine's words; "Play it tonight"
// links each game's form; no page scrolls sideways at 390 px; axe-core finds no serious or
// critical violation; and the evening exported from each page, written into a scratch project,
// is read by `mournival check`; then a new Glic evening of six still fits 390 px. Exits 1 with a
// message naming the failed check.

import { chromium } from "playwright-core";
import { CheckFailed, opener, reporter, runWithin } from "./harness.mjs";
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const siteUrl = process.argv[2] || process.env.SITE_URL;
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const mournival = process.env.MOURNIVAL || path.join(repo, "target/release/mournival");
const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const STEP_MS = 20_000;
const TOTAL_MS = 300_000;
const { check, log } = reporter("e2e settle");


const scratch = mkdtempSync(path.join(tmpdir(), "mournival-settle-"));

// `mournival explain` on a block of our own: its "Net:" (or "Score:") line and its payments.
function explain(game, yaml, reading) {
  const file = path.join(scratch, `explain-${game}.md`);
  writeFileSync(file, `\`\`\`${game}\n${yaml}\`\`\`\n`);
  const out = execFileSync(mournival, ["--root", repo, "explain", file, "--variant", reading], { encoding: "utf8" });
  const line = out.split("\n").find((l) => /^(Net|Score): /.test(l));
  check(line, `explain printed no "Net:" or "Score:" line for the ${game} block:\n${out}`);
  const nets = Object.fromEntries(line.replace(/^\w+: /, "").replace(/\.$/, "").split(", ").map((p) => [p.slice(0, p.lastIndexOf(" ")), p.slice(p.lastIndexOf(" ") + 1)]));
  const table = out.split("\n\n").find((b) => b.startsWith("Payments:"));
  const payments = table
    ? table.split("\n").slice(2).map((l) => l.trim().split(/\s{2,}/)).map(([, phase, who, amount, , rule]) => {
      const [payer, payee] = who.split(" → ");
      return { phase, payer, payee, amount, rule };
    })
    : [];
  return { nets, payments, out };
}

const openPage = opener(siteUrl, STEP_MS);

// A settle form, once its engine is ready.
// What `check --format json` says the block leaves to a scenario going on from its end under
// the reading (its ledger's `carry`: Glic's board).
function carryOf(game, yaml, reading) {
  const file = path.join(scratch, `carry-${game}.md`);
  writeFileSync(file, `\`\`\`${game}\n${yaml}\`\`\`\n`);
  const run = spawnSync(mournival, ["--root", repo, "check", "--format", "json", file], { encoding: "utf8" });
  const ledger = JSON.parse(run.stdout).outcomes[0].ledgers.find((l) => l.reading === reading);
  check(ledger && typeof ledger.carry === "string", `check gives no carry for the ${game} block under ${reading}:\n${run.stdout.slice(0, 400)}`);
  return ledger.carry;
}

async function open(context, rel) {
  const { page, problems } = await openPage(context, rel);
  await page.waitForFunction(() => document.getElementById("settle-status").className === "settle-ready", null, { timeout: STEP_MS })
    .catch(async () => { throw new CheckFailed(`/${rel}: the engine did not load: ${await page.locator("#settle-status").innerText()}`); });
  return { page, problems };
}

// Fills the form's fields by id (a select by its option's value), then settles.
async function fill(page, fields) {
  for (const [id, value] of Object.entries(fields)) {
    const el = page.locator(`#${id}`);
    if ((await el.evaluate((e) => e.tagName)) === "SELECT") await el.selectOption(String(value));
    else await el.fill(String(value));
  }
}

async function settle(page, label) {
  await page.locator("#settle-go").click();
  await page.locator("#settle-result:not([hidden])").waitFor({ timeout: STEP_MS }).catch(async () => {
    const errors = await page.locator(".settle-errors").allInnerTexts();
    throw new CheckFailed(`${label}: no result; the page says: ${errors.filter(Boolean).join(" | ") || "nothing"}`);
  });
  return {
    nets: Object.fromEntries(await page.locator("#settle-nets tr").evaluateAll((trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent]))),
    ledger: await page.locator("#settle-ledger li").allInnerTexts(),
    summary: await page.locator("#settle-summary").innerText(),
  };
}

async function keep(page) {
  await page.locator("#settle-keep").click();
  check(await page.locator("#settle-keep").isDisabled(), "a deal kept can be kept twice");
}

function sameNets(label, page, cli) {
  check(JSON.stringify(page) === JSON.stringify(cli), `${label}: the page shows ${JSON.stringify(page)}, explain gives ${JSON.stringify(cli)}`);
}

// Every payment explain lists, in order, is a line of the page's ledger with the same phase,
// payer, payee, amount and rule point; and there are no others.
function sameLedger(label, lines, payments) {
  check(lines.length === payments.length, `${label}: the page lists ${lines.length} payments, explain ${payments.length}:\n${lines.join("\n")}`);
  payments.forEach((p, i) => {
    const want = `${p.phase}: ${p.payer} pays ${p.payee} ${p.amount}`;
    check(lines[i].startsWith(want) && lines[i].includes(`by ${p.rule},`), `${label}: payment ${i + 1} is "${lines[i]}"; explain: ${want} by ${p.rule}`);
  });
}

async function noSidewaysScroll(page, label) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  check(scroll <= width, `${label}: the page scrolls sideways at ${width} px (${scroll} px wide)`);
}

async function axe(page, label) {
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
  await page.addScriptTag({ path: AXE_SCRIPT });
  const bad = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ["violations"] })).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
  check(bad.length === 0, `${label}: axe finds ${bad.join("; ")}`);
}

// What every form's run ends on: no sideways scroll at 390 px, no script or HTTP error on the
// way, and (with `audit`) no serious or critical axe violation.
async function settled(page, label, problems, { audit = false } = {}) {
  await noSidewaysScroll(page, label);
  if (audit) await axe(page, label);
  check(problems.length === 0, `${label}: ${problems.join("; ")}`);
}

async function exported(page, game) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#settle-export").click()]);
  const file = path.join(scratch, "project", "content", `${game}.md`);
  await download.saveAs(file);
  return readFileSync(file, "utf8");
}

async function gleek(context) {
  const dealt = execFileSync(mournival, ["--root", repo, "deal", "--game", "gleek", "--seed", "7"], { encoding: "utf8" });
  const hand = (name) => dealt.match(new RegExp(`^  ${name}: (.*)$`, "m"))[1];
  const turnUp = dealt.match(/^turn-up: (\S+)/m)[1];
  const reading = "cotton-1674";
  // Ann buys the stock for 12 and lays out seven of her own cards; she vies, Ben sees, Cat
  // passes; the first three tricks as played, the rest left to the engine.
  const entered = {
    auction: "Ann 12, Ben pass, Cat pass", discard: "6C 8C 6D 9D JD QH JH", vie: "Ann vie, Ben see, Cat pass",
    tricks: ["AD 4D 8D", "AC 4C 7C", "KC 5C 9C"],
  };
  const { page, problems } = await open(context, `settle/gleek/?reading=${reading}`);
  check(await page.locator("#settle-reading").inputValue() === reading, "gleek: ?reading= did not pick the reading");
  await fill(page, {
    "seat-0": "Ann", "seat-1": "Ben", "seat-2": "Cat", "settle-dealer": 2,
    "hand-0": hand("Ann"), "hand-1": hand("Ben"), "hand-2": hand("Cat"), "settle-turnup": turnUp,
    "settle-auction": entered.auction, "settle-discard": entered.discard, "settle-vie": entered.vie,
    "settle-play": entered.tricks.join("\n"),
  });
  const shown = await settle(page, "gleek");
  const yaml = [
    "id: table-gleek", "seats: [Ann, Ben, Cat]", "dealer: Cat", "hands:",
    ...["Ann", "Ben", "Cat"].map((n) => `  ${n}: ${hand(n)}`), `turn-up: ${turnUp}`,
    `auction: ${entered.auction}`, `discard: ${entered.discard}`, `vie: ${entered.vie}`, "play:",
    ...entered.tricks.map((t) => `  - ${t}`), "  - then: auto", "",
  ].join("\n");
  const cli = explain("gleek", yaml, reading);
  sameNets("gleek", shown.nets, cli.nets);
  sameLedger("gleek", shown.ledger, cli.payments);
  log(`gleek: seed 7 under ${reading}: ${JSON.stringify(shown.nets)} and ${cli.payments.length} payments, as explain gives`);
  await keep(page);
  const total = await page.locator("#settle-score-body tr.settle-total").evaluate((tr) => [...tr.cells].slice(1, 4).map((c) => c.textContent));
  check(JSON.stringify(total) === JSON.stringify(Object.values(cli.nets)), `gleek: the evening's total is ${total}`);
  check(await page.locator("#settle-dealer").inputValue() === "0", "gleek: the next deal's dealer is not the last one's left");

  // A card dealt twice: the engine's words, beside the stage of the deal.
  await fill(page, { "hand-0": hand("Ann"), "hand-1": hand("Ann"), "hand-2": hand("Cat"), "settle-turnup": turnUp });
  await page.locator("#settle-go").click();
  const error = await page.locator("#errors-deal").innerText();
  check(/twice|more than once|already/i.test(error), `gleek: a card dealt twice shows "${error}" beside the deal`);
  log(`gleek: a card dealt twice: "${error.slice(0, 90)}…" beside the deal`);
  await page.locator("#settle-form").evaluate((f) => f.reset());
  await settled(page, "gleek", problems, { audit: true });
  return page;
}

async function put(context) {
  const reading = "cotton-1674";
  const deals = [
    // Ben deals, Ann is eldest: two tricks to Ann, a point.
    { hands: ["QS AD JH", "KS KD TC"], play: "Ann QS, Ben KS\nBen KD, Ann AD\nAnn JH, Ben TC" },
    // Ann deals, Ben is eldest and puts before the first card; Ann sees and loses the game.
    { hands: ["KS QH JD", "AS AH KD"], play: "Ben put, Ann see, Ben AS, Ann KS\nBen AH, Ann QH" },
  ];
  const { page, problems } = await open(context, `settle/put/?reading=${reading}`);
  await fill(page, { "seat-0": "Ann", "seat-1": "Ben", "seat-2": "", "seat-3": "", "settle-dealer": 1 });
  check(await page.locator("#hand-2").isHidden(), "put: an empty seat's hand still shows");
  check(await page.locator("#settle-give").isHidden(), "put: the four-handed passing shows for two players");
  const block = (n) => [
    "id: table-put", "seats: [Ann, Ben]", "dealer: Ben", "deals:",
    ...deals.slice(0, n).flatMap((d) => [`  - hands: {Ann: ${d.hands[0]}, Ben: ${d.hands[1]}}`, `    play: ${d.play.split("\n").join(", ")}`]), "",
  ].join("\n");
  for (const [k, d] of deals.entries()) {
    await fill(page, { "hand-0": d.hands[0], "hand-1": d.hands[1], "settle-play": d.play });
    const shown = await settle(page, `put deal ${k + 1}`);
    const cli = explain("put", block(k + 1), reading);
    sameNets(`put deal ${k + 1}`, shown.nets, cli.nets);
    if (k === 1) {
      check(/Ben wins/.test(shown.summary), `put: after the seen put the page says "${shown.summary}"`);
      check(/Winner: Ben/.test(cli.out) || /Ben wins/.test(cli.out), "put: explain does not give the game to Ben");
    }
    log(`put deal ${k + 1}: score ${JSON.stringify(shown.nets)}, as explain gives`);
    await keep(page);
    check(await page.locator("#seat-0").isDisabled() === (k === 0), `put: the game's seats are ${k === 0 ? "not " : ""}locked after deal ${k + 1}`);
  }
  const games = await page.locator("#settle-score-body tr.settle-total").evaluate((tr) => [...tr.cells].slice(1, 3).map((c) => c.textContent));
  check(JSON.stringify(games) === JSON.stringify(["0", "1"]), `put: games won ${games}`);
  // The game is won: the next deal starts a new game, of one deal.
  await fill(page, { "hand-0": "AS KS QS", "hand-1": "AD KD QD" });
  await settle(page, "put, a new game");
  const yaml = await page.locator("#settle-yaml").textContent();
  check(/^id: game-2$/m.test(yaml) && (yaml.match(/^ {2}- hands:/gm) || []).length === 1, `put: the deal after a won game is not a new game:\n${yaml}`);
  await keep(page);
  // Deal 2 of the new game: Ann deals, Ben is eldest; Ann's put after the first card is out of
  // order under Cotton (only the eldest, before play): not playable, naming the rule point.
  await fill(page, { "hand-0": "KS QH JD", "hand-1": "AS AH KD", "settle-play": "Ben AS, Ann put" });
  await page.locator("#settle-go").click();
  const refused = await page.locator("#settle-ledger li").first().innerText();
  check(/^Under this reading, not playable \(who-may-put\)/.test(refused) && await page.locator("#settle-keep").isDisabled(), `put: a put out of order gives "${refused}"`);
  log(`put: a put out of order: "${refused.slice(0, 100)}…"`);
  await settled(page, "put", problems, { audit: true });
  return page;
}

async function glic(context) {
  const reading = "ealdormere";
  const rounds = [
    { dealer: 3, hands: ["KH QH 2C 3D", "9S 9C 4D 5D", "JS TS 8D 6C", "AS AC 7S 7C"], cut: "4H", antes: ["ace", "king", "queen", "jack"], poch: "Ann 1, Ben pass, Cat pass, Dan 1" },
    { dealer: 0, hands: ["JH TH 5C 4D", "AS 9D 9H 2C", "QS 5D 4H 3C", "KD KC 8H 7D"], cut: "6S" },
  ];
  const names = ["Ann", "Ben", "Cat", "Dan"];
  const { page, problems } = await open(context, `settle/glic/?reading=${reading}`);
  await fill(page, { "seat-0": "Ann", "seat-1": "Ben", "seat-2": "Cat", "seat-3": "Dan", "carried-king": 1 });
  const block = (n) => [
    "id: table-glic", "seats: [Ann, Ben, Cat, Dan]", "carried: {king: 1}", "rounds:",
    ...rounds.slice(0, n).flatMap((r) => [
      `  - dealer: ${names[r.dealer]}`,
      ...(r.antes ? [`    antes: {${r.antes.map((a, i) => `${names[i]}: ${a}`).join(", ")}}`] : []),
      `    hands: {${r.hands.map((h, i) => `${names[i]}: ${h}`).join(", ")}}`, `    cut: ${r.cut}`,
      ...(r.poch ? [`    poch: ${r.poch}`] : []),
    ]), "",
  ].join("\n");
  let before = { nets: Object.fromEntries(names.map((n) => [n, "0"])), payments: [] };
  for (const [k, r] of rounds.entries()) {
    check(await page.locator("#settle-dealer").inputValue() === String(r.dealer), `glic: round ${k + 1} does not offer ${names[r.dealer]} as dealer`);
    const fields = { "settle-cut": r.cut, ...(r.poch ? { "settle-poch": r.poch } : {}) };
    r.hands.forEach((h, i) => { fields[`hand-${i}`] = h; });
    (r.antes || []).forEach((a, i) => { fields[`ante-${i}`] = a; });
    await fill(page, fields);
    const shown = await settle(page, `glic round ${k + 1}`);
    const cli = explain("glic", block(k + 1), reading);
    const round = Object.fromEntries(names.map((n) => {
      const d = Number(cli.nets[n].replace("−", "-")) - Number(before.nets[n].replace("−", "-"));
      return [n, d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "0"];
    }));
    sameNets(`glic round ${k + 1}`, shown.nets, round);
    sameLedger(`glic round ${k + 1}`, shown.ledger, cli.payments.slice(before.payments.length));
    if (k > 0) {
      // Played alone, on the board the rounds before left, as check says they leave it.
      const played = await page.locator("#settle-yaml").textContent();
      const carried = carryOf("glic", block(k), reading);
      check(played.split("\n").includes(carried) && (played.match(/^ {2}- dealer:/gm) || []).length === 1, `glic round ${k + 1}: the page did not play the round alone on "${carried}":\n${played}`);
    }
    check(/Left on the board|goes out/.test(shown.summary), `glic: round ${k + 1} summary "${shown.summary}"`);
    log(`glic round ${k + 1}: ${JSON.stringify(shown.nets)} and ${shown.ledger.length} payments, as explain gives`);
    await keep(page);
    before = cli;
  }
  const total = await page.locator("#settle-score-body tr.settle-total").evaluate((tr) => [...tr.cells].slice(1, 5).map((c) => c.textContent));
  check(JSON.stringify(total) === JSON.stringify(names.map((n) => before.nets[n])), `glic: the evening's total ${total}; explain ${JSON.stringify(before.nets)}`);
  check(/engine carries/.test(await page.locator("#settle-board-now").innerText()), "glic: the board's note does not say the engine carries it");
  // A hand of three cards: the engine's words beside the deal.
  await fill(page, { "hand-0": "2S 3S 4S", "hand-1": "5S 6S 7S 8S", "hand-2": "9S TS JS QS", "hand-3": "KS AS 2H 3H", "settle-cut": "4H" });
  await page.locator("#settle-go").click();
  const error = await page.locator("#errors-deal").innerText();
  check(/3 card.*four/.test(error), `glic: a hand of three cards shows "${error}" beside the deal`);
  await settled(page, "glic", problems, { audit: true });
  return page;
}

// A new evening of six at Glic (the most the game seats): the page still fits 390 px.
async function glicSix(context) {
  const { page, problems } = await open(context, "settle/glic/");
  page.on("dialog", (d) => d.accept());
  await page.locator("#settle-clear").click();
  check(!(await page.locator("#seat-0").isDisabled()), "glic: a new evening keeps the players fixed");
  const hands = ["AS KS QS JS", "AH KH QH JH", "AD KD QD JD", "AC KC QC JC", "TS 9S 8S 7S", "TH 9H 8H 7H"];
  const fields = { "settle-cut": "TD", "settle-dealer": 5 };
  ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"].forEach((n, i) => { fields[`seat-${i}`] = n; fields[`hand-${i}`] = hands[i]; });
  await fill(page, fields);
  const shown = await settle(page, "glic, six players");
  check(Object.keys(shown.nets).length === 6, `glic: six players give nets ${JSON.stringify(shown.nets)}`);
  await keep(page);
  await settled(page, "glic, six players", problems);
  log(`glic: six players: ${JSON.stringify(shown.nets)}, no sideways scroll`);
  await page.close();
}

// Four-handed Put under Hoyle's Games, in partnerships (Ann and Cat against Ben and Dan): a new
// game of two deals, each with the passing (one of each side gives his best card to his
// partner, who lays out one of his own) and the play entered; the score after each deal is
// what explain gives for the same game written as a scenario block.
async function putFour(context) {
  const reading = "hoyle-games";
  const names = ["Ann", "Ben", "Cat", "Dan"];
  const deals = [
    // Dan deals, Ann is eldest: Ann gives Cat her Ace, Ben gives Dan his King; Cat leads.
    { hands: ["AS QH TD", "KS JC TC", "AH QS JD", "KH QC JH"], give: "Ann AS, Ben KS", layout: "Cat JD, Dan JH", play: "Cat AS, Dan KS\nCat AH, Dan KH" },
    // Ann deals, Ben is eldest: Ben gives Dan the Deuce, Cat gives Ann the Nine; Dan leads.
    { hands: ["3S 4H 5D", "2S 6C 7C", "9H 8S 4D", "AH TH 5C"], give: "Ben 2S, Cat 9H", layout: "Dan 5C, Ann 4H", play: "Dan AH, Ann 3S\nAnn 5D, Dan 2S\nDan TH, Ann 9H" },
  ];
  const { page, problems } = await open(context, `settle/put/?reading=${reading}`);
  page.on("dialog", (d) => d.accept());
  await page.locator("#settle-clear").click();
  const seats = Object.fromEntries(names.map((n, i) => [`seat-${i}`, n]));
  await fill(page, { "settle-reading": reading, ...seats, "settle-dealer": 3 });
  check(await page.locator("#settle-give").isVisible(), "put: the four-handed passing is hidden for four players");
  const block = (n) => [
    "id: table-put-four", `seats: [${names.join(", ")}]`, "dealer: Dan", "deals:",
    ...deals.slice(0, n).flatMap((d) => [
      `  - hands: {${d.hands.map((h, i) => `${names[i]}: ${h}`).join(", ")}}`,
      `    give: ${d.give}`, `    lay-out: ${d.layout}`, `    play: ${d.play.split("\n").join(", ")}`,
    ]), "",
  ].join("\n");
  for (const [k, d] of deals.entries()) {
    const fields = { "settle-give": d.give, "settle-layout": d.layout, "settle-play": d.play };
    d.hands.forEach((h, i) => { fields[`hand-${i}`] = h; });
    await fill(page, fields);
    const shown = await settle(page, `put, four hands, deal ${k + 1}`);
    const cli = explain("put", block(k + 1), reading);
    sameNets(`put, four hands, deal ${k + 1}`, shown.nets, cli.nets);
    const yaml = await page.locator("#settle-yaml").textContent();
    check(yaml.includes(`give: "${d.give}"`) && yaml.includes(`lay-out: "${d.layout}"`), `put, four hands: deal ${k + 1}'s passing is not in the block:\n${yaml}`);
    log(`put, four hands, deal ${k + 1}: score ${JSON.stringify(shown.nets)}, as explain gives`);
    await keep(page);
  }
  check(/^Deal 3 of this game: Ben deals, Cat is eldest\.$/.test(await page.locator("#settle-next-dealer").innerText()), "put, four hands: the deal does not pass to the left");
  await settled(page, "put, four hands", problems);
  await page.close();
}

async function tonightLinks(context) {
  const page = await context.newPage();
  await page.goto(new URL("tonight/", siteUrl).href);
  for (const game of ["gleek", "put", "glic"]) {
    const links = await page.locator(`#game-${game} a[href*="settle/${game}/?reading="]`).count();
    check(links > 0, `tonight: no link to settle/${game}/`);
  }
  await page.close();
}

// The evening of each page, written into a scratch project beside the bundled readings:
// `mournival check` reads every block.
function checkExport(texts) {
  const project = path.join(scratch, "project");
  for (const dir of ["variants", "sources"]) cpSync(path.join(repo, dir), path.join(project, dir), { recursive: true });
  const run = spawnSync(mournival, ["--root", project, "check", "--format", "json"], { encoding: "utf8" });
  check(run.status === 0, `check on the exported evening exits ${run.status}:\n${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  check(report.status === "passed" && report.scenarios === 4, `check on the exported evening: ${report.status}, ${report.scenarios} scenarios`);
  check(/```put\n[^`]*^deals:\n {2}- hands:[^`]*^ {2}- hands:/m.test(texts.put), "put: the export's first game does not hold both deals");
  check(/```glic\n[^`]*^rounds:\n {2}- dealer:[^`]*^ {2}- dealer:/m.test(texts.glic), "glic: the export's evening does not hold both rounds");
  log(`export: ${report.scenarios} scenarios exported from the three pages read by mournival check (${report.status})`);
}

async function main() {
  check(siteUrl, "no site URL: pass it as the first argument or in SITE_URL");
  const browser = await chromium.launch({ executablePath, headless: true, timeout: STEP_MS, args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
  mkdirSync(path.join(scratch, "project", "content"), { recursive: true });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    await tonightLinks(context);
    const texts = {};
    for (const [game, run] of [["gleek", gleek], ["put", put], ["glic", glic]]) {
      const page = await run(context);
      texts[game] = await exported(page, game);
      await page.close();
    }
    checkExport(texts);
    await putFour(context);
    await glicSix(context);
    await context.close();
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await runWithin("e2e settle", TOTAL_MS, main);
