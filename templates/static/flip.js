// Flip any rule, on any reading, in the page. Beside a scenario's outcome table a reader picks a
// reading and changes any rule points of its game, as many at once as they like: the engine in the
// browser (engine.js, wasm/API.md) plays the scenario under the changed reading and that reading's
// column shows the result. The address records the flips,
// #<scenario>:<reading>:<point>=<choice>,... so that a link brings back "Cotton, with Parlett's
// ruff". The controls appear only once the engine has loaded: without JavaScript or WebAssembly
// the page is the static site, and an address asking for flips that the engine cannot serve here
// says so in the page.

const YIELD_MS = 25; // the longest the search for the points that matter holds the page

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  Object.keys(attrs || {}).forEach((k) => node.setAttribute(k, attrs[k]));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** "#id:reading:point=choice,point=choice" → {id, reading, flips: {point: choice}}, or null. */
export function parseFragment(hash) {
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

/** A reading's name without its date: "Charles Cotton". */
const short = (name) => name.replace(/ \([^)]*\)$/, "");

/** What a reading's play comes to, to compare plays: the nets, or why it cannot be played. */
const comesTo = (ledger) => (ledger.playable ? ledger.nets.join(" ") : "not playable: " + ledger.reason);

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

class Flip {
  constructor(box, engine) {
    this.box = box;
    this.engine = engine;
    this.section = box.closest("section.scenario");
    this.table = this.section.querySelector("table.outcome");
    this.yaml = this.section.querySelector("[data-yaml]").getAttribute("data-yaml");
    this.id = this.section.id;
    this.column = -1; // the table column now flipped, if any
    this.mattering = new Map(); // reading id → the points that change its figures alone
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
    else if (this.ready) this.ready.then(() => this.choose(this.reading.id, {}, true));
    else this.start().then(() => this.select.focus(), () => {});
  }

  // The readings, checked against the page's own figures, and the points that matter under the
  // first reading; then the panel.
  start() {
    if (this.ready) return this.ready;
    this.panel.append(el("p", { class: "flip-status", role: "status" }, "Finding the rule points this deal turns on…"));
    this.ready = this.prepare().then(() => this.build(), (err) => {
      this.panel.querySelector(".flip-status").textContent = "The engine in this browser cannot replay this scenario (" + err.message + "): the table shows each reading as the site built it.";
      throw err;
    });
    return this.ready;
  }

  async prepare() {
    const all = this.engine.evaluate(this.yaml, {});
    if (!all.ok) throw new Error(all.errors.map((e) => `line ${e.line}, column ${e.column}: ${e.message}`).join("; "));
    const s = all.scenarios[0];
    const known = new Map(this.engine.readings().map((r) => [r.id, r]));
    // A reading is served when the engine holds it and gives the page's own figures for it: a
    // site built from other reading files than the engine's says so rather than mislead.
    this.readings = this.headings().map((id) => {
      const r = known.get(id);
      const k = s.columns.findIndex((c) => c.id === id);
      const served = r && k >= 0 && this.nets(id).every(([label, text]) => {
        const row = s.rows.find((x) => x.label === label);
        return row && row.cells[k].text === text;
      });
      const name = r ? r.name : this.table.querySelector(`thead th[data-reading="${CSS.escape(id)}"]`).textContent.trim();
      return { id, name, served: Boolean(served), points: r ? r.points : [], own: k >= 0 ? comesTo(s.ledgers[k]) : "" };
    });
    const first = this.readings.find((r) => r.served);
    if (!first) throw new Error("it holds none of this site's readings as the site does");
    await this.matters(first);
  }

  headings() {
    return Array.from(this.table.querySelectorAll("thead th[data-reading]"), (th) => th.dataset.reading);
  }

  // The page's figures in a reading's column, net rows only: [[row label, text]].
  nets(id) {
    return Array.from(this.table.querySelectorAll("tbody tr.row-net"), (tr) => [
      tr.querySelector("th[scope=row]").textContent.trim(),
      tr.querySelector(`td[data-reading="${CSS.escape(id)}"] .figure`).textContent.trim(),
    ]);
  }

  // The points that change what a reading's play comes to when switched alone from its own
  // choices, found once per reading, a few plays at a time so that the page stays responsive.
  async matters(r) {
    if (this.mattering.has(r.id)) return this.mattering.get(r.id);
    const found = new Set();
    let since = performance.now();
    for (const p of r.points) {
      for (const c of p.choices.filter((c) => c.id !== p.chosen)) {
        const e = this.play(r.id, { [p.id]: c.id });
        if (comesTo(e.ledgers[0]) !== r.own) { found.add(p.id); break; }
      }
      if (performance.now() - since > YIELD_MS) { await pause(); since = performance.now(); }
    }
    this.mattering.set(r.id, found);
    return found;
  }

  play(reading, set) {
    const result = this.engine.evaluate(this.yaml, { set: { [reading]: set }, readings: [reading] });
    if (!result.ok) throw new Error(result.errors.map((e) => e.message).join("; "));
    return result.scenarios[0];
  }

