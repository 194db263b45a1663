// The outcome tables, enhanced. Without JavaScript every cell is a link to its ledger panel under
// the table (shown by :target) and print shows every panel; this script only adds comfort: the
// cell whose panel is open is marked, and stays marked when the reader comes back from it; focus
// moves to the panel and back to the cell; a second click on the cell closes the panel; a table
// is one Tab stop, its cells reached with the arrow keys (Home and End for a row's ends); and
// every <details> on the page (the full ledger, the expectations, the scenario as written) opens
// for print.
(function () {
  "use strict";

  // Marks the cell whose ledger panel the address names, or the cell the reader came back to
  // from its panel; focus follows: to the open panel, and back to the cell.
  function markCurrent(moved) {
    let id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    const back = id.endsWith("--cell");
    const panelId = back ? id.slice(0, -"--cell".length) : id;
    const panel = panelId && document.getElementById(panelId);
    if (!panel || !panel.classList.contains("ledger-panel")) return;
    const link = document.getElementById(panelId + "--cell");
    if (!link) return;
    document.querySelectorAll("table.outcome td.current").forEach((td) => {
      td.classList.remove("current");
      td.querySelector("a.cell-link").removeAttribute("aria-current");
    });
    link.closest("td").classList.add("current");
    link.setAttribute("aria-current", "true");
    rove(link);
    if (!moved) return;
    if (back) {
      link.focus({ preventScroll: true });
    } else {
      panel.setAttribute("tabindex", "-1");
      panel.focus({ preventScroll: true });
    }
  }

  // One Tab stop per table: the cell last reached keeps tabindex 0, the others -1.
  function rove(link) {
    const table = link.closest("table.outcome");
    table.querySelectorAll("a.cell-link").forEach((a) => a.setAttribute("tabindex", a === link ? "0" : "-1"));
  }

  function grid(table) {
    return Array.from(table.querySelectorAll("tbody tr:not([hidden])"))
      .map((tr) => Array.from(tr.querySelectorAll("a.cell-link")))
      .filter((row) => row.length);
  }

  // The table's frame needs no Tab stop of its own: its one cell stop scrolls it.
  document.querySelectorAll("table.outcome").forEach((table) => {
    const first = table.querySelector("a.cell-link");
    if (!first) return;
    rove(first);
    const frame = table.closest(".outcome-wrap");
    if (frame) frame.removeAttribute("tabindex");
  });

  document.addEventListener("keydown", (event) => {
    const link = event.target.closest && event.target.closest("table.outcome a.cell-link");
    if (!link || event.altKey || event.ctrlKey || event.metaKey) return;
    const rows = grid(link.closest("table.outcome"));
    const r = rows.findIndex((row) => row.includes(link));
    const c = rows[r].indexOf(link);
    const at = (i) => rows[Math.max(0, Math.min(rows.length - 1, i))];
    let next = null;
    switch (event.key) {
      case "ArrowRight": next = rows[r][c + 1]; break;
      case "ArrowLeft": next = rows[r][c - 1]; break;
      case "ArrowDown": next = at(r + 1)[c]; break;
      case "ArrowUp": next = at(r - 1)[c]; break;
      case "Home": next = rows[r][0]; break;
      case "End": next = rows[r][rows[r].length - 1]; break;
      default: return;
    }
    event.preventDefault();
    if (!next) return;
    rove(next);
    next.focus();
  });

  // A click on the cell whose panel is open goes back to the cell, which closes the panel.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("table.outcome a.cell-link");
    if (!link || link.getAttribute("href") !== location.hash) return;
    event.preventDefault();
    location.hash = link.id;
  });

  // Print: open every <details>, and close again after what the reader had closed.
  let opened = [];
  window.addEventListener("beforeprint", () => {
    opened = Array.from(document.querySelectorAll("main details:not([open])"));
    opened.forEach((d) => { d.open = true; });
  });
  window.addEventListener("afterprint", () => {
    opened.forEach((d) => { d.open = false; });
    opened = [];
  });

  window.addEventListener("hashchange", () => markCurrent(true));
  markCurrent(false);
})();
