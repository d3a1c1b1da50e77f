// The Node side of a server render, without the socket: JSON.parse of the
// page data and renderToString of the app, per page, for car list and car
// detail pages taken from a running server (their documents' page data and
// dictionary). Tells the render's own cost from the worker's framing and
// the Go side (bench/pages.sh reports those).
//
//   ./bin/forecourt serve --no-render &      (PORT, DATA_DIR as usual)
//   node bench/render.mjs http://127.0.0.1:8080 [pages per kind] [renders]
//
// Run from the repository root after `make build`.
import path from "node:path";
import { pathToFileURL } from "node:url";

const base = process.argv[2] || "http://127.0.0.1:8080";
const perKind = Number(process.argv[3] || 120);
const renders = Number(process.argv[4] || 1500);
process.env.NODE_ENV = "production";
const { render } = await import(pathToFileURL(path.resolve("web/dist/server/entry-server.js")).href);

async function pageData(p) {
  const html = await (await fetch(base + p)).text();
  const pick = (id) => html.match(new RegExp(`<script id="${id}"[^>]*>([\\s\\S]*?)</script>`))?.[1];
  return { page: pick("__PAGE_DATA__"), dict: pick("__DICT__") };
}

async function search(body) {
  const res = await fetch(base + "/api/search", { method: "POST", body: JSON.stringify(body) });
  return (await res.json()).content;
}

// Car pages: the cheapest cars first, as many as asked. Car lists: each
// brand's list, its fuels and two sorts, until there are enough.
const cars = await search({ index: "vehicles_group_se", limit: Math.min(perKind, 48), fields: ["car_id", "slug"], sort_name: "car_price_asc" });
const detailPaths = cars.map((c) => `/bilar/${c.car_id}/${c.slug}`);
const facets = await (await fetch(base + "/api/search", { method: "POST", body: JSON.stringify({ index: "vehicles_group_se", limit: 0, facets: [{ name: "car_brand" }, { name: "car_fuel" }] }) })).json();
const brands = facets.facet.find((f) => f.name === "car_brand").values.map((v) => v.text);
const fuels = facets.facet.find((f) => f.name === "car_fuel").values.map((v) => v.text);
const listPaths = ["/bilar"];
for (const b of brands) for (const f of ["", ...fuels]) for (const s of ["", "car_price_asc"]) {
  const q = new URLSearchParams({ car_brand: b, ...(f && { car_fuel: f }), ...(s && { sort: s }) });
  listPaths.push(`/bilar?${q}`);
}

for (const [kind, paths] of [["car list", listPaths.slice(0, perKind)], ["car detail", detailPaths]]) {
  const pages = await Promise.all(paths.map(pageData));
  const dicts = new Map();
  const parse = ({ page, dict }) => {
    const d = JSON.parse(page);
    if (dict) d.dictionary = dicts.get(dict) ?? dicts.set(dict, JSON.parse(dict)).get(dict);
    return d;
  };
  for (let i = 0; i < 200; i++) render(parse(pages[i % pages.length])); // warm up
  let tParse = 0, tRender = 0, bytes = 0, dataBytes = 0;
  for (let i = 0; i < renders; i++) {
    const p = pages[i % pages.length];
    const t0 = performance.now();
    const d = parse(p);
    const t1 = performance.now();
    const html = render(d);
    tParse += t1 - t0;
    tRender += performance.now() - t1;
    bytes += html.length;
    dataBytes += p.page.length;
  }
  console.log(`${kind.padEnd(10)} ${pages.length} pages, ${renders} renders: JSON.parse ${(tParse / renders).toFixed(3)} ms, render ${(tRender / renders).toFixed(3)} ms, page data ${(dataBytes / renders / 1024).toFixed(1)} KB, HTML ${(bytes / renders / 1024).toFixed(1)} KB`);
}
