// Edit this deal. Under a scenario's outcome table a reader opens the scenario's YAML in a plain
// editor; as they type, the engine (WebAssembly, `engine.js`, see wasm/API.md) plays the edited
// block under every reading of the game and the panel shows the outcome table, each reading's
// ledger and the located errors, in the same words as `mournival check`. The static table above
// stays as the site built it: the editor only appears once the engine has loaded, so without
// JavaScript or WebAssembly the page is what the static site shows.

const DEBOUNCE_MS = 250;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  Object.keys(attrs || {}).forEach((k) => node.setAttribute(k, attrs[k]));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The text a reader pastes into a rule page: the block fenced with its game's name. */
export function asBlock(game, text) {
  return "```" + game + "\n" + text.replace(/\n*$/, "") + "\n```\n";
}

/** "line 4, column 7: message" with the error's notes, as `check` words it. */
function errorItem(e) {
  const where = e.line > 0 ? `line ${e.line}, column ${e.column}: ` : "";
  const item = el("li", { "data-line": String(e.line), "data-column": String(e.column) }, where + e.message);
  (e.notes || []).forEach((n) => item.append(el("span", { class: "edit-note" }, " " + n)));
  return item;
}

function columnName(c) {
  const set = Object.keys(c.set || {});
  return set.length ? `${c.name} (${set.map((p) => `${p} = ${c.set[p]}`).join(", ")})` : c.name;
}

function outcomeTable(s) {
  const wrap = el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": `Outcome of the edited deal “${s.id}” under each reading` });
  const table = el("table", { class: "outcome edit-outcome" });
  table.append(el("caption", {}, `Outcome of the edited deal under each reading`));
  const head = el("tr");
  head.append(el("th", { scope: "col" }, "Figure"));
  s.columns.forEach((c) => head.append(el("th", { scope: "col", "data-reading": c.id }, columnName(c))));
  const thead = el("thead");
  thead.append(head);
  table.append(thead);
  const body = el("tbody");
  s.rows.forEach((r) => {
    const tr = el("tr", { class: "row-" + r.kind });
    tr.append(el("th", { scope: "row" }, r.label));
    r.cells.forEach((c, i) => tr.append(el("td", { "data-reading": s.columns[i].id, "data-figure": c.figure ?? "" }, c.text)));
    body.append(tr);
  });
  table.append(body);
  wrap.append(table);
  return wrap;
}

function ledger(l, column) {
  const box = el("details", { class: "account edit-ledger", "data-reading": l.reading });
  box.append(el("summary", {}, columnName(column)));
  if (!l.playable) {
    box.append(el("p", {}, "Not playable: " + l.reason));
    return box;
  }
  if (!l.payments.length) {
    box.append(el("p", { class: "detail" }, "Nothing paid."));
    return box;
  }
  const list = el("ol", { class: "ledger" });
  l.payments.forEach((p) => {
    const li = el("li");
    li.append(el("span", { class: "who" }, `${p.payer} → ${p.payee}`), " ", el("span", { class: "amount" }, p.amount), " ");
    li.append(el("span", { class: "for" }, `${p.phase}: ${p.reason}`), " ");
    li.append(el("span", { class: "cite" }, `${p.point} = ${p.choice}`), " ");
    li.append(el("span", { class: "ev ev-" + p.evidence }, p.evidence));
    if (p.quote) li.append(` “${p.quote}”`);
    if (p.cite) li.append(` (${p.cite})`);
    list.append(li);
  });
  box.append(list);
  return box;
}

function expectations(s) {
  const failed = s.expectations.filter((e) => !e.passed);
  if (!s.expectations.length) return null;
  const p = el("p", { class: "expect-line" });
  if (!failed.length) {
    p.textContent = `The block’s ${s.expectations.length} expected figures all match the engine.`;
    return p;
  }
  p.append(el("span", { class: "fail" }, `${failed.length} of the block’s ${s.expectations.length} expected figures do not match the engine:`));
  const list = el("ul", { class: "edit-errors" });
  failed.forEach((e) => list.append(errorItem({ ...e, message: e.message || `${e.variant}, ${e.figure}${e.player ? " of " + e.player : ""}: expected ${e.expected}, the engine gives ${e.found}` })));
  return [p, list];
}

