// "Settle a deal at the table" (settle/<game>/): builds the scenario block from the form, plays it
// with the engine in the browser (static/engine.js, wasm/API.md) under the chosen reading, shows
// who pays whom with the ledger (or, at Put, the score), and keeps the evening in localStorage.
// The game's own stages are in static/settle-<game>.js; this file is what every game shares.
//
// A game's form module exports: STAGES (its fieldsets, for placing errors), LIST (null when each
// deal is a scenario of its own; "deals" or "rounds" when a game's deals, or an evening's rounds,
// make one scenario, so that the engine carries the score or the board from one to the next),
// MAX (deals in one scenario), HEAD and PART (the ids of the fields of the whole scenario and of
// one deal), head(ctx) and part(ctx) (the block's lines, per stage), outcome(scenario, before,
// ctx, k) (what the page shows of deal k just played; `before` is where the scenario stood
// without it, the ledger's `nets` and its count of `payments`, kept with the deal before),
// NOUN ("Deal" or "Round"), SUMMED (whether the evening adds up each deal's figures, or shows the score after each),
// ROTATES (whether the next deal's dealer is the last one's left), label() and title() (a
// deal's and a scenario's names), and optionally hint(ctx, kept) (what the form says of the scenario under way),
// total(deals, names) (the last row, when not summed), locked(kept), and resume(head, carry): the
// scenario's own lines for the next deal played alone, where the engine says what the deals kept
// leave to it (the ledger's `carry`, wasm/API.md: Glic's board), so that settling late in a long
// evening plays one round, not the evening again.
// Without the engine the form still writes the scenario, and the page says the engine is needed.
const script = document.querySelector("script[data-engine]");
const root = document.querySelector("article.settle");
const game = root.dataset.game;
const $ = (id) => document.getElementById(id);
const STORE = `mournival.settle.${game}`;
let engine = null;
let form = null;
let pending = null; // the deal last settled, not yet kept

// Seats with a name, in seat order: [{ i, name }].
const players = () =>
  [...document.querySelectorAll("input[name=seat]")]
    .map((el, i) => ({ i, name: el.value.trim() }))
    .filter((p) => p.name);
const words = (s) => s.trim().split(/[\s,]+/).filter(Boolean).join(" ");
// Calls or turns written one trick (or count) per line, as the scenario's one comma-separated list.
const actions = (s) => s.split("\n").map((l) => l.trim().replace(/,\s*$/, "")).filter(Boolean).join(", ");
const q = (s) => JSON.stringify(s); // a YAML double-quoted scalar

// A figure as the engine writes it ("−27½", "+4", "6.5") as a number, and back.
const num = (f) => {
  const t = String(f).replace("−", "-").replace("+", "");
  return t.endsWith("½") ? (t.startsWith("-") ? -1 : 1) * (Math.abs(Number(t.slice(0, -1) || "0")) + 0.5) : Number(t);
};
const sign = (f) => {
  if (f === null || f === undefined) return "—";
  const n = typeof f === "number" ? f : num(f);
  const whole = Math.trunc(Math.abs(n));
  const text = `${whole || n % 1 === 0 ? whole : ""}${Math.abs(n) % 1 ? "½" : ""}`;
  return n > 0 ? `+${text}` : n < 0 ? `−${text}` : "0";
};
// One payment of a ledger in words, with the rule point and the reading's evidence behind it.
const payment = (p) =>
  `${p.phase}: ${p.payer} pays ${p.payee} ${p.amount}${p.reason ? ` (${p.reason})` : ""}, by ${p.point} = ${p.choice}, ${p.evidence}${p.cite ? `, ${p.cite}` : ""}`;

// The name in the dealer's seat.
const dealer = () => $(`seat-${$("settle-dealer").value}`).value.trim();

const ctx = { $, players, dealer, words, actions, q, num, sign, payment };

