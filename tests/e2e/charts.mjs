// The charts of the pages "What the readings change", as a reader sees them in Chromium: that
// none can mislead. For every chart: a scale starting from zero with its ticks and its unit
// shown, the sample size written under it, no two labels that read the same, every estimate
// with its interval, and no bar drawn for a value that prints as zero. Self-contained: run.mjs
// calls checkCharts(context, siteUrl, check, log) once.

// Each game's page, where the game simulates.
const CHART_PAGES = ["what-the-readings-change/", "put/what-the-readings-change/", "glic/what-the-readings-change/"];

// What one chart shows, read from its drawing.
function readCharts() {
  const number = (text) => {
    const m = /^([+−-]?[0-9.]+)/.exec(text.trim().replace("−", "-"));
    return m ? Number(m[1]) : NaN;
  };
  return [...document.querySelectorAll("svg.chart")].map((svg) => {
    const title = svg.querySelector("title")?.textContent ?? "(untitled)";
    const labels = [...svg.querySelectorAll("text.label:not(.small)")]
      .filter((t) => t.getAttribute("y") !== "16") // the legend of a chart of intervals
      .map((t) => [...t.querySelectorAll("tspan")].map((s) => s.textContent).join(" ") || t.textContent);
    const ticks = [...svg.querySelectorAll("text.tick-value")].map((t) => t.textContent);
    const unit = svg.querySelector("text.unit")?.textContent ?? "";
    const sample = svg.querySelector("text.sample")?.textContent ?? "";
    // Bars: each row's drawing between one label and the next.
    const rows = [];
    let row = null;
    for (const el of svg.children) {
      if (el.matches("text.label:not(.small)")) {
        row = { bar: null, interval: false, value: null };
        rows.push(row);
      } else if (row && el.matches("rect.bar")) {
        row.bar = Number(el.getAttribute("width"));
      } else if (row && el.matches("line.interval")) {
        row.interval = true;
      } else if (row && el.matches("text.value")) {
        row.value = el.textContent;
      }
    }
    const bars = rows.filter((r) => r.value !== null).map((r) => ({ ...r, printed: number(r.value) }));
    // Intervals: each mean (a circle off the legend's line) beside its whisker.
    const means = [...svg.querySelectorAll("circle")].filter((c) => c.getAttribute("cy") !== "12").length;
    const whiskers = svg.querySelectorAll("line.whisker").length;
    return { title, labels, ticks, unit, sample, bars, means, whiskers };
  });
}

export async function checkCharts(context, siteUrl, check, log) {
  for (const rel of CHART_PAGES) {
    const page = await context.newPage();
    const response = await page.goto(new URL(rel, siteUrl).href, { waitUntil: "load" });
    check(response && response.ok(), `charts: /${rel} answered HTTP ${response ? response.status() : "nothing"}`);
    const charts = await page.evaluate(readCharts);
    check(charts.length >= 2, `charts: /${rel} has ${charts.length} chart(s)`);
    for (const c of charts) {
      const where = `charts: /${rel}, "${c.title}"`;
      check(c.ticks.some((t) => Number(t.replace("%", "").replace("−", "-")) === 0), `${where}: no tick at zero (${c.ticks.join(", ")})`);
      check(c.ticks.length >= 3, `${where}: the scale is not shown`);
      check(c.unit.length > 0, `${where}: the scale's unit is not written`);
      check(/^n = [0-9,]+ /.test(c.sample), `${where}: no sample size ("${c.sample}")`);
      if (c.unit.includes("%")) {
        check(/% of the /.test(c.unit), `${where}: a share that does not say of what ("${c.unit}")`);
      }
      const seen = new Set();
      for (const label of c.labels) {
        check(!seen.has(label), `${where}: two labels read "${label}"`);
        check(!label.endsWith("…"), `${where}: a label is cut: "${label}"`);
        seen.add(label);
      }
      for (const b of c.bars) {
        if (b.value === "not reached by this policy") {
          check(b.bar === null && !b.interval, `${where}: a bar drawn for a point not reached`);
          continue;
        }
        check(b.interval && b.value.includes("±"), `${where}: an estimate without its interval: "${b.value}"`);
        check(!(b.printed === 0 && b.bar !== null), `${where}: a bar drawn for "${b.value}", which prints as zero`);
        check(!(b.printed > 0 && b.bar === null), `${where}: no bar for "${b.value}"`);
      }
      check(c.means === c.whiskers, `${where}: ${c.means} mean(s) but ${c.whiskers} interval(s)`);
    }
    log(`charts on /${rel}: ${charts.length} charts, each from zero with its scale, sample and intervals`);
    await page.close();
  }
}
