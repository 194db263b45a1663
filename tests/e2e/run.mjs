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
import { CheckFailed, opener, reporter, runWithin } from "./harness.mjs";
import { checkCharts } from "./charts.mjs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
const siteUrl = process.argv[2] || process.env.SITE_URL;
const screenshot = process.env.SCREENSHOT || path.join(here, "screenshot.png");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const SCENARIO_PAGE = "notebook/tiddy-turned-up/";
// A Put page with a reading of the same id as a Gleek one (cotton-1674).
const PUT_PAGE = "put/notebook/seen-put/";
const GLIC_PAGE = "glic/notebook/poch-bet/";
// The scenario pages that print longest: the whole deal (62 A4 pages before issue 21) and, since,
// the stock's three scenarios and the ruff's (the largest HTML).
const LARGEST_PAGES = ["play/a-whole-deal/", "play/stock/", "play/ruff/"];
const shotsDir = process.env.SHOTS || path.join(path.dirname(fileURLToPath(import.meta.url)), "shots");
// The page's source, for the engine's own figures.
const SCENARIO_SOURCE = "content/notebook/tiddy-turned-up.md";
const repo = path.resolve(here, "../..");
const mournival = process.env.MOURNIVAL || path.join(repo, "target/release/mournival");
// Every step is bounded; the whole run too.
const STEP_MS = 15_000;
const TOTAL_MS = 400_000;
const { check, log } = reporter("e2e");


