// Flip a rule in the page. Beside a scenario's outcome table a reader picks a reading and changes
// any rule point the scenario turns on; that reading's column shows the engine's result for the
// changed reading, computed when the site was built (flip/<scenario>.json, loaded on demand).
// The address records the flips: #<scenario>:<reading>:<point>=<choice>,... so a reader can link
// to "Cotton, with Parlett's ruff". Without JavaScript none of this appears.
(function () {
  "use strict";

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    Object.keys(attrs || {}).forEach((k) => node.setAttribute(k, attrs[k]));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // "#id:reading:point=choice,point=choice" → {id, reading, flips: {point: choice}}.
  function parseFragment(hash) {
    let text;
    try { text = decodeURIComponent(hash.replace(/^#/, "")); } catch (e) { return null; }
    const parts = text.split(":");
    if (parts.length < 2 || !parts[0] || !parts[1]) return null;
    const flips = {};
    (parts[2] || "").split(",").filter(Boolean).forEach((pair) => {
      const [point, choice] = pair.split("=");
      if (point && choice) flips[point] = choice;
    });
    return { id: parts[0], reading: parts[1], flips };
  }

  class Flip {
    constructor(box) {
      this.box = box;
      this.section = box.closest("section.scenario");
      this.table = this.section.querySelector("table.outcome");
      this.id = this.section.id;
      this.data = null;
      this.column = -1; // the table column now flipped, if any
      box.hidden = false;
      this.button = el("button", { type: "button", class: "flip-open", "aria-expanded": "false", "aria-controls": this.id + "-flip" }, "What if? Change a rule point…");
      this.panel = el("fieldset", { class: "flip-panel", id: this.id + "-flip" });
      this.panel.hidden = true;
      box.append(this.button, this.panel);
      this.button.addEventListener("click", () => this.toggle());
    }

    toggle() {
      const open = this.panel.hidden;
      this.button.setAttribute("aria-expanded", String(open));
      this.panel.hidden = !open;
      if (!open) this.reset();
      else if (this.data) this.choose(this.reading, {}, true);
      else this.load().then(() => this.select.focus()).catch(() => {});
    }

    load() {
      if (this.loading) return this.loading;
      this.panel.append(el("p", { class: "flip-status", role: "status" }, "Loading…"));
      this.loading = fetch(this.box.getAttribute("data-flip"))
        .then((r) => { if (!r.ok) throw new Error(r.status); return r.json(); })
        .then((data) => { this.data = data; this.build(); })
        .catch((err) => {
          this.panel.querySelector(".flip-status").textContent = "The flipped results could not be loaded (" + err.message + ").";
          throw err;
        });
      return this.loading;
    }

    build() {
      const d = this.data;
      this.panel.textContent = "";
      this.panel.append(el("legend", {}, "What if a reading chose otherwise?"));
      this.panel.append(el("p", {}, "Pick a reading, then change any rule point this scenario turns on: the reading’s column in the table above shows what the engine gives, with every figure computed when the site was built."));
      const readingLabel = el("label", { class: "flip-reading" }, "Reading ");
      this.select = el("select", { name: "reading" });
      d.readings.forEach((r, k) => this.select.append(el("option", { value: String(k) }, r.name)));
      readingLabel.append(this.select);
      this.panel.append(readingLabel);
      this.points = el("div", { class: "flip-points" });
      this.panel.append(this.points);
      if (d.most !== undefined) {
        this.panel.append(el("p", { class: "flip-cap" }, "This scenario turns on " + d.points.length + " rule points: the site computed every combination with at most " + d.most + " of them changed at once (" + d.combinations + " a reading), not all of them."));
      }
      this.status = el("p", { class: "flip-status", role: "status" });
      const actions = el("p", { class: "flip-actions" });
      const back = el("button", { type: "button" }, "Back to the reading’s own choices");
      this.link = el("a", { class: "flip-link", href: "#" + this.id }, "Link to this");
      actions.append(back, " ", this.link);
      this.panel.append(this.status, actions);
      this.select.addEventListener("change", () => this.choose(Number(this.select.value), {}));
      back.addEventListener("click", () => this.choose(this.reading, {}));
      this.choose(0, {}, true);
    }

    // Shows reading k with the given flips ({pointId: choiceId}); quiet keeps the address.
    choose(k, flips, quiet) {
      const d = this.data;
      const r = d.readings[k];
      this.reading = k;
      this.select.value = String(k);
      this.choices = r.choices.slice();
      const unknown = [];
      Object.keys(flips).forEach((pid) => {
        const i = d.points.findIndex((p) => p.id === pid);
        const c = i < 0 ? -1 : d.points[i].choices.findIndex((ch) => ch.id === flips[pid]);
        if (c < 0) unknown.push(pid + "=" + flips[pid]);
        else this.choices[i] = c;
      });
      this.renderPoints();
      const ok = this.apply(quiet);
      if (unknown.length) this.status.textContent = "The address names what this scenario does not turn on: " + unknown.join(", ") + ". " + this.status.textContent;
      return ok;
    }

    renderPoints() {
      const d = this.data;
      const r = d.readings[this.reading];
      this.points.textContent = "";
      d.points.forEach((p, i) => {
        const row = el("div", { class: "flip-point" });
        const id = this.id + "-flip-" + p.id;
        const label = el("label", { for: id });
        label.append(el("a", { href: this.box.getAttribute("data-flip").replace(/flip\/[^/]*$/, "") + p.url, title: p.id }, p.question));
        const select = el("select", { id, name: p.id });
        p.choices.forEach((ch, c) => {
          const who = ch.readings.map((k) => d.readings[k].name.replace(/ \([^)]*\)$/, ""));
          const own = c === r.choices[i] ? " (" + r.name.replace(/ \([^)]*\)$/, "") + "’s own)" : "";
          const text = ch.summary + own + (who.length ? " — " + who.join(", ") : " — no reading");
          select.append(el("option", { value: String(c), title: ch.id }, text));
        });
        select.value = String(this.choices[i]);
        select.addEventListener("change", () => {
          const before = this.choices[i];
          this.choices[i] = Number(select.value);
          if (!this.apply(false)) {
            this.choices[i] = before;
            select.value = String(before);
          }
        });
        row.append(label, select);
        if (this.choices[i] !== r.choices[i]) row.classList.add("flip-changed");
        this.points.append(row);
      });
    }

    // The column of the current choices, or -1 when the site did not compute that combination.
    lookup() {
      const d = this.data;
      const r = d.readings[this.reading];
      if (r.all) {
        let index = 0;
        d.points.forEach((p, i) => { index = index * p.choices.length + this.choices[i]; });
        return r.all[index];
      }
      const key = this.flipped().map((i) => i + "." + this.choices[i]).join(",");
      return key in r.some ? r.some[key] : -1;
    }

    flipped() {
      const own = this.data.readings[this.reading].choices;
      return this.choices.map((c, i) => i).filter((i) => this.choices[i] !== own[i]);
    }

    apply(quiet) {
      const d = this.data;
      const r = d.readings[this.reading];
      const col = this.lookup();
      if (col === undefined || col < 0) {
        this.status.textContent = "The site computed at most " + d.most + " rule points changed at once for this scenario: change one back first, or try the combination with `mournival explain --set`.";
        return false;
      }
      this.restore();
      const flipped = this.flipped();
      this.points.querySelectorAll(".flip-point").forEach((row, i) => row.classList.toggle("flip-changed", flipped.includes(i)));
      const was = [];
      const now = [];
      if (flipped.length) this.paint(r, d.columns[col], was, now, flipped.length);
      const nets = d.seats
        .map((name, s) => (now[s] === undefined ? "" : name + " " + now[s] + (now[s] === was[s] ? "" : " (was " + was[s] + ")")))
        .filter(Boolean);
      let words = flipped.length
        ? r.name + ", with " + flipped.length + " rule point" + (flipped.length > 1 ? "s" : "") + " changed: " + nets.join(", ") + "."
        : r.name + ", as the reading has it.";
      if (flipped.length && d.reasons[col]) words += " " + d.reasons[col];
      this.status.textContent = words;
      const fragment = this.id + ":" + r.id + (flipped.length ? ":" + flipped.map((i) => d.points[i].id + "=" + d.points[i].choices[this.choices[i]].id).join(",") : "");
      this.link.href = "#" + fragment;
      if (!quiet) history.replaceState(null, "", "#" + fragment);
      return true;
    }

    // The table column of the current reading, by its header's data-reading.
    columnIndex(readingId) {
      const heads = Array.from(this.table.querySelectorAll("thead th"));
      return heads.findIndex((th) => th.dataset.reading === readingId);
    }

    // Writes a column's texts into the table; each row found by its label, each cell by its
    // reading. A row folded away because nothing was paid shows while the flip pays something.
    paint(r, column, was, now, count) {
      const d = this.data;
      const h = this.columnIndex(r.id);
      if (h < 0) return;
      this.column = h;
      const head = this.table.querySelectorAll("thead th")[h];
      head.classList.add("flip-col");
      head.append(el("span", { class: "flip-badge" }, count + " changed"));
      if (window.Mournival) window.Mournival.showColumn(head);
      this.table.querySelectorAll("tbody tr").forEach((tr) => {
        const th = tr.querySelector("th[scope=row]");
        const k = th ? d.rows.indexOf(th.textContent.trim()) : -1;
        const td = tr.querySelector("td[data-reading=\"" + CSS.escape(r.id) + "\"]");
        const figure = td && td.querySelector(".figure");
        if (k < 0 || !figure) return;
        const original = figure.textContent;
        const text = d.texts[column[k]];
        was[k] = original;
        now[k] = text;
        td.dataset.flipOriginal = original;
        td.classList.add("flip-col", "flipped");
        figure.textContent = text;
        if (text !== original) {
          td.classList.add("flip-changed");
          figure.after(el("span", { class: "flip-was" }, " (was " + original + ")"));
          if (tr.hidden) {
            tr.hidden = false;
            tr.dataset.flipShown = "";
          }
        }
        const link = td.querySelector("a.cell-link");
        const panel = link && document.getElementById(link.getAttribute("href").slice(1));
        if (panel) {
          const note = el("p", { class: "flip-note" }, "With the changed rule points this is " + text + "; the payments below are " + r.name + "’s own, before the change.");
          panel.querySelector(".ledger-panel-title").after(note);
        }
      });
    }

    // Puts the flipped column back as the page wrote it.
    restore() {
      if (this.column < 0) return;
      this.section.querySelectorAll(".flip-badge, .flip-was, .flip-note").forEach((n) => n.remove());
      this.table.querySelectorAll("tr[data-flip-shown]").forEach((tr) => {
        tr.hidden = true;
        delete tr.dataset.flipShown;
      });
      this.table.querySelectorAll(".flip-col").forEach((n) => n.classList.remove("flip-col", "flipped", "flip-changed"));
      this.table.querySelectorAll("td[data-flip-original]").forEach((td) => {
        td.querySelector(".figure").textContent = td.dataset.flipOriginal;
        delete td.dataset.flipOriginal;
      });
      this.column = -1;
    }

    reset() {
      this.restore();
      if (this.data) history.replaceState(null, "", "#" + this.id);
    }

    // Opens the panel and shows what the address asks for.
    follow(wanted) {
      if (this.panel.hidden) {
        this.panel.hidden = false;
        this.button.setAttribute("aria-expanded", "true");
      }
      return this.load().then(() => {
        const k = this.data.readings.findIndex((r) => r.id === wanted.reading);
        if (k < 0) {
          this.status.textContent = "The address names a reading this scenario does not have: " + wanted.reading + ".";
          return;
        }
        this.choose(k, wanted.flips, true);
        this.section.scrollIntoView();
      });
    }
  }

  const flips = Array.from(document.querySelectorAll("div.flip[data-flip]")).map((box) => new Flip(box));
  function followHash() {
    const wanted = parseFragment(location.hash);
    const flip = wanted && flips.find((f) => f.id === wanted.id);
    if (flip) flip.follow(wanted).catch(() => {});
  }
  window.addEventListener("hashchange", followHash);
  followHash();
})();
