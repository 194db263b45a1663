// Unit tests of the search page's ranking and snippets (templates/static/search.js), on small
// hand-made indexes written whole, divided into files as src/site/search.rs divides one
// (search-divide.cjs), fetched and ranked as the page does; each ranking is compared with the
// ranking of the index written whole (search-whole.cjs). Run by run.sh: node --test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { rank: rankDivided, snippet, groups, gather, describeAll } = require("../../templates/static/search.js");
const { rank: rankWhole } = require("./search-whole.cjs");
const { divide } = require("./search-divide.cjs");

// The results the page shows for `query` over `whole` divided in parts of `perPart` pages,
// text files of `perText`, every result described; and the URLs of the files fetched.
async function search(whole, query, perPart = 2, perText = 1, big = Infinity) {
  const { list, files } = divide(whole, perPart, perText, big);
  const fetched = [];
  const get = (url) => {
    fetched.push(url);
    return url in files ? Promise.resolve(files[url]) : Promise.reject(new Error(url));
  };
  const index = await gather(list, query, get);
  const results = await describeAll(rankDivided(index, query), list, get);
  return { results, fetched };
}

// The results for `query`, checked to be the ranking of the index written whole, however divided.
async function rank(whole, query) {
  const expected = rankWhole(whole, query).map(({ page, n, ...r }) => r);
  for (const [perPart, perText, big] of [[1, 1, 0], [2, 1, Infinity], [3, 2, 1], [100, 100, 2]]) {
    const { results } = await search(whole, query, perPart, perText, big);
    assert.deepEqual(results, expected, `${query}, ${perPart} pages a part, ${perText} a text file, ${big}`);
  }
  return expected;
}

const filler = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

// Two documents: a short page with the term in its title, a long one mentioning it once; and a
// section whose heading names the term.
function index() {
  const pages = [
    { u: "long/", t: "A long page", s: "Pages" },
    { u: "short/", t: "Tiddy turned up", s: "The notebook" },
    { u: "other/", t: "Other", s: "The notebook" },
    { u: "none/", t: "Nothing", s: "Pages" },
  ];
  const docs = [
    { p: 0, n: 401, x: `${filler(200)} tiddy ${filler(200)}` },
    { p: 1, n: 5, x: "Tiddy is the card turned" },
    { p: 2, a: "tiddy", h: "Tiddy held", n: 5, x: "the four of trumps held" },
    { p: 3, n: 2, x: "no match" },
  ];
  // Each word's sections as gaps: tiddy in sections 0, 1 and 2.
  const words = { tiddy: [0, 1, 1, 1, 1, 1], card: [1, 1], turned: [1, 1], four: [2, 1], held: [2, 1] };
  return { pages, docs, words };
}

test("a query fetches its words' files, their parts' docs.json and the text of the results shown alone", async () => {
  const { fetched } = await search(index(), "fou", 2, 1);
  assert.deepEqual(fetched.sort(), ["search-index/1/docs.json", "search-index/1/text-0.json", "search-index/1/w-f.json"]);
  const { fetched: two } = await search(index(), "tiddy card", 2, 1);
  assert.deepEqual(two.sort(), [
    "search-index/0/docs.json", "search-index/0/text-1.json", "search-index/0/w-c.json", "search-index/0/w-t.json",
    "search-index/1/w-t.json",
  ], "a part without one of the words counts the other's sections, not its docs");
  assert.deepEqual((await search(index(), "zzz")).fetched, [], "no part has a word in z");
  // A word in more than one section of a part has its list apart, fetched only if it matches.
  const { fetched: apart } = await search(index(), "tid", 100, 100, 1);
  assert.deepEqual(apart.sort(), ["search-index/0/docs.json", "search-index/0/text-0.json", "search-index/0/w-t-0.json", "search-index/0/w-t.json"]);
  const { fetched: none } = await search(index(), "turned", 100, 100, 1);
  assert.ok(!none.includes("search-index/0/w-t-0.json"), none.join(", "));
  assert.deepEqual(await rank(index(), "zzz"), []);
});

