// Browser test of the engine in the page, against the CLI (issue 22), in Debian's Chromium.
//
// Usage: node editor.mjs URL   (or SITE_URL=URL node editor.mjs); run by run.sh after run.mjs.
//   CHROMIUM   the browser (default: /usr/bin/chromium)
//   MOURNIVAL  the CLI the page is compared with (default: target/release/mournival)
//   SHOTS      where the screenshots go (default: shots/ beside this script)
//
// Checks: (a) "Edit this deal" on a bundled scenario page, one card changed in the block: every
// reading's figures are what `mournival explain` gives for the edited block (on a scratch file);
// (b) three rule points flipped at once on one reading (the precomputed files allowed at most
// two on this scenario) are what `explain --set` gives, and so is an address written in the old
// flip files' format; (c) a syntax error in the editor is placed at the line and column, in the
// words, that `mournival check` gives for the same text; (d) /playground/gleek/?seed=7 shows the
// deal `mournival deal --game gleek --seed 7` prints and its figures, a fresh seed goes into the
// address, and "New deal" deals another; (e) at 390 px neither page scrolls sideways.
// Exits 1 with a message naming the failed check.

import { chromium } from "playwright-core";
import { opener, reporter, runWithin } from "./harness.mjs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const siteUrl = process.argv[2] || process.env.SITE_URL;
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const mournival = process.env.MOURNIVAL || path.join(repo, "target/release/mournival");
const shotsDir = process.env.SHOTS || path.join(here, "shots");
const PAGE = "notebook/tiddy-turned-up/";
const SOURCE = "content/notebook/tiddy-turned-up.md";
const SCENARIO = "tiddy-turned-up-paid-to-cat";
const STEP_MS = 20_000;
const TOTAL_MS = 300_000;
const { check, log } = reporter("editor");
const scratch = mkdtempSync(path.join(os.tmpdir(), "mournival-editor-"));

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const open = opener(siteUrl, STEP_MS);

function cli(args) {
  try {
    return { code: 0, out: execFileSync(mournival, ["--root", repo, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) };
  } catch (err) {
    return { code: err.status, out: String(err.stdout || ""), err: String(err.stderr || "") };
  }
}

// `explain`'s nets: {reading: {player: figure}} from its "Reading: id, …" and "Net: …" lines; a
// reading that cannot play the deal has none ({}).
function explainNets(target, extra = []) {
  const { code, out, err } = cli(["explain", target, ...extra]);
  check(code === 0, `explain ${target} ${extra.join(" ")} failed: ${err}`);
  const nets = {};
  let reading = null;
  for (const line of out.split("\n")) {
    const r = line.match(/^Reading: ([^,]+),/);
    if (r) { reading = r[1]; nets[reading] = {}; }
    const n = line.match(/^(?:Net|Score): (.*)\.$/);
    if (n && reading) nets[reading] = Object.fromEntries(n[1].split(", ").map((p) => p.split(" ")));
  }
  return nets;
}

/** A scenario block as a page of its own, for the CLI. */
function scratchPage(name, game, text) {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "page.md");
  writeFileSync(file, "```" + game + "\n" + text.replace(/\n*$/, "\n") + "```\n");
  return { dir, file };
}

// The editor's outcome table: {reading: {player: figure}} from its net rows ({} when a reading
// cannot play the deal).
async function editorNets(scope) {
  return scope.locator("table.edit-outcome").first().evaluate((table) => {
    const ids = Array.from(table.querySelectorAll("thead th[data-reading]"), (th) => th.dataset.reading);
    const nets = Object.fromEntries(ids.map((id) => [id, {}]));
    table.querySelectorAll("tbody tr.row-net").forEach((tr) => {
      const player = tr.querySelector("th").textContent.trim().replace(/ \S+$/, "");
      tr.querySelectorAll("td").forEach((td) => {
        if (td.dataset.figure) nets[td.dataset.reading][player] = td.dataset.figure;
      });
    });
    return nets;
  });
}

async function setText(textarea, text) {
  await textarea.fill(text);
  await textarea.page().waitForTimeout(400); // the editor replays 250 ms after the last key
}

