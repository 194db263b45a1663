// What settling costs late in an evening: a Glic evening's rounds (and a Put game's deals) make
// one scenario, so the page plays the whole of it at every "Settle". Times that evaluation, under
// one reading, in Chromium for evenings of 1 to 64 rounds.
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
    const block = (n) => `id: bench\nseats: [Ann, Ben, Cat, Dan]\nrounds:\n${Array.from({ length: n }, (_, k) => round[k % 2]).join("\n")}\n`;
    const reading = engine.readings()[0].id;
    const out = [];
    for (const n of [1, 8, 32, 64]) {
      const t0 = performance.now();
      for (let r = 0; r < repeats; r++) {
        engine.evaluate(block(n), { readings: [reading] });
      }
      out.push([n, (performance.now() - t0) / repeats]);
    }
    return out;
  }, { repeats });
  for (const [n, ms] of rows) console.log(`glic: settling round ${n} of an evening: ${ms.toFixed(1)} ms (mean of ${repeats})`);
} finally {
  await browser.close();
}
