// What a reader downloads for a search: for each query, the files of the index the search page
// fetches (the list, its words' files, docs.json, the text of the results shown) and their bytes,
// raw and gzipped (level 6, as servers send JSON); and the whole index's.
//
//   node benches/search-bytes.mjs SITE [QUERY...]     (SITE: a built site's folder)
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { rank, gather, describeAll } = require("../templates/static/search.js");
const MAX_RESULTS = 50;

const [site, ...asked] = process.argv.slice(2);
if (!site) {
  console.error("usage: node benches/search-bytes.mjs SITE [QUERY...]");
  process.exit(2);
}
const bytes = (url) => readFileSync(join(site, url));
const size = (urls) => {
  let raw = 0, gz = 0;
  for (const url of urls) {
    const b = bytes(url);
    raw += b.length;
    gz += gzipSync(b, { level: 6 }).length;
  }
  return { raw, gz };
};
const kb = ({ raw, gz }) => `${(raw / 1024).toFixed(1)} KB (${(gz / 1024).toFixed(1)} KB gzipped)`;

const files = (dir) => readdirSync(join(site, dir)).flatMap((name) => {
  const url = `${dir}${name}`;
  return statSync(join(site, url)).isDirectory() ? files(`${url}/`) : [url];
});
const all = ["search-index.json", ...files("search-index/")];
console.log(`the whole index: ${all.length} files, ${kb(size(all))}`);

const list = JSON.parse(bytes("search-index.json"));
for (const query of asked.length ? asked : ["trick", "trump trick", "tiddy", "odd penny"]) {
  const fetched = new Set(["search-index.json"]);
  const get = (url) => {
    fetched.add(url);
    return Promise.resolve(JSON.parse(bytes(url)));
  };
  const found = rank(await gather(list, query, get), query);
  await describeAll(found.slice(0, MAX_RESULTS), list, get);
  const kind = (re) => size([...fetched].filter((u) => re.test(u.split("/").pop())));
  console.log(`"${query}": ${found.length} sections found; ${fetched.size} files fetched, ${kb(size(fetched))}:`
    + ` words ${kb(kind(/^w-/))}, docs ${kb(kind(/^docs/))}, text ${kb(kind(/^text-/))}`);
}