  build() {
    this.panel.textContent = "";
    this.panel.append(el("legend", {}, "What if a reading chose otherwise?"));
    this.panel.append(el("p", {}, "Pick a reading, then change any of its rule points, as many at once as you like: the engine in your browser replays the deal and the reading’s column in the table above shows the result."));
    const readingLabel = el("label", { class: "flip-reading" }, "Reading ");
    this.select = el("select", { name: "reading" });
    this.readings.forEach((r) => {
      const option = el("option", { value: r.id }, r.served ? r.name : r.name + " (not in this browser’s engine)");
      option.disabled = !r.served;
      this.select.append(option);
    });
    readingLabel.append(this.select);
    this.panel.append(readingLabel);
    const unserved = this.readings.filter((r) => !r.served);
    if (unserved.length) {
      this.panel.append(el("p", { class: "flip-cap" }, "The engine in this browser does not hold " + unserved.map((r) => r.name).join(", ") + " as this site does (the site was built from other reading files): its rule points cannot be changed here; `mournival explain --set` can."));
    }
    this.points = el("div", { class: "flip-points" });
    this.others = el("details", { class: "flip-others" });
    this.othersTitle = el("summary");
    this.othersList = el("div", { class: "flip-others-list" });
    this.others.append(this.othersTitle, this.othersList);
    this.status = el("p", { class: "flip-status", role: "status" });
    const actions = el("p", { class: "flip-actions" });
    const back = el("button", { type: "button" }, "Back to the reading’s own choices");
    this.link = el("a", { class: "flip-link", href: "#" + this.id }, "Link to this");
    actions.append(back, " ", this.link);
    this.panel.append(this.points, this.others, this.status, actions);
    this.select.addEventListener("change", () => this.choose(this.select.value, {}));
    back.addEventListener("click", () => this.choose(this.reading.id, {}));
    return this.choose(this.readings.find((r) => r.served).id, {}, true);
  }

  // Shows a reading with the given flips ({pointId: choiceId}); quiet keeps the address.
  async choose(id, flips, quiet) {
    const r = this.readings.find((x) => x.id === id);
    this.reading = r;
    this.select.value = id;
    this.restore();
    this.points.textContent = "";
    this.othersList.textContent = "";
    this.status.textContent = "Finding the rule points this deal turns on under " + r.name + "…";
    const mattering = await this.matters(r);
    if (this.reading !== r) return; // another reading was picked meanwhile
    this.choices = new Map(r.points.map((p) => [p.id, p.chosen]));
    const unknown = [];
    Object.keys(flips).forEach((pid) => {
      const p = r.points.find((x) => x.id === pid);
      if (p && p.choices.some((c) => c.id === flips[pid])) this.choices.set(pid, flips[pid]);
      else unknown.push(pid + "=" + flips[pid]);
    });
    this.renderPoints(mattering);
    this.apply(quiet);
    if (unknown.length) this.status.textContent = "The address names rule points or choices that " + r.name + " does not have: " + unknown.join(", ") + ". " + this.status.textContent;
  }

  renderPoints(mattering) {
    const r = this.reading;
    const rest = r.points.filter((p) => !mattering.has(p.id));
    r.points.forEach((p) => (mattering.has(p.id) ? this.points : this.othersList).append(this.pointRow(p)));
    this.othersTitle.textContent = `The other ${rest.length} rule points: none of them alone changes this deal under ${short(r.name)}`;
    this.others.hidden = !rest.length;
    if (rest.some((p) => this.choices.get(p.id) !== p.chosen)) this.others.open = true;
    if (!mattering.size) this.points.append(el("p", { class: "detail" }, `No rule point alone changes this deal under ${short(r.name)}; several together may.`));
  }

  pointRow(p) {
    const r = this.reading;
    const row = el("div", { class: "flip-point", "data-point": p.id });
    const id = this.id + "-flip-" + p.id;
    const label = el("label", { for: id });
    label.append(el("a", { href: this.box.getAttribute("data-rules") + p.id + "/", title: p.id }, p.question));
    const select = el("select", { id, name: p.id });
    p.choices.forEach((ch) => {
      const who = this.readings.filter((x) => x.points.some((q) => q.id === p.id && q.chosen === ch.id)).map((x) => short(x.name));
      const own = ch.id === p.chosen ? " (" + short(r.name) + "’s own)" : "";
      select.append(el("option", { value: ch.id, title: ch.id }, ch.summary + own + (who.length ? " — " + who.join(", ") : " — no reading")));
    });
    select.value = this.choices.get(p.id);
    select.addEventListener("change", () => {
      this.choices.set(p.id, select.value);
      this.apply(false);
    });
    row.append(label, select);
    return row;
  }

  // The points set otherwise than the reading's own choices, in the game's order.
  flipped() {
    return this.reading.points.filter((p) => this.choices.get(p.id) !== p.chosen);
  }

