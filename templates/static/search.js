// Client-side search over the index Mournival writes at build time (src/site/search.rs): one
// document per section of a page (the text under a heading), ranked by BM25 with boosts for a
// match in the page's title or the section's heading. A query word matches index words by
// prefix, and, at half weight, a word one typing slip away or spelt the period's other way
// (Tiddie, Tiddy, tidy: a final -ie read as -y). The contributors' guide ranks below the
// reference. Results are grouped by game, the true count given.
// The index is in parts of some pages, listed in search-index.json with their digests and
// sizes. So that a phone does not download the whole index, a query fetches only what it needs:
// every match of a query word begins with the word's first letter, so of each part it fetches
// the files of its words' first letters (w-C.json: each word's sections as [gap from the
// previous section, count × 2 + 1 if in the heading, ...], and the pages whose title holds it;
// a word found in many sections has its list in a file of its own, fetched if it matches)
// and docs.json (each section's length, each page's sections and part of the site); it ranks,
// then fetches the pages' text (text-K.json) for the results shown alone. This ranks exactly as
// one index written whole did. A file is fetched once per visit (kept in sessionStorage under
// its address and its part's digest). The snippet shows the words around the first hit, each
// hit in <mark>, built as text nodes: nothing from the index is ever parsed as HTML.
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

  // The file of words that holds a word's matches: its first letter if an ASCII letter or
  // digit, else "_" (as src/site/search.rs names them).
  function fileOf(term) { return "w-" + (/^[a-z0-9]/.test(term) ? term[0] : "_") + ".json"; }

  // Each fetched part's sections laid out: the page of each section and each page's first
  // section, numbered across the whole index.
  function layout(part) {
    if (part.pageOf) { return; }
    part.pageOf = [];
    part.first = [];
    part.docs.d.forEach(function (count, page) {
      part.first.push(part.doc + part.pageOf.length);
      for (var i = 0; i < count; i++) { part.pageOf.push(part.page + page); }
    });
  }
  // The part that holds the section `i`, of those fetched.
  function partOf(index, i) {
    return index.parts.find(function (p) { return p.docs && i >= p.doc && i < p.doc + p.docs.n.length; });
  }

  // The sections matching every term, best first, at most PER_PAGE of one page, all of them:
  // [{doc, page, part, score}], `doc` and `page` numbered across the whole index. The page shows
  // the first MAX_RESULTS. `index` is {count, words (the sections' and their words' sums),
  // parts: [{doc, page (its first section and page), docs (docs.json), files (w-C.json by
  // name)}]}; a part without its files of the query's letters, or without docs.json where it lacks
  // one, holds no match.
  function rank(index, query) {
    var qs = terms(query);
    if (!qs.length || !index.count) { return []; }
    var avg = index.words / index.count || 1;
    var scores = null;
    qs.forEach(function (term) {
      var tf = {}, inHeading = {}, inTitle = {};
      index.parts.forEach(function (part) {
        var file = part.files && part.files[fileOf(term)];
        if (!file) { return; }
        Object.keys(file.w).forEach(function (w) {
          var weight = match(w, term);
          if (!weight) { return; }
          var p = file.w[w];
          for (var i = 0, doc = part.doc; i < p.length; i += 2) {
            doc += p[i];
            tf[doc] = (tf[doc] || 0) + (p[i + 1] >> 1) * weight;
            if (p[i + 1] & 1) { inHeading[doc] = true; }
          }
        });
        // A part without the file of another word's letter: its sections found count in the
        // word's weight (idf), but none of them can match every word.
        if (!part.docs) { return; }
        layout(part);
        Object.keys(file.t).forEach(function (w) {
          if (!match(w, term)) { return; }
          for (var i = 0, page = 0; i < file.t[w].length; i++) {
            page += file.t[w][i];
            inTitle[part.page + page] = part;
          }
        });
      });
      var found = Object.keys(tf);
      var idf = Math.log(1 + (index.count - found.length + 0.5) / (found.length + 0.5));
      // The sections found, and every section of a page whose title matches.
      var hits = {};
      found.forEach(function (i) { hits[i] = true; });
      Object.keys(inTitle).forEach(function (page) {
        var part = inTitle[page], local = page - part.page;
        for (var i = 0; i < part.docs.d[local]; i++) { hits[part.first[local] + i] = true; }
      });
      var next = {};
      Object.keys(hits).map(Number).forEach(function (i) {
        var part = partOf(index, i);
        if (!part || (scores !== null && !(i in scores))) { return; }
        var page = part.pageOf[i - part.doc];
        var f = tf[i] || 0;
        var s = idf * (f * (K1 + 1)) / (f + K1 * (1 - B + B * part.docs.n[i - part.doc] / avg));
        if (page in inTitle) { s += idf * TITLE_BOOST; }
        if (inHeading[i]) { s += idf * HEADING_BOOST; }
        if (part.docs.s[page - part.page] === GUIDE) { s *= GUIDE_WEIGHT; }
        next[i] = (scores === null ? 0 : scores[i]) + s;
      });
      scores = next;
    });
    var order = Object.keys(scores).map(Number).sort(function (a, b) { return scores[b] - scores[a] || a - b; });
    var perPage = {};
    return order.map(function (i) {
      var part = partOf(index, i);
      return { doc: i, page: part.pageOf[i - part.doc], part: part, score: scores[i] };
    }).filter(function (r) {
      perPage[r.page] = (perPage[r.page] || 0) + 1;
      return perPage[r.page] <= PER_PAGE;
    });
  }

  // The file of text that holds a result's page, and the page's place in it.
  function textOf(r, perFile) {
    var local = r.page - r.part.page;
    return { url: r.part.u + "text-" + Math.floor(local / perFile) + ".json", at: local % perFile };
  }

  // A result with what it shows, from its file of text: {url, title, heading, where, game,
  // text, score}.
  function describe(r, file, at) {
    var page = file.pages[at];
    var d = page.docs[r.doc - r.part.first[r.page - r.part.page]];
    return {
      url: page.u + (d.a ? "#" + d.a : ""), title: page.t, heading: d.h || "", where: page.s,
      game: page.g || "", text: d.x, score: r.score,
    };
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

  // The words of a file of words whose lists are files of their own (`b`) that match a word of
  // the query: the lists to fetch.
  function longLists(file, query) {
    return Object.keys(file.b || {}).filter(function (w) {
      return terms(query).some(function (term) { return match(w, term) > 0; });
    });
  }

  // Of each part, its files of the letters the query's words begin with (each word's weight
  // counts its sections in every part), and, if it has every one, its docs.json; fetched by
  // `get(url, part's digest)` (a promise): the index as `rank` reads it.
  function gather(list, query, get) {
    var names = terms(query).map(fileOf).filter(function (f, i, all) { return all.indexOf(f) === i; });
    var index = { count: 0, words: 0, parts: [] };
    var page = 0;
    var loads = list.parts.map(function (p) {
      var part = { u: p.u, doc: index.count, page: page, docs: null, files: null };
      index.count += p.d;
      index.words += p.n;
      page += p.p;
      index.parts.push(part);
      var mine = names.filter(function (f) { return p.w.indexOf(f.charAt(2)) >= 0; });
      part.files = {};
      var files = mine.map(function (f) {
        return get(p.u + f, p.v).then(function (file) {
          part.files[f] = file;
          return Promise.all(longLists(file, query).map(function (w) {
            var url = p.u + f.replace(/\.json$/, "-" + file.b[w] + ".json");
            return get(url, p.v).then(function (list) { file.w[w] = list; });
          }));
        });
      });
      if (mine.length && mine.length === names.length) {
        files.push(get(p.u + "docs.json", p.v).then(function (docs) { part.docs = docs; }));
      }
      return Promise.all(files);
    });
    return Promise.all(loads).then(function () { return index; });
  }

  // The results shown, described from their pages' files of text, each fetched once by `get`.
  function describeAll(shown, list, get) {
    var versions = {};
    list.parts.forEach(function (p) { versions[p.u] = p.v; });
    var files = {};
    return Promise.all(shown.map(function (r) {
      var where = textOf(r, list.text);
      if (!files[where.url]) { files[where.url] = get(where.url, versions[r.part.u]); }
      return files[where.url].then(function (file) { return describe(r, file, where.at); });
    }));
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = {
      rank: rank, snippet: snippet, words: words, terms: terms, match: match, groups: groups,
      gather: gather, describeAll: describeAll,
    };
    return;
  }

  var script = document.currentScript;
  var indexUrl = script.getAttribute("data-index");
  var root = script.getAttribute("data-root");
  var query = (new URLSearchParams(window.location.search).get("q") || "").trim();
  var box = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var results = document.getElementById("search-results");
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

  // A file of the index, fetched once per visit: kept in sessionStorage under its address and
  // its part's digest, so that a file rebuilt since is fetched again.
  function load(url, version) {
    var key = "mournival-search:" + url + "@" + version;
    try {
      var kept = sessionStorage.getItem(key);
      if (kept) { return Promise.resolve(JSON.parse(kept)); }
    } catch (e) { /* storage off or full: fetch */ }
    return fetch(root + url).then(function (r) {
      if (!r.ok) { throw new Error(url + ": " + r.status); }
      return r.text();
    }).then(function (text) {
      try { sessionStorage.setItem(key, text); } catch (e) { /* too big or off: fetch next time */ }
      return JSON.parse(text);
    });
  }

  var listed;
  fetch(indexUrl, { cache: "no-cache" }).then(function (r) {
    if (!r.ok) { throw new Error(indexUrl + ": " + r.status); }
    return r.json();
  }).then(function (list) {
    // The list of parts is never kept: it is small, and says which parts are current.
    listed = list;
    return gather(list, query, load);
  }).then(function (index) {
    var found = rank(index, query);
    return describeAll(found.slice(0, MAX_RESULTS), listed, load).then(function (shown) {
      show(found.length, shown);
    });
  }).catch(function () { status.textContent = "The search index could not be loaded."; });

  function show(count, shown) {
    results.textContent = "";
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
      results.appendChild(li);
    });
    var more = count > shown.length ? " The best " + shown.length + " are shown." : "";
    status.textContent = count
      ? count + " section(s) found for “" + query + "”." + more
      : "Nothing found for “" + query + "”.";
    // Focus moves to the results, so that a keyboard or a screen reader starts there.
    var target = count ? results : status;
    target.setAttribute("tabindex", "-1");
    target.focus();
  }
})();
