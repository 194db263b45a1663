// The oracle of the search's ranking: the ranking of templates/static/search.js as it was when
// the browser downloaded the whole index (commit 7b4e538, before issue 23 divided it by word),
// over the index written whole ({pages, docs, words}, each word's sections as [gap, count, ...]).
// search.test.mjs and search-site.test.mjs compare the search page's ranking with it: the
// division must not change a single result or score.
"use strict";
const { terms, match, words } = require("../../templates/static/search.js");
const K1 = 1.2, B = 0.75;
const TITLE_BOOST = 3, HEADING_BOOST = 1.5;
const GUIDE = "For contributors", GUIDE_WEIGHT = 0.4;
const PER_PAGE = 3;
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

module.exports = { rank };
