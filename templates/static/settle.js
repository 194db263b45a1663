// "Settle a deal at the table" (settle/<game>/): builds the scenario block from the form, plays it
// with the engine in the browser (static/engine.js) under the chosen reading, shows who pays whom
// with the ledger, and keeps the evening's deals in localStorage. Without the engine the form
// still writes the scenario, and the page says the engine is needed to settle it.
const script = document.currentScript || document.querySelector("script[data-engine]");
const root = document.querySelector("article.settle");
const game = root.dataset.game;
const $ = (id) => document.getElementById(id);
const STORE = `mournival.settle.${game}`;
const STAGES = ["seats", "deal", "auction", "vie", "sets", "play"];
let engine = null;
let last = null; // the deal last settled: { yaml, reading, name, nets }

const seats = () => [0, 1, 2].map((i) => $(`seat-${i}`).value.trim());
const words = (s) => s.trim().split(/[\s,]+/).filter(Boolean).join(" ");
const q = (s) => JSON.stringify(s); // a YAML double-quoted scalar

// The scenario block, and the lines each stage wrote (to place the engine's errors beside it).
function build(id) {
  const lines = [];
  const spans = [];
  const stage = (name, add) => {
    const from = lines.length + 1;
    add();
    spans.push({ name, from, to: lines.length });
  };
  const names = seats();
  lines.push(`id: ${id}`);
  stage("seats", () => {
    lines.push(`seats: [${names.map(q).join(", ")}]`);
    lines.push(`dealer: ${q(names[Number($("settle-dealer").value)])}`);
  });
  stage("deal", () => {
    lines.push("hands:");
    names.forEach((n, i) => lines.push(`  ${q(n)}: ${q(words($(`hand-${i}`).value))}`));
    lines.push(`turn-up: ${q(words($("settle-turnup").value))}`);
  });
  stage("auction", () => {
    if ($("settle-auction").value.trim()) lines.push(`auction: ${q($("settle-auction").value.trim())}`);
    if ($("settle-discard").value.trim()) lines.push(`discard: ${q(words($("settle-discard").value))}`);
  });
  stage("vie", () => {
    if ($("settle-vie").value.trim()) lines.push(`vie: ${q($("settle-vie").value.trim())}`);
  });
  stage("sets", () => {
    const claims = $("settle-claims").value.split("\n").map((s) => s.trim()).filter(Boolean);
    if (claims.length) lines.push(`false-claims: [${claims.map(q).join(", ")}]`);
  });
  stage("play", () => {
    const tricks = $("settle-play").value.split("\n").map(words).filter(Boolean);
    if (!tricks.length) return;
    lines.push("play:");
    tricks.forEach((t) => lines.push(`  - ${q(t)}`));
    if (tricks.length < 12) lines.push("  - then: auto");
  });
  return { yaml: lines.join("\n") + "\n", spans };
}

function showErrors(errors, spans) {
  for (const s of [...STAGES, "other"]) $(`errors-${s}`).textContent = "";
  for (const e of errors) {
    const span = spans.find((s) => e.line >= s.from && e.line <= s.to);
    const el = $(`errors-${span ? span.name : "other"}`);
    const text = [e.message, ...(e.notes || [])].join(" ");
    el.textContent += (el.textContent ? " " : "") + text;
  }
}

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
// A row's figure under the one reading played (the module's cells, or the figures of API.md).
const figure = (r) => (r.cells ? r.cells[0].figure : r.figures[0]);

function showResult(sc, readingName) {
  const nets = sc.rows.filter((r) => r.kind === "net").map((r) => [r.player || r.label, figure(r)]);
  const ledger = sc.ledgers[0];
  $("settle-nets-caption").textContent = `Each player's net under ${readingName}`;
  $("settle-nets").replaceChildren(...nets.map(([name, f]) => row([name, sign(f)], true)));
  const playable = ledger.playable !== false;
  const items = playable
    ? ledger.payments.map((p) => {
        const li = document.createElement("li");
        const where = p.source || p.cite;
        li.textContent = `${p.phase}: ${p.payer} pays ${p.payee} ${p.text || p.amount}${p.reason ? ` (${p.reason})` : ""}, by ${p.point} = ${p.choice}, ${p.evidence}${where ? `, ${where}` : ""}`;
        return li;
      })
    : [Object.assign(document.createElement("li"), { textContent: `Not playable under this reading: ${ledger.reason}` })];
  $("settle-ledger").replaceChildren(...items);
  $("settle-result").hidden = false;
  $("settle-keep").disabled = !playable;
  $("settle-result-title").focus();
  return nets;
}

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

