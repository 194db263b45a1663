// The rules engine in the page (wasm/API.md): the same Rust as `mournival check` and `explain`,
// compiled to WebAssembly, one module per game (static/engine/<game>.wasm), fetched the first time
// a page asks for its game. Only pages that import this file load anything.
//
//   import { load } from "./engine.js";
//   const engine = await load("gleek");
//   engine.readings(); engine.evaluate(yaml, { set, readings }); engine.deal(seed);

const GAMES = ["gleek", "put", "glic"];
const loading = new Map();

// The module's answer to one request (JSON in, JSON out through its memory).
function caller(exports) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return (request) => {
    const bytes = encoder.encode(JSON.stringify(request));
    const ptr = exports.alloc(bytes.length);
    new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
    let answer;
    try {
      const slot = exports.call(ptr, bytes.length);
      const [at, len] = new Uint32Array(exports.memory.buffer, slot, 2);
      answer = JSON.parse(decoder.decode(new Uint8Array(exports.memory.buffer, at, len)));
    } finally {
      exports.dealloc(ptr, bytes.length);
    }
    if (!answer.ok) throw new Error("engine: " + answer.error);
    return answer.value;
  };
}

async function instantiate(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error("engine: " + url + ": HTTP " + response.status);
  const { instance } = WebAssembly.instantiateStreaming
    && (response.headers.get("content-type") || "").startsWith("application/wasm")
    ? await WebAssembly.instantiateStreaming(response, {})
    : await WebAssembly.instantiate(await response.arrayBuffer(), {});
  return instance.exports;
}

// The engine of a game: readings(), evaluate(yaml, options) and deal(seed), as wasm/API.md says.
export function load(game, { base } = {}) {
  if (!GAMES.includes(game)) {
    return Promise.reject(new Error("engine: `" + game + "` is not a game; the games are " + GAMES.join(", ")));
  }
  const folder = base ? new URL(base, document.baseURI) : new URL("./engine/", import.meta.url);
  const url = new URL(game + ".wasm", folder).href;
  if (!loading.has(url)) {
    loading.set(url, instantiate(url).then((exports) => {
      const call = caller(exports);
      return Object.freeze({
        game,
        readings: () => call({ call: "readings" }),
        evaluate: (yaml, options = {}) => call({ call: "evaluate", yaml: String(yaml), options }),
        deal: (seed) => call({ call: "deal", seed: Number(seed) }),
      });
    }));
    loading.get(url).catch(() => loading.delete(url));
  }
  return loading.get(url);
}
