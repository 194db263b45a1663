// Times the engine in Chromium: serves templates/static/ on a loopback port, loads engine.js in a
// page, and plays a deal (`deal(seed)`, then `evaluate` under every reading) many times per game.
// Usage: node tests/e2e/engine-bench.mjs [plays]   (Debian's /usr/bin/chromium)
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const root = new URL("../../templates/static/", import.meta.url).pathname;
const plays = Number(process.argv[2] || 200);
const types = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html" };

const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (path === "/") {
    res.writeHead(200, { "content-type": "text/html" });
    return res.end("<!doctype html><title>engine</title>");
  }
  try {
    const body = await readFile(join(root, path));
    res.writeHead(200, { "content-type": types[extname(path)] || "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  await page.goto(base);
  for (const game of ["gleek", "put", "glic"]) {
    const r = await page.evaluate(async ({ game, plays }) => {
      const t0 = performance.now();
      const { load } = await import("/engine.js");
      const engine = await load(game);
      const readings = engine.readings().length;
      const t1 = performance.now();
      const yaml = engine.deal(1).yaml;
      engine.evaluate(yaml);
      const t2 = performance.now();
      for (let i = 0; i < plays; i++) engine.evaluate(engine.deal(i + 2).yaml);
      const t3 = performance.now();
      return { readings, load: t1 - t0, each: (t3 - t2) / plays };
    }, { game, plays });
    console.log(`${game}: load and read ${r.readings} readings ${r.load.toFixed(0)} ms; ` +
      `a fresh deal played under every reading ${r.each.toFixed(2)} ms (mean of ${plays})`);
  }
} finally {
  await browser.close();
  server.close();
}
