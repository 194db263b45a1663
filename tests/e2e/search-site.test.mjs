// The search page's ranking over a built site's index, divided into files, against the ranking
// of the same index written whole (search-whole.cjs, the ranking before issue 23): for words of
// the site's own (whole, as prefixes, with a slip, two at a time) every result and score must be
// the same, and a query must fetch only its letters' files, docs.json and the text shown.
// SEARCH_SITE is the site's folder (run.sh builds one); SEARCH_QUERIES how many words to try.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join as path } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { rank, gather, describeAll } = require("../../templates/static/search.js");
const { rank: rankWhole } = require("./search-whole.cjs");
const { join } = require("./search-divide.cjs");

const site = process.env.SEARCH_SITE;
const read = (url) => JSON.parse(readFileSync(path(site, url), "utf8"));

// Queries made of the index's own words, spread over the alphabet: each word, its first three
// letters, the word with its second letter changed (a slip), and two words together.
function queries(whole, count) {
  const all = Object.keys(whole.words).filter((w) => w.length > 1);
  const step = Math.max(1, Math.floor(all.length / count));
  const picked = all.filter((_, i) => i % step === 0).slice(0, count);
  const out = [];
  picked.forEach((w, i) => {
    out.push(w, w.slice(0, 3));
    if (w.length >= 4) { out.push(w[0] + (w[1] === "e" ? "a" : "e") + w.slice(2)); }
    out.push(`${w} ${picked[(i * 7 + 3) % picked.length]}`);
  });
  return out.concat(["tiddy", "tidy", "Tiddie", "odd penny", "mournival gleek", "ruff"]);
}

test("the divided index ranks as the index written whole, and a query fetches what it needs", { skip: !site }, async () => {
  const list = read("search-index.json");
  const whole = join(list, read);
  for (const query of queries(whole, Number(process.env.SEARCH_QUERIES || 150))) {
    const fetched = [];
    const get = (url) => {
      fetched.push(url);
      return Promise.resolve(read(url));
    };
    const found = rank(await gather(list, query, get), query);
    const results = await describeAll(found, list, get);
    const expected = rankWhole(whole, query).map(({ page, n, ...r }) => r);
    assert.deepEqual(results, expected, query);
    const letters = new Set(query.toLowerCase().split(/\s+/).map((w) => (/^[a-z0-9]/.test(w) ? w[0] : "_")));
    for (const url of fetched) {
      const name = url.split("/").pop();
      const ok = name === "docs.json" || name.startsWith("text-") || letters.has(name.charAt(2));
      assert.ok(ok, `${query}: ${url} fetched`);
    }
  }
});
