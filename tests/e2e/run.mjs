// Browser end-to-end test of a built Mournival site, in Debian's Chromium.
//
// Usage: node run.mjs URL      (or SITE_URL=URL node run.mjs)
//   URL         the site root, e.g. http://127.0.0.1:1111/ (this script builds and serves nothing)
//   SCREENSHOT  where to save a full-page screenshot of the scenario page
//               (default: screenshot.png beside this script)
//   CHROMIUM    the browser (default: /usr/bin/chromium)
//   MOURNIVAL   the binary that checks a flipped column against the engine
//               (default: target/release/mournival of this checkout)
//
// Checks, with JavaScript on: a scenario page's outcome table (a column per reading, a "net" row
// per player), a cell's ledger opening and citing a rule point, and the search page finding the
// Tiddy page; a rule point flipped in the page recomputing a reading's column, as the engine
// computes it with `explain --set`, and the address recording the flip; with JavaScript off: the
// outcome table and its ledger panels are still there and still open, and no flip control
// shows; a reading picked on "Play it tonight" marked in another page's table, and cleared.
// Exits 1 with a message naming the failed check.

import { chromium } from "playwright-core";
import { checkCharts } from "./charts.mjs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const siteUrl = process.argv[2] || process.env.SITE_URL;
const screenshot = process.env.SCREENSHOT || path.join(here, "screenshot.png");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const SCENARIO_PAGE = "notebook/tiddy-turned-up/";
// The page's source, for the engine's own figures.
const SCENARIO_SOURCE = "content/notebook/tiddy-turned-up.md";
const repo = path.resolve(here, "../..");
const mournival = process.env.MOURNIVAL || path.join(repo, "target/release/mournival");
// Every step is bounded; the whole run too.
const STEP_MS = 15_000;
const TOTAL_MS = 120_000;

class CheckFailed extends Error {}

function check(ok, message) {
  if (!ok) throw new CheckFailed(message);
}

function log(message) {
  console.log(`e2e: ${message}`);
}

// Opens `rel` under the site root; fails on an HTTP error or a script error in the page.
async function open(context, rel) {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  const problems = [];
  page.on("pageerror", (err) => problems.push(`script error: ${err.message}`));
  page.on("response", (res) => {
    if (res.status() >= 400 && res.url().startsWith(siteUrl)) {
      problems.push(`HTTP ${res.status()} for ${res.url()}`);
    }
  });
  const url = new URL(rel, siteUrl).href;
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response || !response.ok()) {
    // `mournival serve` shows a failed build in place of every page: say why.
    const buildError = await page.locator("pre.build-error").innerText({ timeout: 1000 }).catch(() => "");
    const why = buildError ? `; the site did not build:\n${buildError}` : "";
    throw new CheckFailed(`${url} answered HTTP ${response ? response.status() : "nothing"}${why}`);
  }
  return { page, problems, url };
}

