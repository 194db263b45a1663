// Client-side search over the index Mournival writes at build time (search-index.json).
// The index maps each word to the pages that contain it; a query matches words by prefix.
(function () {
  "use strict";
  var script = document.currentScript;
  var indexUrl = script.getAttribute("data-index");
  var root = script.getAttribute("data-root");
  var params = new URLSearchParams(window.location.search);
  var query = (params.get("q") || "").trim();
  var box = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  if (box) { box.value = query; }
  if (!query) { status.textContent = "Type a word or two: Tib, ruff, odd penny, Cotton…"; return; }
  status.textContent = "Searching…";
  function words(text) {
    return text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z0-9½]+/).filter(function (w) { return w.length > 0; });
  }
  fetch(indexUrl).then(function (r) { return r.json(); }).then(function (index) {
    var terms = words(query);
    var scores = {};
    var matchedAll = null;
    terms.forEach(function (term) {
      var hits = {};
      Object.keys(index.words).forEach(function (w) {
        if (w.indexOf(term) !== 0) { return; }
        var exact = w === term ? 2 : 1;
        index.words[w].forEach(function (posting) {
          var doc = posting[0], weight = posting[1] * exact;
          hits[doc] = (hits[doc] || 0) + weight;
        });
      });
      Object.keys(hits).forEach(function (d) { scores[d] = (scores[d] || 0) + hits[d]; });
      var docs = Object.keys(hits);
      matchedAll = matchedAll === null ? docs : matchedAll.filter(function (d) { return docs.indexOf(d) >= 0; });
    });
    var results = (matchedAll || []).sort(function (a, b) { return scores[b] - scores[a]; }).slice(0, 50);
    list.textContent = "";
    results.forEach(function (d) {
      var doc = index.docs[d];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + doc.url;
      a.textContent = doc.title;
      li.appendChild(a);
      var span = document.createElement("span");
      span.className = "excerpt";
      span.textContent = doc.section + " · " + doc.excerpt;
      li.appendChild(span);
      list.appendChild(li);
    });
    status.textContent = results.length ? results.length + " page(s) found for “" + query + "”." : "Nothing found for “" + query + "”.";
  }).catch(function () { status.textContent = "The search index could not be loaded."; });
})();
