import { chromium } from "playwright-core";
const url = process.argv[2];
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [w, h, scheme] of [[1366, 900, "light"], [390, 844, "dark"]]) {
  const c = await b.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
  const p = await c.newPage();
  await p.goto(url + "notebook/tiddy-turned-up/");
  const t = p.locator("section.scenario").first();
  await t.locator(".table-wrap").first().screenshot({ path: `/tmp/shots/table-${w}.png` });
  await t.locator("table.outcome td a").first().click();
  await p.waitForTimeout(300);
  await p.screenshot({ path: `/tmp/shots/panel-${w}.png` });
}
await b.close();