// The outcome table: a header cell per reading, a "net" row per player, a cell per reading in
// each row carrying its column's reading, and in each cell a link to a ledger panel under the
// table; the rows where nothing was paid folded into one line across the table. Works the same
// with JavaScript on or off.
async function checkOutcomeTable(page, label) {
  const table = page.locator("table.outcome").first();
  check((await table.count()) === 1, `${label}: no table.outcome on the page`);
  const readings = await table.locator("thead th[scope=col] a").evaluateAll((links) =>
    links.map((a) => ({ text: a.textContent.trim(), href: a.getAttribute("href"), reading: a.closest("th").dataset.reading })),
  );
  check(readings.length >= 2, `${label}: expected a header cell per reading, found ${readings.length}`);
  for (const r of readings) {
    check(/variants\/[^/]+\/$/.test(r.href), `${label}: the header "${r.text}" does not link to a reading (${r.href})`);
    check(r.reading && r.href.endsWith(`variants/${r.reading}/`), `${label}: the header "${r.text}" has data-reading "${r.reading}"`);
  }
  const rows = await table.locator("tbody tr:not(.row-folded)").evaluateAll((trs) =>
    trs.map((tr) => ({
      label: tr.querySelector("th[scope=row]")?.textContent.trim() ?? "",
      cells: tr.querySelectorAll("td").length,
      readings: Array.from(tr.querySelectorAll("td"), (td) => td.dataset.reading),
      ledgers: Array.from(tr.querySelectorAll("td a.cell-link"), (a) => {
        const panel = document.getElementById(a.getAttribute("href").replace(/^#/, ""));
        return panel && panel.classList.contains("ledger-panel") && !panel.closest("table");
      }).filter(Boolean).length,
    })),
  );
  const nets = rows.filter((r) => /\bnet$/i.test(r.label));
  check(nets.length >= 1, `${label}: no "… net" row; rows are ${rows.map((r) => r.label).join(", ")}`);
  for (const r of rows) {
    check(r.cells === readings.length, `${label}: row "${r.label}" has ${r.cells} cells for ${readings.length} readings`);
    check(r.ledgers === r.cells, `${label}: row "${r.label}" has ${r.ledgers} links to ledger panels under the table in ${r.cells} cells`);
    check(JSON.stringify(r.readings) === JSON.stringify(readings.map((h) => h.reading)), `${label}: row "${r.label}" has data-reading ${r.readings.join(", ")}`);
  }
  const folded = await table.locator("tbody tr.row-folded td").evaluateAll((tds) => tds.map((td) => [td.colSpan, td.textContent.trim()]));
  for (const [span, text] of folded) {
    check(span === readings.length && /nothing paid/.test(text), `${label}: the folded line spans ${span} columns and says "${text}"`);
  }
  log(`${label}: outcome table with ${readings.length} readings and rows ${nets.map((r) => r.label).join(", ")}`);
  return { readings, nets };
}

// Opens the first cell of a net row whose ledger has lines, and checks that its panel opens under
// the table, names its cell, and that a line cites a rule point: a link to rules/<id>/ whose text
// is the id, then the reading's choice and its evidence; its link back closes it again.
async function checkLedger(page, label) {
  const ids = await page.locator("table.outcome").first().locator("tbody tr.row-net td a.cell-link").evaluateAll((links) =>
    links.map((a) => a.getAttribute("href").slice(1)).filter((id) => document.getElementById(id)?.querySelector("ol.ledger li")),
  );
  check(ids.length > 0, `${label}: no net cell with ledger lines`);
  const id = ids[0];
  const link = page.locator(`table.outcome a.cell-link[href="#${id}"]`);
  const panel = page.locator(`[id="${id}"]`);
  const line = panel.locator("ol.ledger li").first();
  check(!(await line.isVisible()), `${label}: the ledger is visible before its cell is opened`);
  const cell = await link.evaluate((a) => ({
    reading: a.closest("td").dataset.reading,
    row: a.closest("tr").querySelector("th[scope=row]").textContent.trim(),
    figure: a.querySelector(".figure").textContent.trim(),
  }));
  await link.click();
  check(new URL(page.url()).hash === `#${id}`, `${label}: clicking the cell led to ${page.url()}, not #${id}`);
  await line.waitFor({ state: "visible" });
  const title = (await panel.locator(".ledger-panel-title").innerText()).trim();
  check(title.endsWith(`, ${cell.row}: ${cell.figure}`), `${label}: the panel of ${cell.reading}'s "${cell.row}" is titled "${title}"`);
  const cite = line.locator(".cite a").first();
  check((await cite.count()) === 1, `${label}: the first ledger line cites no rule point: "${await line.innerText()}"`);
  // Readers see the point's question; its id (and the choice's) is in the link's title.
  const question = (await cite.innerText()).trim();
  const point = ((await cite.getAttribute("title")) || "").split(" = ")[0];
  const href = await cite.getAttribute("href");
  check(/\?$/.test(question), `${label}: the rule point is cited as "${question}", not by its question`);
  check(point && href && href.endsWith(`rules/${point}/`), `${label}: the rule point "${point}" links to ${href}`);
  const text = (await line.innerText()).replace(/\s+/g, " ").trim();
  check(
    new RegExp(`${question.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} .+ (stated|reported|inferred|assumed)\\b`).test(text),
    `${label}: the ledger line does not give the choice and its evidence: "${text}"`,
  );
  await panel.getByRole("link", { name: "Back to the table" }).click();
  await line.waitFor({ state: "hidden" });
  check(new URL(page.url()).hash === `#${id}--cell`, `${label}: the panel's link back led to ${page.url()}`);
  log(`${label}: ledger "${title}" opened under the table; it cites rule point ${point}: "${text.slice(0, 100)}"; its link back closes it`);
}

// On paper every ledger panel shows, from the stylesheet alone; with JavaScript, every <details>
// of the page opens before printing too, and closes again after.
async function checkPrint(page, label, js) {
  await page.emulateMedia({ media: "print" });
  const panels = await page.locator(".ledger-panel:not(.folded)").evaluateAll((ps) => [ps.length, ps.filter((p) => p.offsetHeight > 0).length]);
  check(panels[0] > 0 && panels[0] === panels[1], `${label}: in print ${panels[1]} of ${panels[0]} ledger panels show`);
  if (js) {
    const closed = await page.evaluate(() => {
      const before = document.querySelectorAll("main details:not([open])").length;
      window.dispatchEvent(new Event("beforeprint"));
      const during = document.querySelectorAll("main details:not([open])").length;
      window.dispatchEvent(new Event("afterprint"));
      return [before, during, document.querySelectorAll("main details:not([open])").length];
    });
    check(closed[0] > 0 && closed[1] === 0 && closed[2] === closed[0], `${label}: closed <details> before, during and after print: ${closed.join(", ")}`);
  }
  await page.emulateMedia({ media: "screen" });
  log(`${label}: in print all ${panels[0]} ledger panels show${js ? ", and every <details> opens" : ""}`);
}

async function checkSearch(context) {
  const { page, problems } = await open(context, "search/?q=tiddy");
  const results = page.locator("#search-results li a");
  await results.first().waitFor({ state: "visible" }).catch(async () => {
    const status = await page.locator("#search-status").innerText().catch(() => "");
    throw new CheckFailed(`search for "tiddy": no results shown (status: "${status}")`);
  });
  const target = new URL(SCENARIO_PAGE, siteUrl).href;
  const hrefs = await results.evaluateAll((links) => links.map((a) => a.href));
  const onPage = hrefs.filter((h) => h.split("#")[0] === target);
  check(onPage.length > 0, `search for "tiddy": no result links to ${target}; results: ${hrefs.join(", ")}`);
  const deep = onPage.find((h) => new URL(h).hash.length > 1);
  check(deep, `search for "tiddy": no result deep-links to a section of ${target}; results: ${onPage.join(", ")}`);
  const marks = await page.locator("#search-results mark").allInnerTexts();
  check(marks.some((m) => /^tiddy/i.test(m)), `search for "tiddy": no snippet marks the word (marks: ${marks.join(", ")})`);
  check(problems.length === 0, `search page: ${problems.join("; ")}`);
  log(`search for "tiddy": ${hrefs.length} result(s), one links to ${deep}`);
  await page.close();
  if (deep) {
    const { page: section } = await open(context, deep.slice(siteUrl.length));
    const id = decodeURIComponent(new URL(deep).hash.slice(1));
    check((await section.locator(`[id="${id}"]`).count()) === 1, `${deep}: no element has the id ${id}`);
    await section.close();
  }
}

// The players' figures in one column of a scenario's outcome table: {Ann: "−16", ...}.
async function netColumn(section, column) {
  return section.locator("table.outcome tbody tr.row-net").evaluateAll(
    (trs, h) =>
      Object.fromEntries(
        trs.map((tr) => [
          tr.querySelector("th[scope=row]").textContent.trim().replace(/ \S+$/, ""),
          tr.children[h].querySelector(".figure").textContent.trim(),
        ]),
      ),
    column,
  );
}

// What the engine gives: `explain FILE#id --variant V --set point=choice`, its "Net:" line.
function engineNets(id, reading, point, choice) {
  const out = execFileSync(mournival, ["--root", repo, "explain", `${path.join(repo, SCENARIO_SOURCE)}#${id}`, "--variant", reading, "--set", `${point}=${choice}`], { encoding: "utf8" });
  const line = out.split("\n").find((l) => /^(Net|Score): /.test(l));
  check(line, `explain printed no "Net:" line for ${id} under ${reading} with ${point}=${choice}`);
  return Object.fromEntries(line.replace(/^\w+: /, "").replace(/\.$/, "").split(", ").map((p) => p.split(" ")));
}

// Flips a rule point in the page: the first choice of the first point that changes a player's
// figure under the first reading. The column must show what the engine gives for that reading
// with that choice, the address must record it, the address must bring it back on a fresh page,
// and "back" must restore the page's own figures.
async function checkFlip(context) {
  const { page, problems } = await open(context, SCENARIO_PAGE);
  const section = page.locator("section.scenario:has(div.flip)").first();
  check((await section.count()) === 1, "flip: no scenario on the page offers a rule point to flip");
  const id = await section.getAttribute("id");
  await section.locator("button.flip-open").click();
  const reading = section.locator(".flip-panel select[name=reading]");
  await reading.waitFor({ state: "visible" });
  const readingId = (await section.locator("a.flip-link").getAttribute("href")).split(":")[1];
  const column = await section.locator("table.outcome thead th").evaluateAll(
    (ths, r) => ths.findIndex((th) => (th.querySelector("a")?.getAttribute("href") || "").endsWith(`variants/${r}/`)),
    readingId,
  );
  check(column > 0, `flip: no column of the table is the reading ${readingId}`);
  const before = await netColumn(section, column);
  const selects = section.locator(".flip-points select");
  let flipped = null;
  for (let i = 0; i < (await selects.count()) && !flipped; i++) {
    const select = selects.nth(i);
    const own = await select.inputValue();
    const options = await select.locator("option").evaluateAll((os) => os.map((o) => ({ value: o.value, id: o.title })));
    for (const o of options.filter((o) => o.value !== own)) {
      await select.selectOption(o.value);
      const after = await netColumn(section, column);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        flipped = { point: await select.getAttribute("name"), choice: o.id, after };
        break;
      }
    }
  }
  check(flipped, `flip: no choice of any rule point changed ${readingId}'s figures on ${id}`);
  const { point, choice, after } = flipped;
  const engine = engineNets(id, readingId, point, choice);
  check(JSON.stringify(after) === JSON.stringify(engine), `flip: ${readingId} with ${point}=${choice} shows ${JSON.stringify(after)}; the engine gives ${JSON.stringify(engine)}`);
  const changed = await section.locator("table.outcome tbody tr.row-net td.flip-changed").count();
  check(changed > 0, "flip: the changed figures are not marked");
  const status = await section.locator(".flip-status").innerText();
  check(/with 1 rule point changed/.test(status), `flip: the status does not say a point changed: "${status}"`);
  const fragment = `#${id}:${readingId}:${point}=${choice}`;
  check(decodeURIComponent(new URL(page.url()).hash) === fragment, `flip: the address is ${page.url()}, not …${fragment}`);
  await section.screenshot({ path: screenshot.replace(/\.png$/, "-flip.png") });
  log(`flip: ${readingId} with ${point}=${choice} on ${id} shows ${JSON.stringify(after)}, as the engine does (was ${JSON.stringify(before)})`);

  const linked = await open(context, SCENARIO_PAGE + fragment);
  const again = linked.page.locator(`section#${id}`);
  await again.locator(".flip-status").filter({ hasText: "changed" }).waitFor();
  check(JSON.stringify(await netColumn(again, column)) === JSON.stringify(engine), `flip: the link ${fragment} does not bring the flipped figures back`);
  check(linked.problems.length === 0, `flip link: ${linked.problems.join("; ")}`);
  await linked.page.close();
  log(`flip: the link ${fragment} brings the same column back`);

  await section.getByRole("button", { name: /own choices/ }).click();
  check(JSON.stringify(await netColumn(section, column)) === JSON.stringify(before), "flip: going back does not restore the page's own figures");
  check((await section.locator(".flip-changed, .flip-was, .flip-note").count()) === 0, "flip: marks of the flip remain after going back");
  check(problems.length === 0, `flip: ${problems.join("; ")}`);
  await page.close();
}

// `/` puts the cursor in the search box; the header's Menu link shows only on a narrow screen and,
// without JavaScript, brings the navigation into view.
async function checkMenuAndShortcut(browser, wide) {
  const { page } = await open(wide, SCENARIO_PAGE);
  check(!(await page.locator(".menu-link").isVisible()), "wide screen: the Menu link shows");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("/");
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
  check(focused === "q", `"/" does not focus the search box (focus on: ${focused})`);
  await page.close();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const bare = await open(phone, SCENARIO_PAGE);
  const menu = bare.page.locator(".menu-link");
  check(await menu.isVisible(), "phone width: no Menu link in the header");
  await menu.click();
  check(new URL(bare.page.url()).hash === "#nav", `phone width: the Menu link went to ${bare.page.url()}`);
  const shown = await bare.page.locator("#nav").evaluate((nav) => {
    const r = nav.getBoundingClientRect();
    return r.top < window.innerHeight && r.bottom > 0;
  });
  check(shown, "phone width: after Menu the navigation is not in view");
  log("the Menu link shows at phone width and brings the navigation into view; / focuses search");
  await phone.close();
}

// "Play it tonight": a reading picked on /tonight/ is marked in another page's outcome table,
// named in a note, and cleared by the note's button for the rest of the session.
async function checkTonight(context) {
  const reading = "cotton-1674";
  const picker = await open(context, `tonight/?reading=${reading}`);
  check(await picker.page.locator("#tonight-reading").inputValue() === reading, "tonight: the picker does not show the picked reading");
  check(picker.problems.length === 0, `tonight: ${picker.problems.join("; ")}`);
  await picker.page.close();
  // Another tab, without the parameter: the pick is remembered.
  const { page, problems } = await open(context, SCENARIO_PAGE);
  const note = page.locator(".tonight-note");
  await note.waitFor({ state: "visible" });
  const said = await note.innerText();
  check(/Highlighting: Charles Cotton \(1674\)/.test(said), `tonight: the note says "${said}"`);
  const table = page.locator("table.outcome").first();
  const marked = await table.locator(".tonight-mark").count();
  const column = await table.locator(`[data-reading="${reading}"]`).count();
  check(column > 1 && marked === column, `tonight: ${marked} of the ${column} cells of ${reading}'s column are marked`);
  const others = await table.locator(".tonight-mark:not([data-reading=\"" + reading + "\"])").count();
  check(others === 0, `tonight: ${others} cells of other readings are marked`);
  await note.getByRole("button", { name: "clear" }).click();
  check(await page.locator(".tonight-mark, .tonight-note").count() === 0, "tonight: clear leaves marks");
  await page.reload({ waitUntil: "load" });
  check(await page.locator(".tonight-mark, .tonight-note").count() === 0, "tonight: the cleared reading comes back on reload");
  check(problems.length === 0, `tonight: ${problems.join("; ")}`);
  await page.close();
  log(`tonight: ${reading} picked on /tonight/ marks its ${column} cells on another page, and clears`);
}

// At phone width no page may scroll sideways: wide tables scroll inside their own frame.
async function checkPhoneWidth(browser) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  for (const rel of ["", SCENARIO_PAGE, "play/stock/", "matrix/", "variants/cotton-1674/", "rules/odd-penny/", "tonight/", "variants/cotton-1674/card/"]) {
    const { page, problems } = await open(phone, rel);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    check(scroll <= client, `at phone width /${rel} is ${scroll}px wide in a ${client}px window`);
    check(problems.length === 0, `/${rel} at phone width: ${problems.join("; ")}`);
    await page.close();
  }
  log("at phone width (390px) no page scrolls sideways");
  await phone.close();
}

