// Browser end-to-end test of a built Mournival site, in Debian's Chromium.
//
// Usage: node run.mjs URL      (or SITE_URL=URL node run.mjs)
//   URL         the site root, e.g. http://127.0.0.1:1111/ (this script builds and serves nothing)
//   SCREENSHOT  where to save a full-page screenshot of the scenario page
//               (default: screenshot.png beside this script)
//   CHROMIUM    the browser (default: /usr/bin/chromium)
//
// Checks, with JavaScript on: a scenario page's outcome table (a column per reading, a "net" row
// per player), a cell's ledger opening and citing a rule point, and the search page finding the
// Tiddy page; with JavaScript off: the outcome table and its <details> ledgers are still there and
// still open. Exits 1 with a message naming the failed check.

import { chromium } from "playwright-core";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const siteUrl = process.argv[2] || process.env.SITE_URL;
const screenshot = process.env.SCREENSHOT || path.join(here, "screenshot.png");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const SCENARIO_PAGE = "notebook/tiddy-turned-up/";
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
// each row, and a <details> ledger in each cell. Works the same with JavaScript on or off.
async function checkOutcomeTable(page, label) {
  const table = page.locator("table.outcome").first();
  check((await table.count()) === 1, `${label}: no table.outcome on the page`);
  const readings = await table.locator("thead th[scope=col] a").evaluateAll((links) =>
    links.map((a) => ({ text: a.textContent.trim(), href: a.getAttribute("href") })),
  );
  check(readings.length >= 2, `${label}: expected a header cell per reading, found ${readings.length}`);
  for (const r of readings) {
    check(/variants\/[^/]+\/$/.test(r.href), `${label}: the header "${r.text}" does not link to a reading (${r.href})`);
  }
  const rows = await table.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => ({
      label: tr.querySelector("th[scope=row]")?.textContent.trim() ?? "",
      cells: tr.querySelectorAll("td").length,
      ledgers: tr.querySelectorAll("td details summary").length,
    })),
  );
  const nets = rows.filter((r) => /\bnet$/i.test(r.label));
  check(nets.length >= 1, `${label}: no "… net" row; rows are ${rows.map((r) => r.label).join(", ")}`);
  for (const r of rows) {
    check(r.cells === readings.length, `${label}: row "${r.label}" has ${r.cells} cells for ${readings.length} readings`);
    check(r.ledgers === r.cells, `${label}: row "${r.label}" has ${r.ledgers} <details> ledgers in ${r.cells} cells`);
  }
  log(`${label}: outcome table with ${readings.length} readings and rows ${nets.map((r) => r.label).join(", ")}`);
  return { readings, nets };
}

// Opens the first cell of a net row that has ledger lines, and checks that a line cites a rule
// point: a link to rules/<id>/ whose text is the id, then the reading's choice and its evidence.
async function checkLedger(page, label) {
  const details = page.locator("table.outcome tbody tr.row-net td details:has(ol.ledger li)").first();
  check((await details.count()) === 1, `${label}: no net cell with ledger lines`);
  const line = details.locator("ol.ledger li").first();
  check(!(await line.isVisible()), `${label}: the ledger is visible before its cell is opened`);
  await details.locator("summary").click();
  check(await details.evaluate((d) => d.open), `${label}: clicking the cell did not open its <details>`);
  await line.waitFor({ state: "visible" });
  const cite = line.locator(".cite a").first();
  check((await cite.count()) === 1, `${label}: the first ledger line cites no rule point: "${await line.innerText()}"`);
  const point = (await cite.innerText()).trim();
  const href = await cite.getAttribute("href");
  check(href && href.endsWith(`rules/${point}/`), `${label}: the rule point "${point}" links to ${href}`);
  const text = (await line.innerText()).replace(/\s+/g, " ").trim();
  check(
    new RegExp(`${point} = \\S+ (stated|reported|inferred|assumed)\\b`).test(text),
    `${label}: the ledger line does not give the choice and its evidence: "${text}"`,
  );
  log(`${label}: ledger opened; it cites rule point ${point}: "${text.slice(0, 100)}"`);
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
  check(hrefs.includes(target), `search for "tiddy": no result links to ${target}; results: ${hrefs.join(", ")}`);
  check(problems.length === 0, `search page: ${problems.join("; ")}`);
  log(`search for "tiddy": ${hrefs.length} result(s), one links to ${SCENARIO_PAGE}`);
  await page.close();
}

// At phone width no page may scroll sideways: wide tables scroll inside their own frame.
async function checkPhoneWidth(browser) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  for (const rel of ["", SCENARIO_PAGE, "play/stock/", "matrix/", "variants/cotton-1674/", "rules/odd-penny/"]) {
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
    check(problems.length === 0, `scenario page: ${problems.join("; ")}`);
    await page.screenshot({ path: screenshot, fullPage: true });
    log(`screenshot saved to ${screenshot}`);
    await checkSearch(withJs);
    await withJs.close();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const bare = await open(noJs, SCENARIO_PAGE);
    await checkOutcomeTable(bare.page, "without JavaScript");
    await checkLedger(bare.page, "without JavaScript");
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
