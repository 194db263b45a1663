// The Gleek form of "Settle a deal at the table" (static/settle.js): each deal a scenario of its
// own, its money summed over the evening.
export const STAGES = ["seats", "deal", "auction", "vie", "sets", "play"];
export const LIST = null;
export const MAX = 1;
export const UNIT = "deal";
export const NOUN = "Deal";
export const HEAD = [];
export const PART = ["hand-0", "hand-1", "hand-2", "settle-turnup", "settle-auction", "settle-discard", "settle-vie", "settle-claims", "settle-play"];

export function head({ players, dealer, q }) {
  const names = players().map((p) => p.name);
  return [["seats", [`seats: [${names.map(q).join(", ")}]`, `dealer: ${q(dealer())}`]]];
}

export function part({ $, players, words, q }) {
  const text = (id) => $(id).value.trim();
  const deal = ["hands:", ...players().map((p) => `  ${q(p.name)}: ${q(words($(`hand-${p.i}`).value))}`), `turn-up: ${q(words(text("settle-turnup")))}`];
  const auction = [];
  if (text("settle-auction")) auction.push(`auction: ${q(text("settle-auction"))}`);
  if (text("settle-discard")) auction.push(`discard: ${q(words(text("settle-discard")))}`);
  const vie = text("settle-vie") ? [`vie: ${q(text("settle-vie"))}`] : [];
  const claims = $("settle-claims").value.split("\n").map((s) => s.trim()).filter(Boolean);
  const sets = claims.length ? [`false-claims: [${claims.map(q).join(", ")}]`] : [];
  const tricks = $("settle-play").value.split("\n").map(words).filter(Boolean);
  const play = tricks.length ? ["play:", ...tricks.map((t) => `  - ${q(t)}`), ...(tricks.length < 12 ? ["  - then: auto"] : [])] : [];
  return [["deal", deal], ["auction", auction], ["vie", vie], ["sets", sets], ["play", play]];
}

// Each player's net (the rows in seat order) and every payment of the ledger.
export function outcome(sc, _before, { payment }) {
  const nets = sc.rows.filter((r) => r.kind === "net").map((r) => [r.player, r.cells[0].figure]);
  return { caption: "Each player's net", nets, items: sc.ledgers[0].payments.map(payment), ended: true };
}

export const SUMMED = true;
// The deal passes to the left.
export const ROTATES = true;
export const label = (_d, _k, g) => `Deal ${g}`;
export const title = (g) => `Deal ${g}`;
