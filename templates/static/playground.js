// The playground: a random deal of a game, dealt by the engine in the browser (engine.js: `deal`,
// the generator of `mournival deal`) from the seed in the address (`?seed=N`; a fresh one is put
// there when it is missing, so that the page can be shared), in the scenario editor (editor.js):
// as the reader changes the block, every reading plays it. Without the engine the page keeps its
// sentence saying so, with the command line that does the same.

import { Editor } from "./editor.js";

const MAX_SEED = Number.MAX_SAFE_INTEGER; // the engine's seeds: 0 to 2^53

const $ = (id) => document.getElementById(id);

/** The seed the address names, or null: a whole number from 0 to 2^53 − 1. */
export function seedOf(search) {
  const text = new URLSearchParams(search).get("seed");
  if (text === null || !/^\d{1,16}$/.test(text)) return null;
  const seed = Number(text);
  return seed <= MAX_SEED ? seed : null;
}

/** A fresh seed: short enough to read out, from the browser's random source. */
function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

class Playground {
  constructor(box, engine, game) {
    this.box = box;
    this.engine = engine;
    this.game = game;
    this.editor = null;
    $("playground-new").addEventListener("click", () => this.show(freshSeed(), "push"));
    window.addEventListener("popstate", () => this.show(seedOf(location.search) ?? freshSeed(), "replace"));
  }

  // Deals `seed` into a fresh editor; `how` records it in the address ("push" or "replace").
  show(seed, how) {
    const url = new URL(location.href);
    url.searchParams.set("seed", String(seed));
    if (url.href !== location.href) history[how + "State"](null, "", url.href);
    const { yaml } = this.engine.deal(seed);
    if (this.editor) this.editor.panel.remove();
    this.editor = new Editor(this.box, this.engine, yaml, this.game);
    this.box.append(this.editor.panel);
    $("playground-link").href = url.href;
    $("playground-command").textContent = `mournival deal --game ${this.game} --seed ${seed}`;
    $("playground-status").textContent = `Deal number ${seed}: every reading plays it as you change it.`;
  }
}

async function main() {
  const box = $("playground");
  const game = box.dataset.game;
  let engine;
  try {
    if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
    const { load } = await import(new URL("./engine.js", import.meta.url).href);
    engine = await load(game);
  } catch (e) {
    $("playground-status").textContent += ` (The engine could not be loaded here: ${e.message}.)`;
    return;
  }
  $("playground-status").className = "playground-ready";
  $("playground-tools").hidden = false;
  const asked = new URLSearchParams(location.search).has("seed");
  const seed = seedOf(location.search);
  new Playground(box, engine, game).show(seed ?? freshSeed(), "replace");
  if (asked && seed === null) {
    $("playground-status").textContent += " (The address’s seed is not a whole number from 0 to 2^53 − 1: this is a fresh deal.)";
  }
}

main();
