// Client-side search over the index Mournival writes at build time (search-index.json): one
// document per section of a page (the text under a heading), ranked by BM25 with boosts for a
// match in the page's title or the section's heading. The index lists pages once ({u, t, s}),
// sections by page ({p, a: heading id, h: heading, n: words, x: text}), and for each word the
// sections holding it as [gap from the previous section, count, ...]. A query word matches index
// words by prefix, and, at half weight, a word one typing slip away or spelt the period's other
// way (Tiddie, Tiddy, tidy: a final -ie read as -y). The contributors' guide ranks below the
// reference. Results are grouped by game, the true count given. The index comes in parts, each a
// whole index of some pages, listed in search-index.json with their digests: every part is
// fetched and the parts joined into one index, which ranks as one index written whole would. A
// part is fetched once per visit (kept in sessionStorage under its address and digest). The
// snippet shows the words around the first hit, each hit in <mark>, built as text nodes: nothing
// from the index is ever parsed as HTML.
(function () {
  "use strict";
  var K1 = 1.2, B = 0.75;
  var TITLE_BOOST = 3, HEADING_BOOST = 1.5, PREFIX_WEIGHT = 0.5, NEAR_WEIGHT = 0.5;
  // The part of the site ranked below the rest, and by how much.
  var GUIDE = "For contributors", GUIDE_WEIGHT = 0.4;
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
  // A word as the period might have spelt it: a final -ie as -y (Tiddie, Tiddy).
  function fold(w) { return w.replace(/ie$/, "y"); }
  // Whether two words are at most one insertion, deletion or substitution apart.
  function oneApart(a, b) {
    if (Math.abs(a.length - b.length) > 1) { return false; }
    var i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) { i++; }
    if (a.length === b.length) { return a.slice(i + 1) === b.slice(i + 1); }
    return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
  }
  // How well an index word answers a query word: 1 the word itself, PREFIX_WEIGHT a longer word
  // it begins, NEAR_WEIGHT a slip or a period spelling away (for words of four letters or more), 0.
  function match(w, term) {
    if (w === term) { return 1; }
    if (w.indexOf(term) === 0) { return PREFIX_WEIGHT; }
    if (term.length >= 4 && w[0] === term[0] && oneApart(fold(w), fold(term))) { return NEAR_WEIGHT; }
    return 0;
  }
  function matchesAny(text, term) {
    return words(text).some(function (w) { return match(w.word, term) > 0; });
  }

  // The sections matching every term, best first, at most PER_PAGE of one page, all of them:
  // [{url, title, heading, where, game, text, score}]. The page shows the first MAX_RESULTS.
  function rank(index, query) {
    var docs = index.docs.map(function (d) {
      var page = index.pages[d.p];
      return { url: page.u + (d.a ? "#" + d.a : ""), page: page.u, title: page.t, heading: d.h || "", where: page.s, game: page.g || "", n: d.n, text: d.x };
    });
    var qs = terms(query);
    if (!qs.length || !docs.length) { return []; }
    var avg = docs.reduce(function (s, d) { return s + d.n; }, 0) / docs.length || 1;
    var keys = Object.keys(index.words);
    var scores = null;
    qs.forEach(function (term) {
      var tf = {};
      keys.forEach(function (w) {
        var weight = match(w, term);
        if (!weight) { return; }
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
        if (d.where === GUIDE) { s *= GUIDE_WEIGHT; }
        next[i] = (scores === null ? 0 : scores[i]) + s;
      });
      scores = next;
    });
    var order = Object.keys(scores).map(Number).sort(function (a, b) { return scores[b] - scores[a] || a - b; });
    var perPage = {};
    return order.filter(function (i) {
      perPage[docs[i].page] = (perPage[docs[i].page] || 0) + 1;
      return perPage[docs[i].page] <= PER_PAGE;
    }).map(function (i) {
      docs[i].score = scores[i];
      return docs[i];
    });
  }

  // The words around the first hit as pieces of text, each hit marked: [{text, mark}].
  function snippet(text, query) {
    var qs = terms(query);
    var ws = words(text);
    var hit = function (w) { return qs.some(function (t) { return match(w.word, t) > 0; }); };
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

  // The results by game, each game where its best result ranks; a page of the whole site under
  // "The whole site": [{game, results}].
  function groups(results) {
    var out = [];
    results.forEach(function (r) {
      var name = r.game || "The whole site";
      var g = out.find(function (x) { return x.game === name; });
      if (!g) { g = { game: name, results: [] }; out.push(g); }
      g.results.push(r);
    });
    return out;
  }

  // The parts of the index, in order, joined into one: the pages and sections of each after
  // those of the parts before it, each word's sections as gaps from the one before across parts.
  function join(parts) {
    var index = { pages: [], docs: [], words: {} };
    var last = {};
    parts.forEach(function (part) {
      var pages = index.pages.length, docs = index.docs.length;
      part.pages.forEach(function (p) { index.pages.push(p); });
      part.docs.forEach(function (d) {
        var copy = Object.assign({}, d);
        copy.p = d.p + pages;
        index.docs.push(copy);
      });
      Object.keys(part.words).forEach(function (w) {
        var p = part.words[w];
        if (!p.length) { return; }
        var into = index.words[w] || (index.words[w] = []);
        var first = docs + p[0];
        into.push(first - (w in last ? last[w] : 0), p[1]);
        var doc = first;
        for (var i = 2; i < p.length; i += 2) {
          doc += p[i];
          into.push(p[i], p[i + 1]);
        }
        last[w] = doc;
      });
    });
    return index;
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { rank: rank, snippet: snippet, words: words, groups: groups, join: join };
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

  // A part of the index, fetched once per visit: kept in sessionStorage under its address and
  // digest, so that a part rebuilt since is fetched again.
  function loadPart(part) {
    var key = "mournival-search:" + part.u + "@" + part.v;
    try {
      var kept = sessionStorage.getItem(key);
      if (kept) { return Promise.resolve(JSON.parse(kept)); }
    } catch (e) { /* storage off or full: fetch */ }
    return fetch(root + part.u).then(function (r) {
      if (!r.ok) { throw new Error(part.u + ": " + r.status); }
      return r.text();
    }).then(function (text) {
      try { sessionStorage.setItem(key, text); } catch (e) { /* too big or off: fetch next time */ }
      return JSON.parse(text);
    });
  }

  // The list of parts (never kept: it is small, and says which parts are current), then every
  // part, joined.
  function loadIndex() {
    return fetch(indexUrl, { cache: "no-cache" }).then(function (r) {
      if (!r.ok) { throw new Error(indexUrl + ": " + r.status); }
      return r.json();
    }).then(function (list) {
      return Promise.all(list.parts.map(loadPart));
    }).then(join);
  }

  loadIndex().then(function (index) {
    var results = rank(index, query);
    var shown = results.slice(0, MAX_RESULTS);
    list.textContent = "";
    groups(shown).forEach(function (g, i) {
      var li = document.createElement("li");
      li.className = "search-group";
      var h = document.createElement("h2");
      h.id = "search-group-" + i;
      h.textContent = g.game;
      var ol = document.createElement("ol");
      ol.setAttribute("aria-labelledby", h.id);
      g.results.forEach(function (r) { ol.appendChild(result(r)); });
      li.appendChild(h);
      li.appendChild(ol);
      list.appendChild(li);
    });
    var more = results.length > shown.length ? " The best " + shown.length + " are shown." : "";
    status.textContent = results.length
      ? results.length + " section(s) found for “" + query + "”." + more
      : "Nothing found for “" + query + "”.";
    // Focus moves to the results, so that a keyboard or a screen reader starts there.
    var target = results.length ? list : status;
    target.setAttribute("tabindex", "-1");
    target.focus();
  }).catch(function () { status.textContent = "The search index could not be loaded."; });
})();
