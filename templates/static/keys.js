// What every page's script may use, loaded first (deferred, in the head). The site's one keyboard
// shortcut: `/` puts the cursor in the search box, unless the reader is typing in a field
// already. The phone menu: on a narrow screen the header's "Menu" opens the navigation in place at
// the top of the page (without JavaScript the link does, by its target). And `showColumn`, for
// the scripts that change a table's column (flip, tonight): it scrolls the table's frame sideways
// until the column shows beside the sticky row heads, on a phone too.
window.Mournival = {
  showColumn: function (th) {
    var frame = th.closest(".table-wrap");
    if (!frame || frame.scrollWidth <= frame.clientWidth) { return; }
    var first = th.parentElement.firstElementChild;
    var sticky = first && first !== th ? first.getBoundingClientRect().width : 0;
    var left = th.getBoundingClientRect().left - frame.getBoundingClientRect().left;
    if (left < sticky || left + th.offsetWidth > frame.clientWidth) { frame.scrollLeft += left - sticky; }
  }
};
document.addEventListener("keydown", function (e) {
  var t = e.target;
  if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) { return; }
  var q = document.getElementById("search-q") || document.getElementById("q");
  if (q) { e.preventDefault(); q.focus(); q.select(); }
});
document.addEventListener("DOMContentLoaded", function () {
  var menu = document.querySelector(".menu-link");
  var nav = document.getElementById("nav");
  if (!menu || !nav) { return; }
  menu.setAttribute("role", "button");
  menu.setAttribute("aria-expanded", "false");
  menu.addEventListener("click", function (e) {
    e.preventDefault();
    var open = !nav.classList.contains("open");
    nav.classList.toggle("open", open);
    menu.setAttribute("aria-expanded", String(open));
    if (open) { nav.focus(); }
  });
  menu.addEventListener("keydown", function (e) {
    if (e.key === " ") { e.preventDefault(); menu.click(); }
  });
});
