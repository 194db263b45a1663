// What settling costs late in an evening. A Glic evening's rounds (and a Put game's deals) make
// one scenario; the page used to play the whole of it at every "Settle", and now plays the new
// round alone on the board the engine says the rounds before left (the ledger's `carry`). Times
// both, under one reading, in Chromium, for evenings of 1 to 64 rounds: the evening replayed, and
// its last round alone on a carried board.
//
// Usage: node settle-bench.mjs URL [REPEATS]   (URL: a site served by `mournival serve`)
import { chromium } from "playwright-core";

const siteUrl = process.argv[2] || process.env.SITE_URL;
const repeats = Number(process.argv[3] || 10);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
try {
  const page = await browser.newPage();
  await page.goto(new URL("settle/glic/", siteUrl).href);
  await page.waitForFunction(() => document.getElementById("settle-status").className === "settle-ready");
  const rows = await page.evaluate(async ({ repeats }) => {
    const { load } = await import(new URL("static/engine.js", document.baseURI.replace(/settle\/glic\/.*$/, "")).href);
    const engine = await load("glic");
    const round = [
      "  - dealer: Dan\n    hands: {Ann: KH QH 2C 3D, Ben: 9S 9C 4D 5D, Cat: JS TS 8D 6C, Dan: AS AC 7S 7C}\n    cut: 4H",
      "  - dealer: Ann\n    hands: {Ann: JH TH 5C 4D, Ben: AS 9D 9H 2C, Cat: QS 5D 4H 3C, Dan: KD KC 8H 7D}\n    cut: 6S",
    ];
    const rounds = (from, n) => Array.from({ length: n }, (_, k) => round[(from + k) % 2]).join("\n");
    const block = (carried, from, n) => `id: bench\nseats: [Ann, Ben, Cat, Dan]\n${carried}\nrounds:\n${rounds(from, n)}\n`;
    const reading = engine.readings()[0].id;
    const time = (yaml) => {
      const t0 = performance.now();
      for (let r = 0; r < repeats; r++) engine.evaluate(yaml, { readings: [reading] });
      return (performance.now() - t0) / repeats;
    };
    const out = [];
    for (const n of [1, 8, 32, 64]) {
      // The board the first n - 1 rounds leave: the carry the page keeps, or (from a module
      // that does not give it) a board of that many pennies, which costs the same to play on.
      const before = n > 1 ? engine.evaluate(block("carried: {}", 0, n - 1), { readings: [reading] }).scenarios[0].ledgers[0].carry : null;
      const carried = before ?? `carried: {poch: ${n - 1}}`;
      out.push([n, time(block("carried: {}", 0, n)), time(block(carried, n - 1, 1))]);
    }
    return out;
  }, { repeats });
  for (const [n, whole, alone] of rows) {
    console.log(`glic: settling round ${n} of an evening: the evening replayed ${whole.toFixed(1)} ms, the round alone ${alone.toFixed(1)} ms (mean of ${repeats})`);
  }
} finally {
  await browser.close();
}