// (a) One card changed: Tiddy (4H) no longer turned up, the Five of hearts in its place; Ann, who
// held the Five and lays it out, holds and lays out Tiddy instead.
async function checkEditedCard(context) {
  const { page, problems } = await open(context, PAGE);
  const section = page.locator(`section#${SCENARIO}`);
  const button = section.getByRole("button", { name: "Edit this deal" });
  await button.click();
  const textarea = section.locator("textarea.edit-text");
  const original = await textarea.inputValue();
  const before = await editorNets(section);
  const edited = original
    .replace("turn-up: 4H", "turn-up: 5H")
    .replace(/(Ann: .*) 5H$/m, "$1 4H")
    .replace(/(discard: .*) 5H$/m, "$1 4H");
  check(edited.split("\n").filter((l, i) => l !== original.split("\n")[i]).length === 3, "(a) the edit did not change the three lines it meant to");
  await setText(textarea, edited);
  await section.locator(".edit-status").filter({ hasText: "Every reading replayed" }).waitFor();
  const after = await editorNets(section);
  check(!same(after, before), `(a) the edited card changed no reading's figures: ${JSON.stringify(after)}`);
  const { file } = scratchPage("edited", "gleek", edited);
  const cliNets = explainNets(file);
  check(same(after, cliNets), `(a) the editor shows ${JSON.stringify(after)}; explain gives ${JSON.stringify(cliNets)}`);
  const amounts = await section.locator(".edit-ledger .amount").evaluateAll((els) => els.map((e) => e.textContent));
  check(amounts.length > 0 && amounts.every((a) => /^\d/.test(a)), `(a) the ledgers' amounts read ${amounts.slice(0, 5).join(", ")}`);
  check(problems.length === 0, `(a) ${problems.join("; ")}`);
  log(`(a) Tiddy swapped for the Five of hearts: ${Object.keys(after).length} readings' figures equal explain's (${JSON.stringify(after["cotton-1674"])} under Cotton, was ${JSON.stringify(before["cotton-1674"])})`);
  await page.close();
}

// The nets of a reading's column in the page's outcome table: {player: figure}.
async function columnNets(section, reading) {
  return section.locator("table.outcome tbody tr.row-net").evaluateAll((trs, id) => Object.fromEntries(trs.map((tr) => [
    tr.querySelector("th[scope=row]").textContent.trim().replace(/ \S+$/, ""),
    tr.querySelector(`td[data-reading="${id}"] .figure`).textContent.trim().replace(/^\+?0$/, "0"),
  ])), reading);
}

const signed = (nets) => Object.fromEntries(Object.entries(nets).map(([p, f]) => [p, f.replace(/^\+?0$/, "0")]));

// (b) Three rule points flipped at once on Cotton: the column is explain --set's, the address
// records the three, and a fresh page at that address shows them again.
async function checkThreeFlips(context) {
  const reading = "cotton-1674";
  const { page, problems } = await open(context, PAGE);
  const section = page.locator(`section#${SCENARIO}`);
  await section.locator("button.flip-open").click();
  const select = section.locator(".flip-panel select[name=reading]");
  await select.waitFor({ state: "visible" });
  await select.selectOption(reading);
  await section.locator(".flip-points select").first().waitFor();
  const rows = section.locator(".flip-points select, .flip-others-list select");
  const count = await rows.count();
  check(count >= 3, `(b) only ${count} rule points offered`);
  const set = [];
  for (let i = 0; i < count && set.length < 3; i++) {
    const s = rows.nth(i);
    if (!(await s.isVisible())) await section.locator(".flip-others > summary").click();
    const own = await s.inputValue();
    const other = (await s.locator("option").evaluateAll((os) => os.map((o) => o.value))).find((v) => v !== own);
    await s.selectOption(other);
    set.push(`${await s.getAttribute("name")}=${other}`);
  }
  const shown = await columnNets(section, reading);
  const engine = signed(explainNets(`${path.join(repo, SOURCE)}#${SCENARIO}`, ["--variant", reading, ...set.flatMap((p) => ["--set", p])])[reading]);
  check(same(shown, engine), `(b) ${reading} with ${set.join(", ")} shows ${JSON.stringify(shown)}; explain --set gives ${JSON.stringify(engine)}`);
  const status = await section.locator(".flip-panel .flip-status").innerText();
  check(/with 3 rule points changed/.test(status), `(b) the status says "${status}"`);
  const fragment = `#${SCENARIO}:${reading}:${set.join(",")}`;
  check(decodeURIComponent(new URL(page.url()).hash) === fragment, `(b) the address is ${page.url()}, not …${fragment}`);
  check(problems.length === 0, `(b) ${problems.join("; ")}`);
  await page.close();
  log(`(b) ${reading} with ${set.join(", ")}: ${JSON.stringify(shown)}, as explain --set gives`);

  // Links: the one just made, and one in the format of the old precomputed flip files.
  for (const [label, hash, pairs] of [["the new link", fragment, set], ["an old link", `#${SCENARIO}:willughby:tiddy-turned-up=none`, ["tiddy-turned-up=none"]]]) {
    const linked = await open(context, PAGE + hash);
    const again = linked.page.locator(`section#${SCENARIO}`);
    await again.locator(".flip-panel .flip-status").filter({ hasText: "changed" }).waitFor();
    const id = hash.split(":")[1];
    const nets = await columnNets(again, id);
    const want = signed(explainNets(`${path.join(repo, SOURCE)}#${SCENARIO}`, ["--variant", id, ...pairs.flatMap((p) => ["--set", p])])[id]);
    check(same(nets, want), `(b) ${label} ${hash} shows ${JSON.stringify(nets)}; explain --set gives ${JSON.stringify(want)}`);
    check(linked.problems.length === 0, `(b) ${label}: ${linked.problems.join("; ")}`);
    await linked.page.close();
    log(`(b) ${label} ${hash} brings back ${JSON.stringify(nets)}`);
  }
  // A link naming a point the game lacks says so rather than ignore it.
  const odd = await open(context, `${PAGE}#${SCENARIO}:${reading}:no-such-point=x`);
  const said = await odd.page.locator(`section#${SCENARIO} .flip-panel .flip-status`).filter({ hasText: "does not have" }).innerText();
  check(/no-such-point=x/.test(said), `(b) a link with an unknown point says "${said}"`);
  await odd.page.close();
}