// The block: the id, the scenario's own lines, then each deal's (as a list when the game keeps
// several in one scenario); and the lines each stage wrote, to place the engine's errors.
function assemble(id, head, parts) {
  const lines = [`id: ${id}`];
  const spans = [];
  const add = (stage, block, first, rest) => {
    const from = lines.length + 1;
    block.forEach((l, k) => lines.push((k === 0 ? first : rest) + l));
    spans.push({ stage, from, to: lines.length });
  };
  head.forEach(([stage, block]) => add(stage, block, "", ""));
  if (form.LIST) lines.push(`${form.LIST}:`);
  for (const part of parts) {
    part.forEach(([stage, block], k) => add(stage, block, form.LIST ? (k === 0 ? "  - " : "    ") : "", form.LIST ? "    " : ""));
  }
  return { yaml: lines.join("\n") + "\n", spans };
}

function showErrors(errors, spans) {
  for (const s of [...form.STAGES, "other"]) $(`errors-${s}`).textContent = "";
  for (const e of errors) {
    const span = spans.find((s) => e.line >= s.from && e.line <= s.to);
    const el = $(`errors-${span && form.STAGES.includes(span.stage) ? span.stage : "other"}`);
    const text = [e.message, ...(e.notes || [])].join(" ");
    el.textContent += (el.textContent ? " " : "") + text;
  }
}

// A figure as the page shows it: money signed, a score as it stands.
const shown = (f) => (form.SUMMED ? sign(f) : String(num(f)));

function row(cells, header) {
  const tr = document.createElement("tr");
  cells.forEach((c, i) => {
    const td = document.createElement(header && i === 0 ? "th" : "td");
    if (header && i === 0) td.scope = "row";
    if (c instanceof Node) td.append(c); else td.textContent = c;
    tr.append(td);
  });
  return tr;
}

const item = (text) => Object.assign(document.createElement("li"), { textContent: text });

function showResult(result, name) {
  $("settle-nets-caption").textContent = `${result.caption} under ${name}`;
  $("settle-nets").replaceChildren(...result.nets.map(([player, f]) => row([player, shown(f)], true)));
  $("settle-summary").textContent = result.summary || "";
  $("settle-ledger").replaceChildren(...result.items.map(item));
  $("settle-result").hidden = false;
  $("settle-keep").disabled = false;
  $("settle-result-title").focus();
}

function unplayable(ledger) {
  $("settle-nets").replaceChildren();
  $("settle-summary").textContent = "";
  // The check's words: "not playable (who-may-put): Ann says put: …".
  const why = String(ledger.reason || "not playable");
  $("settle-ledger").replaceChildren(item(`Under this reading, ${why}`));
  $("settle-result").hidden = false;
  $("settle-keep").disabled = true;
  $("settle-result-title").focus();
}

// The kept deals of the scenario the next deal joins: the last one's, while its game (or
// evening) goes on; none when it is over, or when every deal is a scenario of its own.
function current(entries) {
  const last = entries[entries.length - 1];
  if (!last) return { group: 0, kept: [] };
  const kept = entries.filter((e) => e.group === last.group);
  if (!form.LIST || last.ended || kept.length >= form.MAX) return { group: last.group + 1, kept: [] };
  return { group: last.group, kept };
}