// Opens `rel` under the site root; fails on an HTTP error or a script error in the page.
const open = opener(siteUrl, STEP_MS);

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
  const rows = await table.locator("tbody tr:not(.row-folded):not(.row-players)").evaluateAll((trs) =>
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

// Below the nets a cell gives one figure per player ("−2 −2 +4"), each lined up under the names of
// the "Players" row and under the same player's figure in every other row; the figure in words
// ("Ann −2, Ben −2, Cat +4") stays for screen readers.
async function checkPhaseCells(page, label) {
  const table = page.locator("table.outcome").first();
  const at = await table.evaluate((t) => {
    const names = t.querySelector("tr.row-players");
    if (!names) return null;
    const right = (el) => Math.round(el.getBoundingClientRect().right);
    const columns = Array.from(names.querySelectorAll("td"), (td) => ({
      reading: td.dataset.reading,
      names: Array.from(td.querySelectorAll(".each > span"), (s) => s.textContent),
      edges: Array.from(td.querySelectorAll(".each > span"), right),
    }));
    const cells = Array.from(t.querySelectorAll("tbody tr:not([hidden]) td.cell")).filter((td) => td.querySelector(".each"))
      .map((td) => ({
        reading: td.dataset.reading,
        row: td.closest("tr").querySelector("th").textContent.trim(),
        figures: Array.from(td.querySelectorAll(".each > span"), (s) => s.textContent),
        edges: Array.from(td.querySelectorAll(".each > span"), right),
        words: td.querySelector(".figure").textContent,
        wordsShown: td.querySelector(".figure").getBoundingClientRect().width > 2,
        hidden: td.querySelector(".each").getAttribute("aria-hidden"),
      }));
    return { columns, cells };
  });
  check(at && at.columns.length > 1, `${label}: no "Players" row above the phase cells`);
  const players = at.columns[0].names;
  check(players.length >= 2, `${label}: the Players row names ${players.join(", ")}`);
  check(at.cells.length >= at.columns.length * 2, `${label}: ${at.cells.length} cells give a figure per player`);
  for (const c of at.cells) {
    const col = at.columns.find((k) => k.reading === c.reading);
    const words = players.map((n, i) => `${n} ${c.figures[i]}`).join(", ");
    check(c.figures.length === players.length && c.words === words, `${label}: ${c.row} under ${c.reading} shows ${c.figures.join(" ")} for "${c.words}"`);
    check(!c.wordsShown && c.hidden === "true", `${label}: ${c.row} under ${c.reading} shows the figure twice (in words: ${c.wordsShown}, aria-hidden ${c.hidden})`);
    const off = c.edges.map((x, i) => Math.abs(x - col.edges[i]));
    check(Math.max(...off) <= 1, `${label}: ${c.row} under ${c.reading}: the figures end at ${c.edges.join(", ")}, the names at ${col.edges.join(", ")}`);
  }
  log(`${label}: ${at.cells.length} phase cells give ${players.join(" / ")} lined up under the Players row`);
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

// On paper the ledger panels of the net cells that differ show (a net cell's ledger holds every
// payment of its player), from the stylesheet alone, and no other; with JavaScript, every <details> of the page opens before printing too, and closes again
// after (the stylesheet keeps the contributors' folds off the paper).
async function checkPrint(page, label, js) {
  await page.emulateMedia({ media: "print" });
  const panels = await page.locator(".ledger-panel:not(.folded)").evaluateAll((ps) => ps.map((p) => [p.classList.contains("differs") && p.classList.contains("row-net"), p.offsetHeight > 0]));
  const differ = panels.filter(([d]) => d);
  const wrong = panels.filter(([d, shown]) => d !== shown).length;
  check(differ.length > 0 && wrong === 0, `${label}: in print ${wrong} of ${panels.length} ledger panels show or hide wrongly (${differ.length} net cells differ)`);
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
  log(`${label}: in print the ${differ.length} ledger panels of net cells that differ show, the other ${panels.length - differ.length} do not${js ? "; every <details> opens" : ""}`);
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

// The search of issue 21: a period spelling ("tidy") finds Tiddy, results are grouped by game,
// the status gives the true count, focus moves to the results, and the index's parts are fetched
// once per visit and weigh under 300 KB gzipped.
async function checkSearchMore(context) {
  const { page, problems } = await open(context, "search/?q=tidy");
  await page.locator("#search-results li a").first().waitFor({ state: "visible" });
  const groups = await page.locator("#search-results .search-group h2").allInnerTexts();
  check(groups.length >= 2 && groups.includes("Gleek"), `search for "tidy": groups ${groups.join(", ")}`);
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
  check(focused === "search-results", `search: focus is on ${focused}, not the results`);
  const status = await page.locator("#search-status").innerText();
  const count = Number((status.match(/^(\d+) section/) || [])[1]);
  const shown = await page.locator("#search-results .search-group li").count();
  check(count >= shown && shown > 0, `search: the status says "${status}" for ${shown} shown`);
  // The index's parts (search-index/N.json) are kept for the visit; only their list, a few
  // bytes that say which parts are current, is fetched again.
  let fetched = 0;
  page.on("request", (r) => { if (r.url().includes("/search-index/")) fetched += 1; });
  await page.goto(new URL("search/?q=ruff", siteUrl).href, { waitUntil: "load" });
  await page.locator("#search-results li a").first().waitFor({ state: "visible" });
  check(fetched === 0, `search: the index's parts were fetched ${fetched} more time(s) in the same visit`);
  const list = await (await fetch(new URL("search-index.json", siteUrl))).json();
  check(list.parts.length >= 2, `search: the index has ${list.parts.length} part(s)`);
  let size = 0, gz = 0;
  for (const part of list.parts) {
    const bytes = Buffer.from(await (await fetch(new URL(part.u, siteUrl))).arrayBuffer());
    size += bytes.length;
    gz += gzipSync(bytes).length;
  }
  check(gz < 300 * 1024, `search: the index's parts are ${gz} bytes gzipped`);
  check(problems.length === 0, `search: ${problems.join("; ")}`);
  await page.close();
  log(`search for "tidy": ${count} section(s) in groups ${groups.join(", ")}; focus on the results; the index's ${list.parts.length} parts fetched once per visit, ${Math.round(size / 1024)} KB (${Math.round(gz / 1024)} KB gzipped)`);
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

// "Play it tonight": a reading picked on /tonight/ is marked in another page's outcome table of
// its game, named in a note, not marked in another game's tables though the id is shared
// (Cotton wrote on Gleek and on Put), and cleared by the note's button for the rest of the session.
async function checkTonight(context) {
  const reading = "cotton-1674";
  const picker = await open(context, `tonight/?pick=gleek/${reading}`);
  check(await picker.page.locator("#tonight-reading").inputValue() === `gleek/${reading}`, "tonight: the picker does not show the picked reading");
  check(picker.problems.length === 0, `tonight: ${picker.problems.join("; ")}`);
  await picker.page.close();
  // Another tab, without the parameter: the pick is remembered.
  const { page, problems } = await open(context, SCENARIO_PAGE);
  const note = page.locator(".tonight-note");
  await note.waitFor({ state: "visible" });
  const said = await note.innerText();
  check(/Highlighting: Gleek: Charles Cotton \(1674\)/.test(said), `tonight: the note says "${said}"`);
  const table = page.locator("table.outcome").first();
  const marked = await table.locator(".tonight-mark").count();
  const column = await table.locator(`[data-reading="${reading}"]`).count();
  check(column > 1 && marked === column, `tonight: ${marked} of the ${column} cells of ${reading}'s column are marked`);
  const others = await table.locator(".tonight-mark:not([data-reading=\"" + reading + "\"])").count();
  check(others === 0, `tonight: ${others} cells of other readings are marked`);
  // Put has a reading cotton-1674 too: a Gleek pick marks nothing there.
  const put = await open(context, PUT_PAGE);
  check((await put.page.locator(`table.outcome [data-reading="${reading}"]`).count()) > 0, `tonight: ${PUT_PAGE} has no ${reading} column to test with`);
  const onPut = await put.page.locator(".tonight-mark, .tonight-note").count();
  check(onPut === 0, `tonight: a Gleek pick marks ${onPut} elements on the Put page ${PUT_PAGE}`);
  await put.page.close();
  await note.getByRole("button", { name: /clear/ }).click();
  check(await page.locator(".tonight-mark, .tonight-note").count() === 0, "tonight: clear leaves marks");
  await page.reload({ waitUntil: "load" });
  check(await page.locator(".tonight-mark, .tonight-note").count() === 0, "tonight: the cleared reading comes back on reload");
  check(problems.length === 0, `tonight: ${problems.join("; ")}`);
  await page.close();
  log(`tonight: ${reading} picked for Gleek on /tonight/ marks its ${column} cells on another page, nothing on a Put page, and clears`);
}

// Whether a column head shows inside its table's frame, beside the sticky row heads.
async function columnInView(th) {
  return th.evaluate((head) => {
    const frame = head.closest(".table-wrap");
    const box = head.getBoundingClientRect();
    const view = frame.getBoundingClientRect();
    const first = head.parentElement.firstElementChild.getBoundingClientRect();
    return { ok: box.left >= first.right - 1 && box.right <= view.right + 1, left: Math.round(box.left), right: Math.round(box.right), frame: [Math.round(first.right), Math.round(view.right)] };
  });
}

// On a 390 px screen, the tonight mark and a flipped rule point change a column off-screen: the
// table scrolls sideways to bring it into view.
async function checkColumnsIntoView(browser) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const { page } = await open(phone, SCENARIO_PAGE);
  const heads = await page.locator("table.outcome").first().locator("thead th[data-reading]").evaluateAll((ths) => ths.map((th) => th.dataset.reading));
  const last = heads[heads.length - 1];
  await page.close();
  const picked = await open(phone, `tonight/?pick=gleek/${last}`);
  await picked.page.close();
  const marked = await open(phone, SCENARIO_PAGE);
  await marked.page.locator(".tonight-note").waitFor({ state: "visible" });
  const th = marked.page.locator(`table.outcome thead th[data-reading="${last}"]`).first();
  const at = await columnInView(th);
  check(at.ok, `phone: the marked column ${last} is at x=${at.left}..${at.right}, outside its frame ${at.frame.join("..")}`);
  await marked.page.screenshot({ path: path.join(shotsDir, "phone-tonight-column.png") });
  await marked.page.close();
  log(`phone: tonight's mark brings ${last}'s column into view (x=${at.left}..${at.right})`);
  // Flip, with the pick cleared (its mark would scroll the column already): the last reading
  // picked in the flip panel, and one of its rule points changed.
  const cleared = await open(phone, "tonight/?pick=gleek/");
  await cleared.page.close();
  const flipped = await open(phone, SCENARIO_PAGE);
  check((await flipped.page.locator(".tonight-mark").count()) === 0, "phone: the cleared pick still marks a column");
  const section = flipped.page.locator("section.scenario:has(div.flip)").first();
  await section.locator("button.flip-open").click();
  const select = section.locator(".flip-panel select[name=reading]");
  await select.waitFor({ state: "visible" });
  const reading = await select.locator("option").last().getAttribute("value");
  await select.selectOption(reading);
  const point = section.locator(".flip-points select").first();
  const own = await point.inputValue();
  const other = (await point.locator("option").evaluateAll((os) => os.map((o) => o.value))).find((v) => v !== own);
  await point.selectOption(other);
  const head = section.locator("table.outcome thead th.flip-col");
  await head.waitFor({ state: "attached" });
  const name = await head.getAttribute("data-reading");
  check(name === heads[heads.length - 1], `phone: the flipped column is ${name}, not the last, ${heads[heads.length - 1]}`);
  const flipAt = await columnInView(head);
  check(flipAt.ok, `phone: the flipped column ${name} is at x=${flipAt.left}..${flipAt.right}, outside its frame ${flipAt.frame.join("..")}`);
  await flipped.page.screenshot({ path: path.join(shotsDir, "phone-flip-column.png") });
  await flipped.page.close();
  await phone.close();
  log(`phone: flipping a rule point of ${name} brings its column into view (x=${flipAt.left}..${flipAt.right})`);
}

// The newcomer's path, for each game: from the home page, "Learn to play tonight", then the
// game's first-evening card, in two clicks; the card is complete: the game's shared facts
// (players, pack or its ranks, deal, order of play) and every rule point in words, with a link to
// the full rules.
async function checkNewcomer(context) {
  const { page } = await open(context, "");
  const first = page.locator(".first-screen");
  check(await first.isVisible(), "home: no first screen");
  const box = await first.boundingBox();
  check(box.y < 900, `home: the first screen starts at y=${box.y}`);
  const lead = (await first.locator(".lead").innerText()).trim();
  check(lead.split(/(?<=\.)\s+/).length === 2, `home: the lead is not two sentences: "${lead}"`);
  check((await first.getByRole("link", { name: "Compare the readings" }).count()) === 1, "home: no \"Compare the readings\"");
  await first.getByRole("link", { name: "Learn to play tonight" }).click();
  await page.waitForLoadState("load");
  check(new URL(page.url()).pathname.endsWith("/tonight/"), `home: "Learn to play tonight" led to ${page.url()}`);
  const games = await page.locator("section.tonight-game").evaluateAll((ss) => ss.map((s) => s.id));
  check(games.length >= 3, `tonight: ${games.length} games`);
  for (const game of games) {
    const tonight = await open(context, "");
    await tonight.page.locator(".first-screen").getByRole("link", { name: "Learn to play tonight" }).click();
    await tonight.page.waitForLoadState("load");
    const section = tonight.page.locator(`section#${game}`);
    const advice = (await section.locator(".first-evening").innerText()).replace(/\s+/g, " ");
    check(/site's own advice/.test(advice), `${game}: the first evening does not say it is the site's advice: "${advice}"`);
    check(/(It is a period text|holds no period text)/.test(advice) && /states \d+ of the \d+ rule points .* assumes \d+ where it is silent/.test(advice), `${game}: the first evening does not say why this reading: "${advice}"`);
    await section.locator(".first-evening a.button:not(.secondary)").click();
    await tonight.page.waitForLoadState("load");
    const card = tonight.page;
    check(/\/card\/$/.test(new URL(card.url()).pathname), `${game}: the second click led to ${card.url()}, not a card`);
    const topics = await card.locator(".card-facts dt").allInnerTexts();
    for (const want of [/^Players$/, /Pack|board/, /Deal/, /Order of play/]) {
      check(topics.some((t) => want.test(t)), `${game}: the card has no ${want} (it has ${topics.join(", ")})`);
    }
    const points = await card.locator(".card-sections .card-point").count();
    check(points >= 10, `${game}: the card gives ${points} rule points`);
    const rules = await card.locator(".card-lead a").first().getAttribute("href");
    check(/play\//.test(rules), `${game}: the card's first link is ${rules}, not the rules`);
    await card.emulateMedia({ media: "print" });
    check(!(await card.locator(".menu-link").isVisible()) && !(await card.locator("body > header").isVisible()), `${game}: the card prints the header`);
    const size = await card.locator(".card-page").evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    check(size >= 12 && size <= 13.4, `${game}: the card prints in ${size}px, not 9-10 pt`);
    const pdf = await card.pdf({ format: "A4" });
    const pages = pdfPages(pdf);
    check(pages === 1, `${game}: the card prints on ${pages} A4 pages`);
    await card.emulateMedia({ media: "screen" });
    await card.screenshot({ path: path.join(shotsDir, `card-${game}.png`), fullPage: true });
    log(`${game}: home → tonight → card in two clicks: ${topics.length} facts (${topics.join(", ")}), ${points} rule points, prints on ${pages} A4 page(s) in ${size * 0.75} pt`);
    await card.close();
  }
  await page.close();
}

// The pages of a PDF, by its page objects.
function pdfPages(buffer) {
  return (buffer.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) || []).length;
}

// The matrix's column heads stay in view after scrolling down its frame.
async function checkMatrixHeader(context) {
  const { page } = await open(context, "matrix/");
  const frame = page.locator(".matrix-wrap");
  await frame.evaluate((f) => { f.scrollIntoView(); f.scrollTop = 2000; });
  await page.waitForTimeout(100);
  const at = await page.locator(".matrix-table thead th").nth(2).evaluate((th) => {
    const box = th.getBoundingClientRect();
    const frame = th.closest(".matrix-wrap");
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { scrolled: frame.scrollTop, top: Math.round(box.top - frame.getBoundingClientRect().top), onTop: Boolean(hit && th.contains(hit)), text: th.textContent.trim() };
  });
  check(at.scrolled > 500 && at.top >= -1 && at.top <= 2 && at.onTop, `matrix: after scrolling ${at.scrolled}px the head "${at.text}" is ${at.top}px from the frame's top${at.onTop ? "" : ", covered"}`);
  // Agreement shows, and the disputed points alone on request.
  const rows = await page.locator(".matrix-table tbody tr:not(.section-row)").count();
  const agreed = await page.locator(".matrix-table tr.agreed").count();
  await page.getByLabel("Show the disputed points only").check();
  const shown = await page.locator(".matrix-table tbody tr:not(.section-row):visible").count();
  check(agreed > 0 && shown === rows - agreed, `matrix: ${rows} rows, ${agreed} where all agree; the disputed view shows ${shown}`);
  await page.screenshot({ path: path.join(shotsDir, "matrix-scrolled.png") });
  await page.close();
  log(`matrix: the column heads stay at the frame's top after scrolling ${at.scrolled}px; ${agreed} of ${rows} rows agree, the disputed view shows ${shown}`);
}

// At phone widths (320 and 390 px) no page may scroll sideways: wide tables, charts and the Glic
// board scroll inside their own frames. At 390 px every SVG text is drawn at 12 px or more.
async function checkPhoneWidth(browser) {
  const pages = ["", SCENARIO_PAGE, "play/stock/", "play/a-whole-deal/", "matrix/", "variants/cotton-1674/", "rules/odd-penny/", "tonight/", "variants/cotton-1674/card/", "glic/notebook/ante/", "what-the-readings-change/", "put/what-the-readings-change/", GLIC_PAGE, "search/?q=tiddy"];
  for (const width of [320, 390]) {
    const phone = await browser.newContext({ viewport: { width, height: 844 } });
    for (const rel of pages) {
      const { page, problems } = await open(phone, rel);
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      check(scroll <= client, `at ${width}px /${rel} is ${scroll}px wide in a ${client}px window`);
      check(problems.length === 0, `/${rel} at ${width}px: ${problems.join("; ")}`);
      if (width === 390) {
        const small = await page.evaluate(() =>
          Array.from(document.querySelectorAll("svg text")).map((t) => {
            const m = t.getScreenCTM();
            const scale = m ? Math.hypot(m.a, m.b) : 1;
            return { px: parseFloat(getComputedStyle(t).fontSize) * scale, text: t.textContent.trim().slice(0, 30) };
          }).filter((t) => t.text && t.px < 11.95),
        );
        check(small.length === 0, `at 390px /${rel} draws ${small.length} SVG text(s) under 12px, e.g. "${small[0]?.text}" at ${small[0]?.px.toFixed(1)}px`);
        if (rel === GLIC_PAGE) await checkGlicBoard(page);
      }
      await page.close();
    }
    await phone.close();
  }
  log(`at 320 and 390 px no page of ${pages.length} scrolls sideways; at 390 px every SVG text is 12 px or more`);
}

// The Glic board on a phone: the narrow drawing, filling its frame without scrolling sideways;
// on paper, the wide one.
async function checkGlicBoard(page) {
  const boards = async () => page.locator("figure.table-picture").first().evaluate((f) => ({
    scroll: f.scrollWidth,
    client: f.clientWidth,
    shown: Array.from(f.querySelectorAll("svg"), (s) => (s.getBoundingClientRect().width > 0 ? s.getAttribute("class") : null)).filter(Boolean),
  }));
  const phone = await boards();
  check(JSON.stringify(phone.shown) === JSON.stringify(["board-narrow"]), `at 390px the Glic board shows ${phone.shown.join(", ")}`);
  check(phone.scroll <= phone.client, `at 390px the Glic board's frame scrolls: ${phone.scroll}px in ${phone.client}px`);
  await page.locator("figure.table-picture").first().screenshot({ path: path.join(shotsDir, "glic-board-390.png") });
  await page.emulateMedia({ media: "print" });
  const paper = await boards();
  check(JSON.stringify(paper.shown) === JSON.stringify(["board-wide"]), `on paper the Glic board shows ${paper.shown.join(", ")}`);
  await page.emulateMedia({ media: "screen" });
  log(`Glic board at 390px: the narrow drawing, ${phone.client}px wide, no sideways scroll; on paper the wide one`);
}

// The largest scenario pages print to at most 8 A4 pages each: the page, its tables and the
// ledgers of the cells that differ, without the expectations or the YAML.
async function checkLargestPrint(context) {
  for (const rel of LARGEST_PAGES) {
    const { page } = await open(context, rel);
    await page.emulateMedia({ media: "print" });
    const hidden = await page.locator(".expectations, .scenario-source").evaluateAll((els) => els.every((e) => e.offsetHeight === 0));
    check(hidden, `print: /${rel} prints its expectations or its YAML`);
    const pdf = await page.pdf({ format: "A4", path: path.join(shotsDir, `print-${rel.replace(/\W+/g, "-").replace(/-$/, "")}.pdf`) });
    const pages = pdfPages(pdf);
    check(pages > 0 && pages <= 8, `print: /${rel} prints to ${pages} A4 pages`);
    await page.close();
    log(`print: /${rel} prints to ${pages} A4 page(s)`);
  }
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
  mkdirSync(shotsDir, { recursive: true });
  try {
    log(`Chromium ${browser.version()} on ${siteUrl}`);
    const withJs = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await open(withJs, SCENARIO_PAGE);
    await checkOutcomeTable(page, "scenario page");
    await checkPhaseCells(page, "scenario page");
    await checkLedger(page, "scenario page");
    await checkPrint(page, "scenario page", true);
    check(problems.length === 0, `scenario page: ${problems.join("; ")}`);
    await page.screenshot({ path: screenshot, fullPage: true });
    log(`screenshot saved to ${screenshot}`);
    await checkSearch(withJs);
    await checkSearchMore(withJs);
    await checkFlip(withJs);
    await checkMenuAndShortcut(browser, withJs);
    await checkTonight(withJs);
    await checkNewcomer(withJs);
    await checkMatrixHeader(withJs);
    await checkLargestPrint(withJs);
    await checkCharts(withJs, siteUrl, check, log);
    await withJs.close();
    await checkColumnsIntoView(browser);

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const bare = await open(noJs, SCENARIO_PAGE);
    await checkOutcomeTable(bare.page, "without JavaScript");
    await checkPhaseCells(bare.page, "without JavaScript");
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

await runWithin("e2e", TOTAL_MS, main);
