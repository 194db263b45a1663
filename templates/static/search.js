// Client-side search over the index Mournival writes at build time (search-index.json): one
// document per section of a page (the text under a heading), ranked by BM25 with boosts for a
// match in the page's title or the section's heading. The index lists pages once ({u, t, s}),
// sections by page ({p, a: heading id, h: heading, n: words, x: text}), and for each word the
// sections holding it as [gap from the previous section, count, ...]. A query word matches index words by prefix.
// The snippet shows the words around the first hit, each hit in <mark>, built as text nodes:
// nothing from the index is ever parsed as HTML.
(function () {
  "use strict";
  var K1 = 1.2, B = 0.75;
  var TITLE_BOOST = 3, HEADING_BOOST = 1.5, PREFIX_WEIGHT = 0.5;
  var PER_PAGE = 3, MAX_RESULTS = 50, BEFORE = 8, AFTER = 22;

  // The same words as the index (src/site/search.rs): letters and digits, an apostrophe inside
  // a word kept, lowercased, single letters skipped.
  var WORD = /[\p{L}\p{N}½]+(?:['’][\p{L}\p{N}½]+)*/gu;
  function words(text) {
    var out = [];
    var m;
    WORD.lastIndex = 0;
    while ((m = WORD.exec(text)) !== null) {
      var w = m[0].replace(/’/g, "'").toLowerCase();
      if (w.length > 1 || /^[0-9]$/.test(w)) { out.push({ word: w, at: m.index, end: m.index + m[0].length }); }
    }
    return out;
  }
  function terms(query) {
    var seen = {};
    return words(query).map(function (w) { return w.word; }).filter(function (w) {
      if (seen[w]) { return false; }
      seen[w] = true;
      return true;
    });
  }
  function matchesAny(text, term) {
    return words(text).some(function (w) { return w.word.indexOf(term) === 0; });
  }

  // The sections matching every term, best first, at most PER_PAGE of one page: [{url, title,
  // heading, where, text, score}].
  function rank(index, query) {
    var docs = index.docs.map(function (d) {
      var page = index.pages[d.p];
      return { url: page.u + (d.a ? "#" + d.a : ""), page: page.u, title: page.t, heading: d.h || "", where: page.s, n: d.n, text: d.x };
    });
    var qs = terms(query);
    if (!qs.length || !docs.length) { return []; }
    var avg = docs.reduce(function (s, d) { return s + d.n; }, 0) / docs.length || 1;
    var keys = Object.keys(index.words);
    var scores = null;
    qs.forEach(function (term) {
      var tf = {};
      keys.forEach(function (w) {
        if (w.indexOf(term) !== 0) { return; }
        var weight = w === term ? 1 : PREFIX_WEIGHT;
        var p = index.words[w];
        for (var i = 0, doc = 0; i < p.length; i += 2) {
          doc += p[i];
          tf[doc] = (tf[doc] || 0) + p[i + 1] * weight;
        }
      });
      var found = Object.keys(tf);
      var idf = Math.log(1 + (docs.length - found.length + 0.5) / (found.length + 0.5));
      var next = {};
      docs.forEach(function (d, i) {
        var inTitle = matchesAny(d.title, term);
        if (!(i in tf) && !inTitle) { return; }
        if (scores !== null && !(i in scores)) { return; }
        var f = tf[i] || 0;
        var s = idf * (f * (K1 + 1)) / (f + K1 * (1 - B + B * d.n / avg));
        if (inTitle) { s += idf * TITLE_BOOST; }
        if (d.heading && matchesAny(d.heading, term)) { s += idf * HEADING_BOOST; }
        next[i] = (scores === null ? 0 : scores[i]) + s;
      });
      scores = next;
    });
    var order = Object.keys(scores).map(Number).sort(function (a, b) { return scores[b] - scores[a] || a - b; });
    var perPage = {};
    return order.filter(function (i) {
      perPage[docs[i].page] = (perPage[docs[i].page] || 0) + 1;
      return perPage[docs[i].page] <= PER_PAGE;
    }).slice(0, MAX_RESULTS).map(function (i) {
      docs[i].score = scores[i];
      return docs[i];
    });
  }

  // The words around the first hit as pieces of text, each hit marked: [{text, mark}].
  function snippet(text, query) {
    var qs = terms(query);
    var ws = words(text);
    var hit = function (w) { return qs.some(function (t) { return w.word.indexOf(t) === 0; }); };
    var first = ws.findIndex(hit);
    var from = first < 0 ? 0 : Math.max(0, first - BEFORE);
    var to = Math.min(ws.length, (first < 0 ? 0 : first) + AFTER);
    if (!ws.length) { return [{ text: text, mark: false }]; }
    var pieces = [];
    var at = from > 0 ? ws[from].at : 0;
    if (from > 0) { pieces.push({ text: "… ", mark: false }); }
    for (var i = from; i < to; i++) {
      if (!hit(ws[i])) { continue; }
      if (ws[i].at > at) { pieces.push({ text: text.slice(at, ws[i].at), mark: false }); }
      pieces.push({ text: text.slice(ws[i].at, ws[i].end), mark: true });
      at = ws[i].end;
    }
    var end = to < ws.length ? ws[to - 1].end : text.length;
    if (end > at) { pieces.push({ text: text.slice(at, end), mark: false }); }
    if (to < ws.length) { pieces.push({ text: " …", mark: false }); }
    return pieces;
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { rank: rank, snippet: snippet, words: words };
    return;
  }

  var script = document.currentScript;
  var indexUrl = script.getAttribute("data-index");
  var root = script.getAttribute("data-root");
  var query = (new URLSearchParams(window.location.search).get("q") || "").trim();
  var box = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  if (box) { box.value = query; }
  if (!query) { status.textContent = "Type a word or two: Tib, ruff, odd penny, Cotton…"; return; }
  status.textContent = "Searching…";

  function result(r) {
    var li = document.createElement("li");
    var a = document.createElement("a");
    a.href = root + r.url;
    a.textContent = r.heading ? r.title + " › " + r.heading : r.title;
    li.appendChild(a);
    var where = document.createElement("span");
    where.className = "where";
    where.textContent = " · " + r.where;
    li.appendChild(where);
    var p = document.createElement("span");
    p.className = "excerpt";
    snippet(r.text, query).forEach(function (piece) {
      if (piece.mark) {
        var m = document.createElement("mark");
        m.textContent = piece.text;
        p.appendChild(m);
      } else {
        p.appendChild(document.createTextNode(piece.text));
      }
    });
    li.appendChild(p);
    return li;
  }

  fetch(indexUrl).then(function (r) { return r.json(); }).then(function (index) {
    var results = rank(index, query);
    list.textContent = "";
    results.forEach(function (r) { list.appendChild(result(r)); });
    status.textContent = results.length
      ? results.length + " section(s) found for “" + query + "”."
      : "Nothing found for “" + query + "”.";
  }).catch(function () { status.textContent = "The search index could not be loaded."; });
})();