/** One editor: the textarea with its line numbers, the buttons and the live results. */
export class Editor {
  constructor(box, engine, text, game) {
    this.engine = engine;
    this.original = text;
    this.game = game;
    const id = box.id + "-editor";
    this.panel = el("div", { class: "edit-panel", id });
    const label = el("label", { for: id + "-text", class: "edit-label" }, "The scenario block (YAML): every reading replays it as you type");
    const frame = el("div", { class: "edit-frame" });
    this.gutter = el("pre", { class: "edit-gutter", "aria-hidden": "true" });
    this.text = el("textarea", { id: id + "-text", class: "edit-text", spellcheck: "false", autocapitalize: "off", autocomplete: "off", wrap: "off", rows: "16" });
    this.text.value = text;
    frame.append(this.gutter, this.text);
    const tools = el("div", { class: "edit-tools" });
    const copy = el("button", { type: "button" }, "Copy as a scenario block");
    const reset = el("button", { type: "button" }, "Reset");
    tools.append(copy, reset);
    this.status = el("p", { class: "edit-status", role: "status" });
    this.errors = el("ul", { class: "edit-errors", "aria-label": "Errors in the block" });
    this.results = el("div", { class: "edit-results" });
    this.panel.append(label, frame, tools, this.status, this.errors, this.results);
    this.text.addEventListener("input", () => this.schedule());
    this.text.addEventListener("scroll", () => { this.gutter.scrollTop = this.text.scrollTop; });
    copy.addEventListener("click", () => this.copy());
    reset.addEventListener("click", () => { this.text.value = this.original; this.run(); });
    this.run();
  }

  schedule() {
    this.numbers();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), DEBOUNCE_MS);
  }

  numbers() {
    const n = this.text.value.split("\n").length;
    this.gutter.textContent = Array.from({ length: n }, (_, i) => String(i + 1)).join("\n");
  }

  run() {
    this.numbers();
    clearTimeout(this.timer);
    const result = this.engine.evaluate(this.text.value, {});
    this.errors.textContent = "";
    this.results.textContent = "";
    result.errors.forEach((e) => this.errors.append(errorItem(e)));
    this.errors.hidden = !result.errors.length;
    if (!result.ok) {
      this.status.textContent = `The block cannot be read: ${result.errors.length} error${result.errors.length === 1 ? "" : "s"}.`;
      return;
    }
    this.status.textContent = "Every reading replayed the edited block.";
    result.scenarios.forEach((s) => {
      this.results.append(outcomeTable(s));
      const checks = expectations(s);
      if (checks) this.results.append(...[].concat(checks));
      const ledgers = el("details", { class: "accounts" });
      ledgers.append(el("summary", {}, "The ledger under each reading"));
      s.ledgers.forEach((l, i) => ledgers.append(ledger(l, s.columns[i])));
      this.results.append(ledgers);
    });
  }

  copy() {
    const block = asBlock(this.game, this.text.value);
    const done = () => { this.status.textContent = "Copied: paste it into a rule page."; };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(block).then(done, () => this.copyByHand(block, done));
    } else {
      this.copyByHand(block, done);
    }
  }

  // Without the clipboard API (an http page, an old browser): copy from a selected textarea.
  copyByHand(block, done) {
    const scratch = el("textarea", { class: "visually-hidden", "aria-hidden": "true", tabindex: "-1" });
    scratch.value = block;
    document.body.append(scratch);
    scratch.select();
    const ok = document.execCommand && document.execCommand("copy");
    scratch.remove();
    if (ok) done();
    else this.status.textContent = "The browser refused to copy: select the text and copy it by hand.";
  }
}

/** Adds the "Edit this deal" button to a scenario's box once the engine is there. */
function attach(box, engine) {
  const game = box.getAttribute("data-game");
  const button = el("button", { type: "button", class: "edit-open", "aria-expanded": "false", "aria-controls": box.id + "-editor" }, "Edit this deal");
  box.append(button);
  box.hidden = false;
  let editor = null;
  button.addEventListener("click", () => {
    if (!editor) {
      editor = new Editor(box, engine, box.getAttribute("data-yaml"), game);
      box.append(editor.panel);
    } else {
      editor.panel.hidden = !editor.panel.hidden;
    }
    const open = !editor.panel.hidden;
    button.setAttribute("aria-expanded", String(open));
    if (open) editor.text.focus();
  });
}

async function main() {
  const boxes = Array.from(document.querySelectorAll(".edit-deal[data-game][data-yaml]"));
  if (!boxes.length || typeof WebAssembly !== "object") return;
  let load;
  try {
    ({ load } = await import(new URL("./engine.js", import.meta.url).href));
  } catch (e) {
    return; // no engine: the page stays the static site
  }
  const engines = {};
  for (const box of boxes) {
    const game = box.getAttribute("data-game");
    try {
      engines[game] = engines[game] || (await load(game));
    } catch (e) {
      continue;
    }
    attach(box, engines[game]);
  }
}

if (typeof document !== "undefined") main();
