// Accessibility audit and screenshots of a built Mournival site, in Debian's Chromium.
//
// Usage: node audit.mjs URL      (or SITE_URL=URL node audit.mjs); run.sh runs it after run.mjs.
//   URL         the site root, e.g. http://127.0.0.1:1111/ (this script builds and serves nothing)
//   SHOTS       the folder for the screenshots and the PDF (default: shots/ beside this script)
//   AUDIT_ONLY  axe: only the axe-core audit; shots: only the screenshots and the layout checks;
//               all (the default): both
//   CHROMIUM    the browser (default: /usr/bin/chromium)
//
// axe: axe-core (from node_modules) on each main page type, light and dark, at 1366 and 390 px,
// with every <details> open; every violation is printed, and any violation, of any impact, fails
// the page.
// shots: the scenario page at 1366×900 and 390×844, light and dark, and printed (a screenshot in
// print media and a PDF); and the checks behind the issue's pictures: at 390 px the outcome
// table's row header stays in view when the table is scrolled sideways, a menu control is in the
// header within the first screen and opening it shows the site's links, and in print the ledger
// lines are shown. Each check prints PASS or FAIL with its reason; the script exits 1 if any fails.

import { chromium } from "playwright-core";
import { CheckFailed, reporter, runWithin } from "./harness.mjs";
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const siteUrl = process.argv[2] || process.env.SITE_URL;
const shotsDir = process.env.SHOTS || path.join(here, "shots");
const only = process.env.AUDIT_ONLY || "all";
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// The page types audited, one page each; `ready` is what a page shows once its script has run.
const PAGES = [
  { type: "home", rel: "" },
  { type: "scenario", rel: "notebook/tiddy-turned-up/" },
  { type: "rule point", rel: "rules/odd-penny/" },
  { type: "reading", rel: "variants/cotton-1674/" },
  { type: "matrix", rel: "matrix/" },
  { type: "search", rel: "search/?q=tiddy", ready: "#search-results li" },
  { type: "annotated source", rel: "sources/cotton-1674-gleek/" },
  { type: "simulation", rel: "what-the-readings-change/" },
  { type: "glossary", rel: "glossary/" },
  { type: "404", rel: "no-such-page/", status: 404 },
  { type: "Put scenario", rel: "put/notebook/seen-put/" },
  { type: "Glic scenario", rel: "glic/notebook/poch-bet/" },
  { type: "play it tonight", rel: "tonight/" },
  { type: "card", rel: "variants/cotton-1674/card/" },
];
const SCENARIO_PAGE = "notebook/tiddy-turned-up/";
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const VIEWS = [DESKTOP, PHONE].flatMap((viewport) =>
  ["light", "dark"].map((colorScheme) => ({ viewport, colorScheme, name: `${viewport.width}-${colorScheme}` })),
);
// Every impact fails (issue 21): minor and moderate too.
const FAILING_IMPACTS = new Set(["minor", "moderate", "serious", "critical"]);
// What the layout checks look for; the outcome table's rework may move the ledgers out of it.
const ROW_HEADER = "table.outcome tbody th[scope=row]";
const LEDGER_LINE = "ol.ledger li";
const HEADER_CONTROLS = "body > header :is(button, summary, [role=button], a[href^='#'])";

// Every step is bounded; the whole run too.
const STEP_MS = 20_000;
const AXE_MS = 60_000;
const TOTAL_MS = 600_000;
const { log } = reporter("audit");


const results = [];


function record(name, ok, reason) {
  results.push({ name, ok, reason });
  log(`${ok ? "PASS" : "FAIL"} ${name}: ${reason}`);
}