const readingName = (sel) => sel.options[sel.selectedIndex].textContent.replace(/ \(the site.s advice.*$/, "");

function settle(ev) {
  ev.preventDefault();
  pending = null;
  const { group, kept } = current(load());
  const last = kept[kept.length - 1];
  // From where the last deal kept left, if the engine said (a deal kept before it did is replayed).
  const carry = form.resume && typeof last?.after?.carry === "string" ? last.after.carry : null;
  const opening = kept.length ? kept[0].head : form.head(ctx);
  const head = carry !== null ? form.resume(opening, carry) : opening;
  const part = form.part(ctx);
  const id = `${form.UNIT}-${group + 1}`;
  const { yaml, spans } = assemble(id, head, [...(carry !== null ? [] : kept.map((e) => e.part)), part]);
  $("settle-yaml").textContent = yaml;
  if (!engine) {
    $("settle-status").textContent = "The engine is not loaded, so this deal cannot be settled here. Its scenario is below: run it with mournival explain.";
    return;
  }
  const sel = $("settle-reading");
  const reading = kept.length ? kept[0].reading : sel.value;
  const name = kept.length ? kept[0].name : readingName(sel);
  const out = engine.evaluate(yaml, { readings: [reading] });
  showErrors(out.errors || [], spans);
  if (!out.ok || !out.scenarios.length) {
    $("settle-result").hidden = true;
    return;
  }
  const sc = out.scenarios[0];
  if (sc.ledgers[0].playable === false) return unplayable(sc.ledgers[0]);
  const ledger = sc.ledgers[0];
  const result = carry !== null ? form.outcome(sc, null, ctx, 0) : form.outcome(sc, last ? last.after : null, ctx, kept.length);
  showResult(result, name);
  // What the scenario stood at after this deal, and what it leaves to the next.
  const after = { nets: ledger.nets, payments: ledger.payments.length, carry: ledger.carry ?? null };
  pending = { group, head: opening, part, reading, name, nets: result.nets, note: result.note || "", ended: result.ended, after };
}

// The evening's deals, oldest first. A deal kept before the forms shared this file holds its
// whole block (`yaml`): it is read as a deal of its own.
function load() {
  let deals;
  try { deals = JSON.parse(localStorage.getItem(STORE)) || []; } catch { deals = []; }
  if (!Array.isArray(deals)) return [];
  return deals.map((d, i) => (d.part ? d : {
    group: i, head: [], part: [["other", String(d.yaml || "").replace(/^id: .*\n/, "").trimEnd().split("\n")]],
    reading: d.reading, name: d.name, nets: d.nets || [], ended: true,
  }));
}

function save(deals) {
  localStorage.setItem(STORE, JSON.stringify(deals));
  evening();
}

// Each group's deals numbered from 1: [[entry, index in group, group number]].
const numbered = (deals) => {
  const seen = new Map();
  return deals.map((d) => {
    const k = seen.get(d.group) || 0;
    seen.set(d.group, k + 1);
    return [d, k, [...new Set(deals.map((e) => e.group))].indexOf(d.group) + 1];
  });
};

function evening() {
  const deals = load();
  $("settle-evening-empty").hidden = deals.length > 0;
  $("settle-score").hidden = deals.length === 0;
  const names = [...new Set(deals.flatMap((d) => d.nets.map(([n]) => n)))];
  const head = row([form.NOUN, ...names, ""]);
  head.querySelectorAll("td").forEach((td) => { const th = document.createElement("th"); th.scope = "col"; th.textContent = td.textContent; td.replaceWith(th); });
  $("settle-score-head").replaceChildren(head);
  const totals = names.map(() => 0);
  const rows = numbered(deals).map(([d, k, g], i) => {
    const figs = names.map((p, j) => {
      const f = (d.nets.find(([n]) => n === p) || [])[1];
      if (f != null) totals[j] += num(f);
      return f == null ? "" : shown(f);
    });
    // A game's or an evening's deals stand on the ones before them: only the last comes off.
    let remove = "";
    if (!form.LIST || i === deals.length - 1) {
      remove = Object.assign(document.createElement("button"), { type: "button", textContent: "Remove" });
      remove.setAttribute("aria-label", `Remove ${form.label(d, k, g).toLowerCase()}`);
      remove.addEventListener("click", () => { save(load().filter((_, x) => x !== i)); refresh(); });
    }
    return row([`${form.label(d, k, g)} (${d.name})`, ...figs, remove], true);
  });
  const total = form.SUMMED ? ["Total", ...totals.map(sign)] : form.total(deals, names);
  const last = row([...total, ""], true);
  last.className = "settle-total";
  $("settle-score-body").replaceChildren(...rows, last);
}

function exportEvening() {
  const deals = load();
  const day = new Date().toISOString().slice(0, 10);
  const groups = [...new Set(deals.map((d) => d.group))].map((g) => deals.filter((d) => d.group === g));
  const blocks = groups.map((es, g) => {
    const { yaml } = assemble(`evening-${day}-${form.UNIT}-${g + 1}`, es[0].head, es.map((e) => e.part));
    const results = es.map((e, k) => `${form.label(e, k, g + 1)}: ${e.nets.map(([n, f]) => `${n} ${shown(f)}`).join(", ")}${e.note ? ` (${e.note})` : ""}`);
    return `## ${form.title(g + 1, groups.length)}\n\nSettled at the table under ${es[0].name} (\`${es[0].reading}\`). ${results.join(". ")}.\n\n\`\`\`${game}\n${yaml}\`\`\`\n`;
  });
  const md = `---\ntitle: The evening of ${day}\n---\n\n${blocks.join("\n")}`;
  const a = Object.assign(document.createElement("a"), {
    href: URL.createObjectURL(new Blob([md], { type: "text/markdown" })),
    download: `evening-${day}-${game}.md`,
  });
  document.body.append(a);
  a.click();
  a.remove();
}

// Names in the labels; a seat nobody sits in hides its fields.
function labels() {
  const seats = [...document.querySelectorAll("input[name=seat]")];
  seats.forEach((el, i) => {
    const name = el.value.trim();
    for (const field of ["hand", "ante", "score"]) {
      const label = $(`${field}-${i}-label`);
      if (!label) continue;
      label.textContent = `${name || `Seat ${i + 1}`}'s ${field === "hand" ? "hand" : field}`;
      label.hidden = $(`${field}-${i}`).hidden = !name && !el.required;
    }
    $("settle-dealer").options[i].textContent = name || `Seat ${i + 1} (empty)`;
  });
  form.hint?.(ctx, current(load()).kept);
}

// The scenario's own fields are fixed while its game or evening goes on.
function refresh() {
  const { kept } = current(load());
  const locked = kept.length > 0;
  for (const id of ["settle-reading", ...form.HEAD]) $(id).disabled = locked;
  $("settle-locked").hidden = !locked;
  if (locked) {
    $("settle-reading").value = kept[0].reading;
    $("settle-locked").textContent = form.locked(kept);
  }
  form.hint?.(ctx, kept);
}

function keep() {
  if (!pending) return;
  save([...load(), pending]);
  pending = null;
  $("settle-keep").disabled = true;
  for (const id of form.PART) $(id).value = "";
  if (form.ROTATES) {
    const seats = players().map((p) => p.i);
    const at = seats.indexOf(Number($("settle-dealer").value));
    if (at >= 0) $("settle-dealer").value = String(seats[(at + 1) % seats.length]);
  }
  refresh();
}

async function start() {
  form = await import(new URL(`settle-${game}.js`, import.meta.url).href);
  const pick = new URLSearchParams(location.search).get("reading");
  if (pick && [...$("settle-reading").options].some((o) => o.value === pick)) $("settle-reading").value = pick;
  document.querySelectorAll("input[name=seat]").forEach((el) => el.addEventListener("input", labels));
  $("settle-dealer").addEventListener("change", labels);
  labels();
  $("settle-form").addEventListener("submit", settle);
  $("settle-keep").addEventListener("click", keep);
  $("settle-export").addEventListener("click", exportEvening);
  $("settle-print").addEventListener("click", () => window.print());
  $("settle-clear").addEventListener("click", () => {
    if (load().length && confirm("Clear the evening's score? The deals kept in this browser are removed.")) { save([]); refresh(); }
  });
  evening();
  refresh();
  try {
    const { load: loadEngine } = await import(new URL(script.dataset.engine, location.href).href);
    engine = await loadEngine(game);
    $("settle-status").textContent = "The engine is ready.";
    $("settle-status").className = "settle-ready";
  } catch (e) {
    $("settle-status").textContent = `This page needs the rules engine in the browser, which could not be loaded (${e.message}). The form still writes the deal as a scenario (below), which mournival explain settles on your computer.`;
  }
}
start();
