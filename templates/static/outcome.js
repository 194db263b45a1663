// The outcome tables, enhanced. Without JavaScript every cell is a link to its ledger panel under
// the table (shown by :target) and print shows every panel; this script only adds comfort: the
// cell whose panel is open is marked, a second click on it closes the panel, and every <details>
// on the page (the full ledger, the expectations, the scenario as written) opens for print.
(function () {
  "use strict";

  // Marks the cell whose ledger panel the address names, if any.
  function markCurrent() {
    document.querySelectorAll("table.outcome td.current").forEach((td) => {
      td.classList.remove("current");
      td.querySelector("a.cell-link").removeAttribute("aria-current");
    });
    let id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    const panel = id && document.getElementById(id);
    if (!panel || !panel.classList.contains("ledger-panel")) return;
    const link = document.getElementById(id + "--cell");
    if (!link) return;
    link.closest("td").classList.add("current");
    link.setAttribute("aria-current", "true");
  }

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

  window.addEventListener("hashchange", markCurrent);
  markCurrent();
})();