function settle(ev) {
  ev.preventDefault();
  const deals = load();
  const { yaml, spans } = build(`deal-${deals.length + 1}`);
  $("settle-yaml").textContent = yaml;
  if (!engine) {
    $("settle-status").textContent = "The engine is not loaded, so this deal cannot be settled here. Its scenario is below: run it with mournival explain.";
    return;
  }
  const sel = $("settle-reading");
  const reading = sel.value;
  const name = sel.options[sel.selectedIndex].textContent.replace(/ \(the site.s advice.*$/, "");
  const out = engine.evaluate(yaml, { readings: [reading] });
  showErrors(out.errors || [], spans);
  if (!out.ok || !out.scenarios.length) {
    $("settle-result").hidden = true;
    return;
  }
  last = { yaml, reading, name, nets: showResult(out.scenarios[0], name) };
}

const load = () => { try { return JSON.parse(localStorage.getItem(STORE)) || []; } catch { return []; } };
const save = (deals) => { localStorage.setItem(STORE, JSON.stringify(deals)); evening(); };

function evening() {
  const deals = load();
  $("settle-evening-empty").hidden = deals.length > 0;
  $("settle-score").hidden = deals.length === 0;
  const players = [...new Set(deals.flatMap((d) => d.nets.map(([n]) => n)))];
  const head = row(["Deal", ...players, ""]);
  head.querySelectorAll("td").forEach((td) => { const th = document.createElement("th"); th.scope = "col"; th.textContent = td.textContent; td.replaceWith(th); });
  $("settle-score-head").replaceChildren(head);
  const totals = players.map(() => 0);
  const rows = deals.map((d, i) => {
    const figs = players.map((p, j) => {
      const f = (d.nets.find(([n]) => n === p) || [])[1];
      if (f != null) totals[j] += num(f);
      return f == null ? "" : sign(f);
    });
    const remove = Object.assign(document.createElement("button"), { type: "button", textContent: "Remove" });
    remove.setAttribute("aria-label", `Remove deal ${i + 1}`);
    remove.addEventListener("click", () => save(load().filter((_, k) => k !== i)));
    return row([`${i + 1} (${d.name})`, ...figs, remove], true);
  });
  const total = row(["Total", ...totals.map((t) => sign(t)), ""], true);
  total.className = "settle-total";
  $("settle-score-body").replaceChildren(...rows, total);
}

function exportEvening() {
  const deals = load();
  const day = new Date().toISOString().slice(0, 10);
  const blocks = deals.map((d, i) => {
    const nets = d.nets.map(([n, f]) => `${n} ${sign(f)}`).join(", ");
    const yaml = d.yaml.replace(/^id: .*$/m, `id: evening-${day}-deal-${i + 1}`);
    return `## Deal ${i + 1}\n\nSettled at the table under ${d.name} (\`${d.reading}\`): ${nets}.\n\n\`\`\`${game}\n${yaml}\`\`\`\n`;
  });
  const md = `---\ntitle: The evening of ${day}\n---\n\n${blocks.join("\n")}`;
  const a = Object.assign(document.createElement("a"), {
    href: URL.createObjectURL(new Blob([md], { type: "text/markdown" })),
    download: `evening-${day}.md`,
  });
  document.body.append(a);
  a.click();
  a.remove();
}

function labels() {
  const names = seats();
  names.forEach((n, i) => {
    $(`hand-${i}-label`).textContent = `${n || "This seat"}'s hand`;
    $("settle-dealer").options[i].textContent = n || `Seat ${i + 1}`;
  });
}

async function start() {
  const pick = new URLSearchParams(location.search).get("reading");
  if (pick && [...$("settle-reading").options].some((o) => o.value === pick)) $("settle-reading").value = pick;
  for (let i = 0; i < 3; i++) $(`seat-${i}`).addEventListener("input", labels);
  labels();
  $("settle-form").addEventListener("submit", settle);
  $("settle-keep").addEventListener("click", () => {
    if (!last) return;
    save([...load(), last]);
    last = null;
    $("settle-keep").disabled = true;
  });
  $("settle-export").addEventListener("click", exportEvening);
  $("settle-print").addEventListener("click", () => window.print());
  $("settle-clear").addEventListener("click", () => {
    if (load().length && confirm("Clear the evening's score? The deals kept in this browser are removed.")) save([]);
  });
  evening();
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
