// The site's one keyboard shortcut: `/` puts the cursor in the search box, unless the reader is
// typing in a field already.
document.addEventListener("keydown", function (e) {
  var t = e.target;
  if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) { return; }
  var q = document.getElementById("search-q") || document.getElementById("q");
  if (q) { e.preventDefault(); q.focus(); q.select(); }
});