// (c) A syntax error: where the editor puts it, and in what words, is what check says.
async function checkSyntaxError(context) {
  const { page, problems } = await open(context, PAGE);
  const section = page.locator(`section#${SCENARIO}`);
  await section.getByRole("button", { name: "Edit this deal" }).click();
  const textarea = section.locator("textarea.edit-text");
  // Ben's hand indented one space more than Ann's: YAML reads it as a value where none may be.
  const text = (await textarea.inputValue()).replace("\n  Ben: ", "\n   Ben: ");
  await setText(textarea, text);
  await section.locator(".edit-status").filter({ hasText: "cannot be read" }).waitFor();
  const shown = await section.locator("ul.edit-errors > li").evaluateAll((lis) => lis.map((li) => ({
    line: Number(li.dataset.line), column: Number(li.dataset.column),
    text: li.firstChild.textContent,
    notes: Array.from(li.querySelectorAll(".edit-note"), (n) => n.textContent.trim()),
  })));
  const { dir } = scratchPage("syntax", "gleek", text);
  const { code, out } = cli(["check", dir, "--format", "json"]);
  check(code === 2, `(c) check exits ${code} on the broken block, not 2`);
  const errors = JSON.parse(out).errors;
  const want = errors.map((e) => ({ line: e.line - 1, column: e.column, text: `line ${e.line - 1}, column ${e.column}: ${e.message}`, notes: e.notes }));
  check(shown.length > 0 && same(shown, want), `(c) the editor shows ${JSON.stringify(shown)}; check gives ${JSON.stringify(want)}`);
  check(problems.length === 0, `(c) ${problems.join("; ")}`);
  await page.close();
  log(`(c) the syntax error is at ${shown[0].line}:${shown[0].column} in check's words: "${shown[0].text}"`);
}