// Rejects with a CheckFailed naming `what` if `promise` takes longer than `ms`.
function within(ms, what, promise) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailed(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// Runs one check: `body` returns [ok, reason]; an error or a timeout is a failure of that check
// alone, and the run goes on.
async function step(name, body, ms = STEP_MS) {
  try {
    const [ok, reason] = await within(ms, name, body());
    record(name, ok, reason);
  } catch (err) {
    record(name, false, err instanceof CheckFailed ? err.message : err.stack || String(err));
  }
}

// Opens `rel` under the site root; throws on an unexpected HTTP status or a script error, and
// waits for what the page's script shows (`ready`), if anything.
async function open(context, { rel, status = 200, ready }) {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  const url = new URL(rel, siteUrl).href;
  const response = await page.goto(url, { waitUntil: "load" });
  const got = response ? response.status() : "nothing";
  // `mournival serve` answers a missing page with the site's 404 page; a 200 there is fine too.
  const expected = status === 404 ? [200, 404] : [status];
  if (!expected.includes(got)) throw new CheckFailed(`${url} answered HTTP ${got}, not ${status}`);
  if (ready) await page.locator(ready).first().waitFor({ state: "visible" });
  if (errors.length) throw new CheckFailed(`${url}: script error: ${errors.join("; ")}`);
  return page;
}

async function newContext(browser, view) {
  return browser.newContext({ viewport: view.viewport, colorScheme: view.colorScheme });
}

// axe-core's violations on the open page, each with the selectors of the elements at fault.
// Every <details> is opened first: axe skips what is hidden, and the ledgers and the scenarios'
// YAML are most of a scenario page.
async function axeViolations(page) {
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const found = await window.axe.run(document, { resultTypes: ["violations"] });
    return found.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      count: v.nodes.length,
      targets: v.nodes.map((n) => n.target.join(" ")),
      why: (v.nodes[0]?.failureSummary || "").replace(/\s+/g, " ").trim(),
    }));
  });
}

// Every violation by rule, across pages and views, for the summary at the end.
const byRule = new Map();

function remember(violation, where) {
  const rule = byRule.get(violation.id) || { ...violation, count: 0, where: new Set() };
  rule.count += violation.count;
  rule.where.add(where);
  byRule.set(violation.id, rule);
}

async function auditPage(context, view, spec) {
  const where = `${spec.type} (/${spec.rel}) at ${view.name}`;
  await step(`axe: ${where}`, async () => {
    const page = await open(context, spec);
    const violations = await within(AXE_MS, `axe on /${spec.rel}`, axeViolations(page));
    await page.close();
    for (const v of violations) {
      remember(v, `${spec.type} ${view.name}`);
      const more = v.count > 3 ? ` and ${v.count - 3} more` : "";
      log(`  ${v.impact} ${v.id} ×${v.count}: ${v.help}; at ${v.targets.slice(0, 3).join(" | ")}${more}; the first: ${v.why}`);
    }
    const bad = violations.filter((v) => FAILING_IMPACTS.has(v.impact));
    const ok = bad.length === 0;
    const names = (list) => list.map((v) => `${v.id} (${v.impact}, ${v.count})`).join(", ");
    return [ok, ok ? "no violation" : `violations: ${names(bad)}`];
  }, STEP_MS + AXE_MS);
}

async function runAxe(browser) {
  for (const view of VIEWS) {
    const context = await newContext(browser, view);
    for (const spec of PAGES) await auditPage(context, view, spec);
    await context.close();
  }
}

function printAxeSummary() {
  if (byRule.size === 0) return;
  log("axe summary, by rule (impact, elements over all pages and views, where, an example):");
  for (const r of [...byRule.values()].sort((a, b) => b.count - a.count)) {
    log(`  ${r.id} (${r.impact}) ×${r.count}: ${r.help}; on ${[...r.where].join(", ")}; e.g. ${r.targets[0]}`);
  }
}

function shot(name) {
  return path.join(shotsDir, name);
}

