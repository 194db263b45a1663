// The Glic form of "Settle a deal at the table" (static/settle.js). The evening's rounds make one
// scenario of `rounds:` (content/contributing/writing-glic-scenarios.md), so that the engine
// carries what each round leaves on the board to the next, under the evening's reading. The page
// plays each round alone, on the board the engine says the round before left (`carried:`, from
// the ledger's `carry`), which gives what the evening played whole gives; it exports the whole
// evening. It shows the round just played: its money and its payments.
const SEATS = [0, 1, 2, 3, 4, 5];
const BOARD = ["ace", "king", "queen", "jack", "ten", "marriage", "nine-eight-seven", "poch"];
export const STAGES = ["seats", "board", "deal", "poch", "countdown"];
export const LIST = "rounds";
// The most rounds the scenario reader takes in one evening.
export const MAX = 64;
export const UNIT = "evening";
export const NOUN = "Round";
export const SUMMED = true;
// Stewart does not say who deals next: the form offers the player on the dealer's left.
export const ROTATES = true;
export const HEAD = [...SEATS.map((i) => `seat-${i}`), ...BOARD.map((c) => `carried-${c}`)];
export const PART = [...SEATS.map((i) => `hand-${i}`), ...SEATS.map((i) => `ante-${i}`), "settle-cut", "settle-poch", "settle-countdown"];

export function head({ $, players, q }) {
  const carried = BOARD.filter((c) => Number($(`carried-${c}`).value) > 0).map((c) => `${c}: ${Number($(`carried-${c}`).value)}`);
  return [
    ["seats", [`seats: [${players().map((p) => q(p.name)).join(", ")}]`]],
    ["board", carried.length ? [`carried: {${carried.join(", ")}}`] : []],
  ];
}

export function part({ $, players, dealer, words, actions, q }) {
  const seats = players();
  const antes = seats.filter((p) => $(`ante-${p.i}`).value).map((p) => `${q(p.name)}: ${$(`ante-${p.i}`).value}`);
  const poch = $("settle-poch").value.trim();
  const countdown = actions($("settle-countdown").value);
  return [
    ["seats", [`dealer: ${q(dealer())}`]],
    ["board", antes.length ? [`antes: {${antes.join(", ")}}`] : []],
    ["deal", ["hands:", ...seats.map((p) => `  ${q(p.name)}: ${q(words($(`hand-${p.i}`).value))}`), `cut: ${q(words($("settle-cut").value))}`]],
    ["poch", poch ? [`poch: ${q(poch)}`] : []],
    ["countdown", countdown ? [`countdown: ${q(countdown)}`] : []],
  ];
}

// The next round alone: the evening's seats, on the board the rounds kept left.
export function resume(head, carry) {
  return head.map(([stage, lines]) => [stage, stage === "board" ? [carry] : lines]);
}

// The round just played: the evening's nets less those before it (none when the scenario is the
// round alone), its own payments, and what it leaves on the board.
export function outcome(sc, before, { num, sign, payment }, k) {
  const ledger = sc.ledgers[0];
  const players = sc.rows.filter((r) => r.kind === "net").map((r) => r.player);
  const nets = players.map((p, i) => [p, sign(num(ledger.nets[i]) - (before ? num(before.nets[i]) : 0))]);
  const round = k > 0 ? `Round ${k + 1}: ` : "";
  const countdown = sc.rows.find((r) => r.label === `${round}Countdown`);
  const left = sc.rows.find((r) => r.label === `${round}Left on the board`);
  return {
    caption: "Each player's net this round",
    nets,
    items: ledger.payments.slice(before ? before.payments : 0).map(payment),
    summary: countdown ? countdown.cells[0].detail || countdown.cells[0].text : "",
    ended: false,
    note: left ? `left on the board: ${left.cells[0].text}` : "",
  };
}

export const label = (_d, k, g) => (g > 1 ? `Part ${g}, round ${k + 1}` : `Round ${k + 1}`);
export const title = (g, n) => (n > 1 ? `The evening, part ${g}` : "The evening");

export function locked(kept) {
  return `The evening is played under ${kept[0].name}, by the players it started with: what a round leaves on the board depends on the reading. "New evening" starts afresh.`;
}

// Before the first round the table says what lies on the board; after it, the engine carries it.
export function hint({ $ }, kept) {
  const now = $("settle-board-now");
  now.dataset.first ??= now.textContent;
  const last = kept[kept.length - 1];
  now.textContent = last ? `Round ${kept.length + 1}. On the board from the rounds before, as the engine carries it under ${last.name}: ${last.note.replace(/^left on the board: /, "")}.` : now.dataset.first;
}