  apply(quiet) {
    const r = this.reading;
    this.restore();
    const flipped = this.flipped();
    this.section.querySelectorAll(".flip-point").forEach((row) => row.classList.toggle("flip-changed", flipped.some((p) => p.id === row.dataset.point)));
    let words = r.name + ", as the reading has it.";
    if (flipped.length) {
      const s = this.play(r.id, Object.fromEntries(flipped.map((p) => [p.id, this.choices.get(p.id)])));
      const { was, now, labels } = this.paint(s, flipped.length);
      const nets = labels.map((l, k) => l.replace(/ \S+$/, "") + " " + now[k] + (now[k] === was[k] ? "" : " (was " + was[k] + ")"));
      words = r.name + ", with " + flipped.length + " rule point" + (flipped.length > 1 ? "s" : "") + " changed: " + nets.join(", ") + ".";
      const ledger = s.ledgers[0];
      if (!ledger.playable) words += " Not playable: " + ledger.reason;
    }
    this.status.textContent = words;
    const fragment = this.id + ":" + r.id + (flipped.length ? ":" + flipped.map((p) => p.id + "=" + this.choices.get(p.id)).join(",") : "");
    this.link.href = "#" + fragment;
    if (!quiet) history.replaceState(null, "", "#" + fragment);
  }

  // Writes the engine's column into the table; each row found by its label, each cell by its
  // reading. A row folded away because nothing was paid shows while the flip pays something.
  paint(s, count) {
    const r = this.reading;
    const heads = Array.from(this.table.querySelectorAll("thead th"));
    const h = heads.findIndex((th) => th.dataset.reading === r.id);
    const out = { was: [], now: [], labels: [] };
    if (h < 0) return out;
    this.column = h;
    const head = heads[h];
    head.classList.add("flip-col");
    head.append(el("span", { class: "flip-badge" }, count + " changed"));
    if (window.Mournival) window.Mournival.showColumn(head);
    const texts = new Map(s.rows.map((x) => [x.label, x.cells[0].text]));
    this.table.querySelectorAll("tbody tr").forEach((tr) => {
      const th = tr.querySelector("th[scope=row]");
      const td = tr.querySelector(`td[data-reading="${CSS.escape(r.id)}"]`);
      const figure = td && td.querySelector(".figure");
      if (!th || !figure) return;
      const label = th.textContent.trim();
      const original = figure.textContent;
      const text = texts.has(label) ? texts.get(label) : "—";
      if (tr.classList.contains("row-net")) {
        out.labels.push(label);
        out.was.push(original);
        out.now.push(text);
      }
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
    return out;
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
    if (this.ready) history.replaceState(null, "", "#" + this.id);
  }

  // Opens the panel and shows what the address asks for.
  async follow(wanted) {
    if (this.panel.hidden) {
      this.panel.hidden = false;
      this.button.setAttribute("aria-expanded", "true");
    }
    await this.start();
    const r = this.readings.find((x) => x.id === wanted.reading);
    if (!r || !r.served) {
      const why = r ? r.name + " is not in this browser’s engine as the site has it" : "the scenario has no reading " + wanted.reading;
      this.status.textContent = "The address asks for flips this page cannot show: " + why + ".";
      return;
    }
    await this.choose(r.id, wanted.flips, true);
    this.section.scrollIntoView();
  }
}

// Without the engine a link that asks for flips says why the table shows the readings as written.
function unserved(wanted, reason) {
  const box = document.getElementById(wanted.id + "-flips");
  if (!box || !box.hidden) return;
  box.hidden = false;
  const flips = Object.keys(wanted.flips).length;
  box.append(el("p", { class: "flip-status flip-unserved", role: "status" },
    "This address asks for the reading " + wanted.reading + (flips ? " with " + flips + " rule point" + (flips > 1 ? "s" : "") + " changed" : "") +
    ". Changing a rule point needs the rules engine in the browser (JavaScript and WebAssembly), which " + reason + ": the table shows each reading as the site built it."));
}

async function main() {
  const boxes = Array.from(document.querySelectorAll("div.flip[data-game]"));
  if (!boxes.length) return;
  const wanted = () => parseFragment(location.hash);
  let load;
  try {
    if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
    ({ load } = await import(new URL("./engine.js", import.meta.url).href));
  } catch (e) {
    const w = wanted();
    if (w) unserved(w, "could not be loaded here");
    return;
  }
  const flips = [];
  for (const box of boxes) {
    try {
      flips.push(new Flip(box, await load(box.getAttribute("data-game"))));
    } catch (e) {
      const w = wanted();
      if (w && w.id + "-flips" === box.id) unserved(w, "could not be loaded here (" + e.message + ")");
    }
  }
  const follow = () => {
    const w = wanted();
    const flip = w && flips.find((f) => f.id === w.id);
    if (flip) flip.follow(w).catch(() => {});
  };
  window.addEventListener("hashchange", follow);
  follow();
}

if (typeof document !== "undefined") main();