// The scenario page, whole, in each view.
async function scenarioShots(browser) {
  for (const view of VIEWS) {
    await step(`screenshot: scenario page at ${view.name}`, async () => {
      const context = await newContext(browser, view);
      const page = await open(context, { rel: SCENARIO_PAGE });
      const file = shot(`scenario-${view.name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await context.close();
      return [true, `saved ${file}`];
    });
  }
}

// Scrolls the outcome table's frame to its right end and says where its first row header is:
// inside the frame and not painted over by the cells.
async function rowHeaderAfterScroll(page) {
  const header = page.locator(ROW_HEADER).first();
  if ((await header.count()) === 0) return { missing: true };
  await header.scrollIntoViewIfNeeded();
  return header.evaluate(async (th) => {
    let frame = th.parentElement;
    while (frame && !(/auto|scroll/.test(getComputedStyle(frame).overflowX) && frame.scrollWidth > frame.clientWidth)) {
      frame = frame.parentElement;
    }
    if (!frame) return { scrolls: false };
    frame.scrollLeft = frame.scrollWidth;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const box = th.getBoundingClientRect();
    const view = frame.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      scrolls: true,
      scrolled: Math.round(frame.scrollLeft),
      text: th.textContent.trim(),
      left: Math.round(box.left - view.left),
      right: Math.round(view.right - box.right),
      onTop: Boolean(hit && th.contains(hit)),
      // A header over the cells without a background of its own shows their text through it.
      opaque: !/^(transparent|rgba\(.*, 0\))$/.test(getComputedStyle(th).backgroundColor),
    };
  });
}

async function checkStickyRowHeader(browser) {
  await step("phone: the outcome table's row header stays in view when the table scrolls sideways", async () => {
    const context = await newContext(browser, VIEWS.find((v) => v.viewport === PHONE));
    const page = await open(context, { rel: SCENARIO_PAGE });
    const at = await rowHeaderAfterScroll(page);
    await page.screenshot({ path: shot("phone-table-scrolled.png") });
    await context.close();
    if (at.missing) return [false, `no ${ROW_HEADER} on /${SCENARIO_PAGE}`];
    if (!at.scrolls) return [true, "the table fits the phone's width: nothing scrolls sideways"];
    const inFrame = at.left >= -1 && at.right >= -1;
    const flaw = !inFrame ? "" : !at.onTop ? ", painted over by the cells" : at.opaque ? "" : ", with no background: the cells show through";
    const where = `scrolled ${at.scrolled}px: "${at.text}" is ${at.left}px from the frame's left edge${flaw}`;
    return [inFrame && at.onTop && at.opaque, where];
  });
}

// The header's menu control, if any: a button, summary or in-page link outside the search form
// that says it opens something (aria-expanded, aria-controls, or a name like "Menu").
async function findMenuControl(page) {
  const index = await page.locator(HEADER_CONTROLS).evaluateAll((els) =>
    els.findIndex((el) => {
      const box = el.getBoundingClientRect();
      if (el.closest("form") || box.width === 0 || box.height === 0) return false;
      const name = `${el.getAttribute("aria-label") || ""} ${el.textContent}`;
      return el.hasAttribute("aria-expanded") || el.hasAttribute("aria-controls") || el.tagName === "SUMMARY" || /menu|navigation|sections|contents/i.test(name);
    }),
  );
  return index < 0 ? null : page.locator(HEADER_CONTROLS).nth(index);
}

// Links to other pages shown within the window, outside the main content and the search form.
function linksInView(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("a[href]")].filter((a) => {
      if (a.closest("main, form") || a.getAttribute("href").startsWith("#")) return false;
      const box = a.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && a.checkVisibility({ visibilityProperty: true });
    }).length,
  );
}

