// "Play it tonight": mark the reading a table picked in every table of its game. Picks are kept
// per game, because two games may share a reading id (Cotton wrote on Gleek and on Put). A pick
// comes from the address (?pick=<game>/<id>, as the form on /tonight/ writes it; ?pick=<game>/
// clears that game's) or from earlier picks (localStorage, until cleared). Every outcome table
// and matrix carries data-game="<game>", and its column heads and cells data-reading="<id>"; the
// marked ones get the class "tonight-mark", the table scrolls sideways to bring the column into
// view, and a note at the top of the page names the reading and offers to clear it. Without
// JavaScript nothing is marked: the cards on /tonight/ need none.
(function () {
  "use strict";
  const KEY = "mournival-tonight-picks";
  const script = document.currentScript;

  function stored() {
    try {
      const picks = JSON.parse(localStorage.getItem(KEY) || "{}");
      return picks && typeof picks === "object" && !Array.isArray(picks) ? picks : {};
    } catch (e) { return {}; }
  }

  function store(picks) {
    try { localStorage.setItem(KEY, JSON.stringify(picks)); } catch (e) { /* storage off: the address still carries the pick */ }
  }

  // The picks, with the address's applied and kept.
  function picked() {
    const picks = stored();
    const params = new URLSearchParams(window.location.search);
    const pick = params.get("pick");
    if (pick !== null) {
      const slash = pick.indexOf("/");
      if (slash > 0) {
        const game = pick.slice(0, slash);
        const id = pick.slice(slash + 1);
        if (id) picks[game] = id; else delete picks[game];
        store(picks);
      }
    }
    return picks;
  }

  // The cells and heads of a game's reading, in the tables of that game on this page.
  function marked(game, id) {
    return Array.from(document.querySelectorAll("[data-game]"))
      .filter((table) => table.getAttribute("data-game") === game)
      .flatMap((table) => Array.from(table.querySelectorAll("[data-reading]")))
      .filter((node) => node.getAttribute("data-reading") === id);
  }

  // Scrolls each table's frame sideways so the marked column shows (keys.js).
  function bringIntoView(nodes) {
    if (!window.Mournival) return;
    nodes.filter((node) => node.tagName === "TH").forEach((th) => window.Mournival.showColumn(th));
  }

  function clear(game, note, nodes) {
    const picks = stored();
    delete picks[game];
    store(picks);
    nodes.forEach((node) => node.classList.remove("tonight-mark"));
    note.remove();
    const url = new URL(window.location.href);
    if (url.searchParams.has("pick")) {
      url.searchParams.delete("pick");
      window.history.replaceState(null, "", url.toString());
    }
    const select = document.getElementById("tonight-reading");
    if (select && select.value.startsWith(game + "/")) select.selectedIndex = -1;
  }

  function showNote(game, label, nodes) {
    const main = document.getElementById("main");
    if (!main) return;
    const note = document.createElement("p");
    note.className = "tonight-note";
    note.setAttribute("role", "status");
    note.append("Highlighting: ");
    const strong = document.createElement("strong");
    strong.textContent = label;
    note.append(strong, " · ");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tonight-clear";
    button.textContent = "clear";
    button.setAttribute("aria-label", "clear " + label);
    button.addEventListener("click", () => clear(game, note, nodes));
    note.append(button);
    main.prepend(note);
  }

  // "Gleek: Charles Cotton (1674)": from the names file, else from a column head on this page.
  function labelOf(game, id, names, nodes) {
    const entry = names && names[game];
    if (entry && entry.readings && typeof entry.readings[id] === "string") return `${entry.name}: ${entry.readings[id]}`;
    const own = nodes.find((node) => node.tagName === "TH");
    return own ? own.innerText.replace(/\s+/g, " ").trim() : "the reading you picked";
  }

  function start() {
    const picks = picked();
    const shown = Object.entries(picks).map(([game, id]) => [game, id, marked(game, id)]).filter(([, , nodes]) => nodes.length);
    shown.forEach(([, , nodes]) => {
      nodes.forEach((node) => node.classList.add("tonight-mark"));
      bringIntoView(nodes);
    });
    const select = document.getElementById("tonight-reading");
    const pick = new URLSearchParams(window.location.search).get("pick");
    if (select && pick) select.value = pick;
    if (!shown.length) return;
    const src = script && script.getAttribute("data-names");
    const show = (names) => shown.forEach(([game, id, nodes]) => showNote(game, labelOf(game, id, names, nodes), nodes));
    if (!src || !window.fetch) { show(null); return; }
    fetch(src).then((r) => (r.ok ? r.json() : null)).then(show, () => show(null));
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
