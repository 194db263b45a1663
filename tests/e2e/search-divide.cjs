// An index written whole ({pages, docs, words}, as search.js read it before issue 23) divided as
// src/site/search.rs divides one, and back: the search tests rank hand-made indexes through the
// page's own fetching and ranking, and compare a built site's ranking with the oracle
// (search-whole.cjs) on the index its files join back into.
"use strict";
const { words } = require("../../templates/static/search.js");

const fileOf = (w) => "w-" + (/^[a-z0-9]/.test(w) ? w[0] : "_") + ".json";
const distinct = (text) => [...new Set(words(text).map((w) => w.word))];

// The files of `whole` divided in parts of `perPart` pages, text files of `perText` pages, the
// list of a word in more than `big` sections of a part in a file of its own: {list, files}.
function divide(whole, perPart, perText, big = Infinity) {
  const list = { text: perText, parts: [] };
  const files = {};
  for (let first = 0, n = 0; first < whole.pages.length; first += perPart, n++) {
    const pages = whole.pages.slice(first, first + perPart);
    const u = `search-index/${n}/`;
    const at = whole.docs.findIndex((d) => d.p >= first);
    const docs = whole.docs.filter((d) => d.p >= first && d.p < first + pages.length);
    const byFile = Object.create(null);
    const into = (w, kind) => ((byFile[fileOf(w)] ??= { w: {}, t: {} })[kind][w] ??= []);
    const last = Object.create(null);
    Object.keys(whole.words).sort().forEach((w) => {
      const p = whole.words[w];
      for (let i = 0, doc = 0; i < p.length; i += 2) {
        doc += p[i];
        const local = doc - at;
        if (local < 0 || local >= docs.length) { continue; }
        const heading = distinct(docs[local].h || "").includes(w);
        into(w, "w").push(local - (last[w] ?? 0), p[i + 1] * 2 + (heading ? 1 : 0));
        last[w] = local;
      }
    });
    pages.forEach((page, i) => {
      for (const w of distinct(page.t)) {
        const t = into(w, "t");
        t.push(i - t.reduce((a, b) => a + b, 0));
      }
    });
    for (const [name, file] of Object.entries(byFile)) {
      const long = Object.keys(file.w).filter((w) => file.w[w].length / 2 > big);
      if (long.length) { file.b = {}; }
      long.forEach((w, k) => {
        files[u + name.replace(".json", `-${k}.json`)] = file.w[w];
        file.b[w] = k;
        delete file.w[w];
      });
      files[u + name] = file;
    }
    files[u + "docs.json"] = {
      n: docs.map((d) => d.n),
      d: pages.map((_, i) => docs.filter((d) => d.p === first + i).length),
      s: pages.map((p) => p.s),
    };
    for (let k = 0; k * perText < pages.length; k++) {
      files[`${u}text-${k}.json`] = {
        pages: pages.slice(k * perText, (k + 1) * perText).map((page, i) => ({
          ...page,
          docs: docs.filter((d) => d.p === first + k * perText + i).map(({ a, h, x }) => ({ a, h, x })),
        })),
      };
    }
    const w = Object.keys(byFile).map((f) => f.charAt(2)).sort().join("");
    const total = docs.reduce((s, d) => s + d.n, 0);
    list.parts.push({ u, v: "0", w, p: pages.length, d: docs.length, n: total });
  }
  return { list, files };
}

// The index written whole that a site's files join back into: `get(url)` gives a file's JSON.
function join(list, get) {
  const whole = { pages: [], docs: [], words: Object.create(null) };
  const last = Object.create(null);
  for (const part of list.parts) {
    const docs = get(part.u + "docs.json");
    const at = whole.docs.length;
    const pages = whole.pages.length;
    for (let k = 0; k * list.text < part.p; k++) {
      get(`${part.u}text-${k}.json`).pages.forEach((page, i) => {
        const { docs: sections, ...rest } = page;
        whole.pages.push(rest);
        for (const d of sections) {
          const doc = { p: pages + k * list.text + i, n: docs.n[whole.docs.length - at], x: d.x };
          if (d.a) { doc.a = d.a; }
          if (d.h) { doc.h = d.h; }
          whole.docs.push(doc);
        }
      });
    }
    for (const c of part.w) {
      const file = get(`${part.u}w-${c}.json`);
      const lists = { ...file.w };
      for (const [w, k] of Object.entries(file.b || {})) { lists[w] = get(`${part.u}w-${c}-${k}.json`); }
      for (const w of Object.keys(lists)) {
        const p = lists[w];
        const into = (whole.words[w] ??= []);
        for (let i = 0, doc = at; i < p.length; i += 2) {
          doc += p[i];
          into.push(doc - (last[w] ?? 0), p[i + 1] >> 1);
          last[w] = doc;
        }
      }
    }
  }
  // The words in order, as the index written whole had them.
  const sorted = Object.create(null);
  for (const w of Object.keys(whole.words).sort()) { sorted[w] = whole.words[w]; }
  whole.words = sorted;
  return whole;
}

module.exports = { divide, join };