// (d) The playground: seed 7 is `deal --seed 7`, its figures are explain's; without a seed a fresh
// one goes into the address; "New deal" deals another.
async function checkPlayground(context) {
  const { page, problems } = await open(context, "playground/gleek/?seed=7");
  const textarea = page.locator("#playground textarea.edit-text");
  await textarea.waitFor();
  const printed = cli(["deal", "--game", "gleek", "--seed", "7"]).out;
  const block = printed.replace(/^```gleek\n/, "").replace(/```\s*$/, "");
  check((await textarea.inputValue()).trim() === block.trim(), "(d) the playground's deal 7 is not what `deal --seed 7` prints");
  await page.locator(".edit-status").filter({ hasText: "Every reading replayed" }).waitFor();
  const nets = await editorNets(page.locator("#playground"));
  const { file } = scratchPage("deal-7", "gleek", block);
  const cliNets = explainNets(file);
  check(same(nets, cliNets), `(d) the playground shows ${JSON.stringify(nets)}; explain gives ${JSON.stringify(cliNets)}`);
  check((await page.locator("#playground-command").innerText()) === "mournival deal --game gleek --seed 7", "(d) the command line shown is not seed 7's");
  await page.getByRole("button", { name: "New deal" }).click();
  const seed = new URL(page.url()).searchParams.get("seed");
  check(seed !== "7" && /^\d+$/.test(seed), `(d) "New deal" put ${page.url()} in the address`);
  check((await textarea.inputValue()).trim() !== block.trim(), "(d) \"New deal\" dealt the same cards");
  check(problems.length === 0, `(d) ${problems.join("; ")}`);
  await page.close();
  const fresh = await open(context, "playground/put/");
  await fresh.page.locator("#playground textarea.edit-text").waitFor();
  const put = new URL(fresh.page.url()).searchParams.get("seed");
  check(/^\d+$/.test(put || ""), `(d) without a seed the address stays ${fresh.page.url()}`);
  const putBlock = cli(["deal", "--game", "put", "--seed", put]).out.replace(/^```put\n/, "").replace(/```\s*$/, "");
  check((await fresh.page.locator("#playground textarea.edit-text").inputValue()).trim() === putBlock.trim(), `(d) Put's deal ${put} is not what deal --game put --seed ${put} prints`);
  await fresh.page.close();
  log(`(d) /playground/gleek/?seed=7 is deal 7 with explain's figures (${JSON.stringify(nets["cotton-1674"])} under Cotton); New deal gave seed ${seed}; /playground/put/ took seed ${put}`);
}

// (e) At 390 px: the page does not scroll sideways, the editor and the flips open.
async function checkPhone(browser) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const sideways = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const play = await open(phone, "playground/gleek/?seed=7");
  await play.page.locator(".edit-status").filter({ hasText: "Every reading replayed" }).waitFor();
  const overPlay = await sideways(play.page);
  await play.page.screenshot({ path: path.join(shotsDir, "playground-390.png"), fullPage: true });
  check(overPlay <= 0, `(e) at 390 px the playground scrolls ${overPlay}px sideways`);
  await play.page.close();
  const scen = await open(phone, PAGE);
  const section = scen.page.locator(`section#${SCENARIO}`);
  await section.getByRole("button", { name: "Edit this deal" }).click();
  await section.locator(".edit-status").filter({ hasText: "Every reading replayed" }).waitFor();
  await section.locator("button.flip-open").click();
  await section.locator(".flip-points select").first().waitFor();
  const overPage = await sideways(scen.page);
  await section.screenshot({ path: path.join(shotsDir, "editor-flip-390.png") });
  check(overPage <= 0, `(e) at 390 px the scenario page with the editor and the flips open scrolls ${overPage}px sideways`);
  await scen.page.close();
  await phone.close();
  log("(e) at 390 px neither the playground nor the scenario page with the editor and flips open scrolls sideways");
}

// Without JavaScript: no control, the playground's sentence and command line.
async function checkWithoutScript(browser) {
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const { page } = await open(bare, "playground/gleek/");
  const said = await page.locator("#playground-status").innerText();
  check(/needs JavaScript/.test(said) && /mournival deal --game gleek/.test(said), `without JavaScript the playground says "${said}"`);
  check((await page.locator("#playground-tools").isVisible()) === false, "without JavaScript the playground shows its buttons");
  const scen = await open(bare, PAGE);
  check((await scen.page.locator("button.flip-open, button.edit-open, .flip:visible").count()) === 0, "without JavaScript a scenario page shows an engine control");
  await bare.close();
  log("without JavaScript: the playground says it needs it and gives the command line; no engine control on a scenario page");
}

async function main() {
  check(siteUrl, "no site URL: pass it as the first argument or in SITE_URL");
  mkdirSync(shotsDir, { recursive: true });
  const browser = await chromium.launch({ executablePath, headless: true, timeout: STEP_MS, args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
  try {
    log(`Chromium ${browser.version()} on ${siteUrl}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await checkEditedCard(context);
    await checkThreeFlips(context);
    await checkSyntaxError(context);
    await checkPlayground(context);
    await context.close();
    await checkPhone(browser);
    await checkWithoutScript(browser);
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await runWithin("editor", TOTAL_MS, main);