test("a short page with the term in its title outranks a long page mentioning it once", async () => {
  const urls = (await rank(index(), "tiddy")).map((r) => r.url);
  assert.deepEqual(urls.slice(0, 1), ["short/"]);
  assert.ok(urls.indexOf("long/") > urls.indexOf("other/#tiddy"), urls.join(", "));
  assert.ok(!urls.includes("none/"));
});

test("every word of the query must match, by prefix", async () => {
  assert.deepEqual((await rank(index(), "tid fou")).map((r) => r.url), ["other/#tiddy"]);
  assert.deepEqual(await rank(index(), "tiddy absent"), []);
  for (const q of ["held", "card", "turned tid", "four held", "tiddy tiddy"]) { await rank(index(), q); }
});

test("the snippet shows the words around the first hit, the hits marked", () => {
  const pieces = snippet(index().docs[0].x, "tiddy");
  const text = pieces.map((p) => p.text).join("");
  assert.ok(text.startsWith("… word192 "), text);
  assert.ok(text.endsWith(" …"), text);
  assert.deepEqual(pieces.filter((p) => p.mark).map((p) => p.text), ["tiddy"]);
  assert.ok(!text.includes("word100 "), "the snippet starts near the hit");
});

test("the snippet keeps the text as written, apostrophes and all", () => {
  const pieces = snippet("The buyer’s seven cards are laid out.", "buyer");
  assert.equal(pieces.map((p) => p.text).join(""), "The buyer’s seven cards are laid out.");
  assert.deepEqual(pieces.filter((p) => p.mark).map((p) => p.text), ["buyer’s"]);
});

test("markup in the index text stays text", () => {
  const pieces = snippet("<img src=x onerror=alert(1)> tiddy", "tiddy");
  assert.equal(pieces[0].text, "<img src=x onerror=alert(1)> ");
  assert.equal(pieces[0].mark, false);
});

test("a slip of one letter and the period's spellings find the word (tidy, Tiddie, Tiddy)", async () => {
  for (const q of ["tidy", "tiddie", "Tiddy", "tiddu"]) {
    const urls = (await rank(index(), q)).map((r) => r.url);
    assert.ok(urls.includes("short/"), `${q}: ${urls.join(", ")}`);
  }
  const marks = snippet("Tiddie is the four", "tidy").filter((p) => p.mark).map((p) => p.text);
  assert.deepEqual(marks, ["Tiddie"]);
  // Two slips are too many; a word under four letters is matched as typed (or as a prefix).
  assert.deepEqual(await rank(index(), "hxlx"), []);
  assert.deepEqual(await rank(index(), "fuo"), []);
  assert.equal((await rank(index(), "hold")).length, 1, "one slip from held");
});

test("the reference ranks above the contributors' guide, and the results group by game", async () => {
  const pages = [
    { u: "contributing/x/", t: "Writing tiddy scenarios", s: "For contributors" },
    { u: "notebook/y/", t: "Tiddy held", s: "The notebook", g: "Gleek" },
    { u: "put/z/", t: "Tiddy in Put", s: "Rules and notebook", g: "Put" },
  ];
  const docs = [
    { p: 0, n: 3, x: "tiddy tiddy tiddy" },
    { p: 1, n: 10, x: "tiddy and more words about the card here" },
    { p: 2, n: 10, x: "tiddy and more words about the card there" },
  ];
  const idx = { pages, docs, words: { tiddy: [0, 3, 1, 1, 1, 1] } };
  const results = await rank(idx, "tiddy");
  assert.equal(results.length, 3, "every match is returned, for the true count");
  assert.equal(results[results.length - 1].url, "contributing/x/", results.map((r) => r.url).join(", "));
  assert.deepEqual(groups(results).map((g) => g.game), ["Gleek", "Put", "The whole site"]);
});
