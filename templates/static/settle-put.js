// The Put form of "Settle a deal at the table" (static/settle.js). A Put scenario is a whole game
// (content/contributing/writing-put-scenarios.md): the deals a table enters follow one another in
// one scenario, so that the engine keeps the score, passes the deal to the left and ends the game
// where the reading does; the next deal after a won game starts another.
const SEATS = [0, 1, 2, 3];
export const STAGES = ["seats", "deal", "play"];
export const LIST = "deals";
// A scenario scripts at most 1000 actions: a game of this many deals stays well inside it.
export const MAX = 100;
export const UNIT = "game";
export const NOUN = "Deal";
export const SUMMED = false;
export const HEAD = [...SEATS.map((i) => `seat-${i}`), "settle-dealer", ...SEATS.map((i) => `score-${i}`)];
export const PART = [...SEATS.map((i) => `hand-${i}`), "settle-give", "settle-layout", "settle-play"];

export function head({ $, players, dealer, q }) {
  const seats = players();
  const lines = [`seats: [${seats.map((p) => q(p.name)).join(", ")}]`, `dealer: ${q(dealer())}`];
  const score = seats.filter((p) => $(`score-${p.i}`).value.trim() !== "");
  if (score.length) lines.push(`score: {${score.map((p) => `${q(p.name)}: ${Number($(`score-${p.i}`).value)}`).join(", ")}}`);
  return [["seats", lines]];
}

export function part({ $, players, words, actions, q }) {
  const text = (id) => $(id).value.trim();
  const seats = players();
  const deal = ["hands:", ...seats.map((p) => `  ${q(p.name)}: ${q(words($(`hand-${p.i}`).value))}`)];
  if (seats.length === 4 && text("settle-give")) deal.push(`give: ${q(text("settle-give"))}`);
  if (seats.length === 4 && text("settle-layout")) deal.push(`lay-out: ${q(text("settle-layout"))}`);
  const play = actions($("settle-play").value);
  return [["deal", deal], ["play", play ? [`play: ${q(play)}`] : []]];
}

const rowNamed = (sc, test) => sc.rows.filter((r) => test(r.label)).pop();

// The score after the deal just played, how it ended and what it scored (the engine's words),
// and the game's winner once there is one. Put pays no money: there is no ledger of payments.
export function outcome(sc) {
  const nets = sc.rows.filter((r) => r.kind === "net").map((r) => [r.player, r.cells[0].figure]);
  const deal = rowNamed(sc, (l) => /^After deal \d+$/.test(l));
  const winner = rowNamed(sc, (l) => l === "Winner");
  const ended = winner.cells[0].text !== "none yet";
  const items = [`${deal.label}: ${deal.cells[0].detail || deal.cells[0].text}`, `The score: ${deal.cells[0].text}.`];
  if (ended) items.push(`${winner.cells[0].detail}`);
  return {
    caption: `The score after ${deal.label.replace(/^After d/, "d")}`,
    nets,
    items,
    summary: ended ? `${winner.cells[0].text} wins. The next deal you enter starts a new game.` : "",
    ended,
    note: ended ? `won by ${winner.cells[0].text}` : "",
  };
}

export const label = (_d, k, g) => `Game ${g}, deal ${k + 1}`;
export const title = (g) => `Game ${g}`;

// The last row: the games each player (or side) has won this evening.
export function total(deals, names) {
  const won = names.map((n) => deals.filter((d) => d.ended && d.note.replace(/^won by /, "").split(" and ").includes(n)).length);
  return ["Games won", ...won.map(String)];
}

export function locked(kept) {
  return `This game is played under ${kept[0].name}, with the players and the first dealer it started with. The next deal after it is won starts a new game, where you may change them.`;
}

// Who deals the next deal of the game under way (the deal passes to the left); the passing of
// cards only where four play.
export function hint({ $, players, dealer }, kept) {
  const seats = players().map((p) => p.name);
  $("settle-four").hidden = seats.length !== 4;
  const first = seats.indexOf(dealer());
  const next = first < 0 ? "" : seats[(first + kept.length) % seats.length];
  $("settle-next-dealer").textContent = next ? `Deal ${kept.length + 1} of this game: ${next} deals, ${seats[(first + kept.length + 1) % seats.length]} is eldest.` : "";
}
