// Unit tests of the search page's ranking and snippets (templates/static/search.js), on small
// hand-made indexes in the format src/site/search.rs writes. Run by run.sh: node --test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { rank, snippet, groups, join } = require("../../templates/static/search.js");

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

// The same index in two parts, as the build writes it: each part's pages and sections counted
// from its own first, each word's sections as gaps within the part.
function parts() {
  const whole = index();
  const first = {
    pages: whole.pages.slice(0, 2),
    docs: whole.docs.slice(0, 2),
    words: { tiddy: [0, 1, 1, 1], card: [1, 1], turned: [1, 1] },
  };
  const second = {
    pages: whole.pages.slice(2),
    docs: whole.docs.slice(2).map((d) => ({ ...d, p: d.p - 2 })),
    words: { tiddy: [0, 1], four: [0, 1], held: [0, 1] },
  };
  return [first, second];
}

test("the parts of the index joined are the index written whole", () => {
  const joined = join(parts());
  assert.deepEqual(joined.pages, index().pages);
  assert.deepEqual(joined.docs, index().docs);
  assert.deepEqual(joined.words, index().words);
  for (const query of ["tiddy", "tid fou", "held", "card"]) {
    assert.deepEqual(rank(joined, query), rank(index(), query), query);
  }
  assert.deepEqual(join([]), { pages: [], docs: [], words: {} });
});

test("a short page with the term in its title outranks a long page mentioning it once", () => {
  const urls = rank(index(), "tiddy").map((r) => r.url);
  assert.deepEqual(urls.slice(0, 1), ["short/"]);
  assert.ok(urls.indexOf("long/") > urls.indexOf("other/#tiddy"), urls.join(", "));
  assert.ok(!urls.includes("none/"));
});

test("every word of the query must match, by prefix", () => {
  assert.deepEqual(rank(index(), "tid fou").map((r) => r.url), ["other/#tiddy"]);
  assert.deepEqual(rank(index(), "tiddy absent"), []);
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

test("a slip of one letter and the period's spellings find the word (tidy, Tiddie, Tiddy)", () => {
  for (const q of ["tidy", "tiddie", "Tiddy", "tiddu"]) {
    const urls = rank(index(), q).map((r) => r.url);
    assert.ok(urls.includes("short/"), `${q}: ${urls.join(", ")}`);
  }
  const marks = snippet("Tiddie is the four", "tidy").filter((p) => p.mark).map((p) => p.text);
  assert.deepEqual(marks, ["Tiddie"]);
  // Two slips are too many; a word under four letters is matched as typed (or as a prefix).
  assert.deepEqual(rank(index(), "hxlx"), []);
  assert.deepEqual(rank(index(), "fuo"), []);
  assert.equal(rank(index(), "hold").length, 1, "one slip from held");
});

test("the reference ranks above the contributors' guide, and the results group by game", () => {
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
  const results = rank(idx, "tiddy");
  assert.equal(results.length, 3, "every match is returned, for the true count");
  assert.equal(results[results.length - 1].url, "contributing/x/", results.map((r) => r.url).join(", "));
  assert.deepEqual(groups(results).map((g) => g.game), ["Gleek", "Put", "The whole site"]);
});
