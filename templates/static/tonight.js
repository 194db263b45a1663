// "Play it tonight": mark one reading's column in every table. The reading comes from the
// address (?reading=<id>, as the picker on /tonight/ writes it) or from an earlier pick
// (localStorage, until cleared); ?reading= with nothing clears it. Every outcome-table column
// head and cell carries data-reading="<id>"; the marked ones get the class "tonight-mark", and a
// note at the top of the page names the reading and offers to clear it. Without JavaScript nothing is marked:
// the printable cards on /tonight/ need none.
(function () {
  "use strict";
  const KEY = "mournival-tonight";
  const script = document.currentScript;

  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }

  function store(id) {
    try {
      if (id) localStorage.setItem(KEY, id); else localStorage.removeItem(KEY);
    } catch (e) { /* storage off: the address still carries the reading */ }
  }

  function picked() {
    const params = new URLSearchParams(window.location.search);
    if (params.has("reading")) {
      const id = params.get("reading");
      store(id);
      return id;
    }
    return stored();
  }

  function marked(id) {
    return Array.from(document.querySelectorAll("[data-reading]"))
      .filter((node) => node.getAttribute("data-reading") === id);
  }

  function clear(note, nodes) {
    store("");
    nodes.forEach((node) => node.classList.remove("tonight-mark"));
    note.remove();
    const url = new URL(window.location.href);
    if (url.searchParams.has("reading")) {
      url.searchParams.delete("reading");
      window.history.replaceState(null, "", url.toString());
    }
    const select = document.getElementById("tonight-reading");
    if (select) select.selectedIndex = -1;
  }

  function showNote(id, name, nodes) {
    const main = document.getElementById("main");
    if (!main) return;
    const note = document.createElement("p");
    note.className = "tonight-note";
    note.setAttribute("role", "status");
    note.append("Highlighting: ");
    const strong = document.createElement("strong");
    strong.textContent = name;
    note.append(strong, " · ");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tonight-clear";
    button.textContent = "clear";
    button.addEventListener("click", () => clear(note, nodes));
    note.append(button);
    main.prepend(note);
  }

  // The reading's name: from the names file, else from a column head on this page.
  function nameOf(id, names) {
    if (names && typeof names[id] === "string") return names[id];
    const own = marked(id).find((node) => node.tagName === "TH");
    return own ? own.innerText.replace(/\s+/g, " ").trim() : "the reading you picked";
  }

  function start() {
    const id = picked();
    if (!id) return;
    const nodes = marked(id);
    nodes.forEach((node) => node.classList.add("tonight-mark"));
    const select = document.getElementById("tonight-reading");
    if (select) select.value = id;
    const src = script && script.getAttribute("data-names");
    const show = (names) => showNote(id, nameOf(id, names), nodes);
    if (!src || !window.fetch) { show(null); return; }
    fetch(src).then((r) => (r.ok ? r.json() : null)).then(show, () => show(null));
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