async function checkPhoneMenu(browser, view) {
  await step(`phone: a menu control in the header opens the site's links (${view.colorScheme})`, async () => {
    const context = await newContext(browser, view);
    const page = await open(context, { rel: SCENARIO_PAGE });
    await page.screenshot({ path: shot(`phone-first-screen-${view.colorScheme}.png`) });
    const control = await findMenuControl(page);
    if (!control) {
      await context.close();
      return [false, "no menu control (button, summary or in-page link naming a menu) in the page's header"];
    }
    const box = await control.boundingBox();
    const label = (await control.innerText()).trim() || (await control.getAttribute("aria-label"));
    const before = await linksInView(page);
    await control.click();
    await page.waitForTimeout(300);
    const after = await linksInView(page);
    await page.screenshot({ path: shot(`phone-menu-open-${view.colorScheme}.png`) });
    await context.close();
    const onFirstScreen = box.y >= 0 && box.y + box.height <= view.viewport.height;
    if (!onFirstScreen) return [false, `the menu control "${label}" is at y=${Math.round(box.y)}px, below the first screen`];
    return [after > before, `opening "${label}" shows ${after} site links in the window (${before} before)`];
  });
}

// In print, the ledger lines of the net cells that differ (each holds every payment of its
// player) are laid out and shown, and no other.
async function checkPrintLedgers(browser) {
  await step("print: the scenario page's ledgers of the net cells that differ are shown", async () => {
    const context = await newContext(browser, VIEWS[0]);
    const page = await open(context, { rel: SCENARIO_PAGE });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: shot("scenario-print.png"), fullPage: true });
    await page.pdf({ path: shot("scenario.pdf"), format: "A4", printBackground: true });
    const lines = await page.locator(LEDGER_LINE).evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        const panel = el.closest(".ledger-panel");
        return {
          differs: Boolean(panel && panel.classList.contains("differs") && panel.classList.contains("row-net") && !panel.classList.contains("folded")),
          shown: box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true }),
          text: el.textContent.replace(/\s+/g, " ").trim(),
        };
      }),
    );
    await context.close();
    if (lines.length === 0) return [false, `no ledger lines (${LEDGER_LINE}) on /${SCENARIO_PAGE}`];
    const wanted = lines.filter((l) => l.differs);
    const wrong = lines.filter((l) => l.differs !== l.shown);
    const ok = wanted.length > 0 && wrong.length === 0;
    return [ok, `${wanted.length} of ${lines.length} ledger lines belong to net cells that differ; ${wrong.length} shown or hidden wrongly${wrong.length ? `, e.g. "${wrong[0].text.slice(0, 60)}"` : ""}; PDF saved to ${shot("scenario.pdf")}`];
  });
}

async function runShots(browser) {
  mkdirSync(shotsDir, { recursive: true });
  await scenarioShots(browser);
  await checkStickyRowHeader(browser);
  for (const view of VIEWS.filter((v) => v.viewport === PHONE)) await checkPhoneMenu(browser, view);
  await checkPrintLedgers(browser);
}

async function main() {
  if (!siteUrl) throw new CheckFailed("no site URL: pass it as the first argument or in SITE_URL (e.g. http://127.0.0.1:1111/)");
  if (!/^https?:\/\/[^/]+\/(.*\/)?$/.test(siteUrl)) throw new CheckFailed(`the site URL must end with a slash: ${siteUrl}`);
  if (!["axe", "shots", "all"].includes(only)) throw new CheckFailed(`AUDIT_ONLY must be axe, shots or all, not "${only}"`);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    timeout: STEP_MS,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    log(`Chromium ${browser.version()} on ${siteUrl} (AUDIT_ONLY=${only})`);
    if (only !== "shots") await runAxe(browser);
    if (only !== "axe") await runShots(browser);
  } finally {
    await browser.close();
  }
  printAxeSummary();
  const failed = results.filter((r) => !r.ok);
  log(`${results.length - failed.length} passed, ${failed.length} failed`);
  for (const r of failed) log(`FAILED ${r.name}: ${r.reason}`);
  if (failed.length) process.exitCode = 1;
}

await runWithin("audit", TOTAL_MS, main, { passed: false });