async function main() {
  check(siteUrl, "no site URL: pass it as the first argument or in SITE_URL (e.g. http://127.0.0.1:1111/)");
  check(/^https?:\/\/[^/]+\/(.*\/)?$/.test(siteUrl), `the site URL must end with a slash: ${siteUrl}`);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    timeout: STEP_MS,
    // launch() gives every run a fresh, temporary user-data-dir.
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    log(`Chromium ${browser.version()} on ${siteUrl}`);
    const withJs = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await open(withJs, SCENARIO_PAGE);
    await checkOutcomeTable(page, "scenario page");
    await checkLedger(page, "scenario page");
    await checkPrint(page, "scenario page", true);
    check(problems.length === 0, `scenario page: ${problems.join("; ")}`);
    await page.screenshot({ path: screenshot, fullPage: true });
    log(`screenshot saved to ${screenshot}`);
    await checkSearch(withJs);
    await checkFlip(withJs);
    await checkMenuAndShortcut(browser, withJs);
    await checkTonight(withJs);
    await checkCharts(withJs, siteUrl, check, log);
    await withJs.close();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const bare = await open(noJs, SCENARIO_PAGE);
    await checkOutcomeTable(bare.page, "without JavaScript");
    await checkLedger(bare.page, "without JavaScript");
    await checkPrint(bare.page, "without JavaScript", false);
    check((await bare.page.locator("div.flip:visible, button.flip-open").count()) === 0, "without JavaScript: a flip control shows");
    check(bare.problems.length === 0, `without JavaScript: ${bare.problems.join("; ")}`);
    await noJs.close();
    await checkPhoneWidth(browser);
  } finally {
    await browser.close();
  }
}

const timer = setTimeout(() => {
  console.error(`e2e: FAIL: the run took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);
timer.unref();

try {
  await main();
  log("all checks passed");
} catch (err) {
  const message = err instanceof CheckFailed ? err.message : err.stack || String(err);
  console.error(`e2e: FAIL: ${message}`);
  process.exitCode = 1;
}
