// What the unfiltered car list's server render costs, and where: CPU time
// (process.cpuUsage, so the machine's load moves it less than wall time)
// of the worker's whole path for one page (the frame's JSON.parse, the
// dictionary parsed once, React's render, the answer's bytes), then the
// render alone with parts of the page data left out (the cards, the
// facets, the navigation), and the same for other list pages.
//
//   ./bin/forecourt serve &      (PORT, DATA_DIR as usual)
//   node bench/render-list.mjs http://127.0.0.1:8080 [renders] [path ...]
//
// Run from the repository root after `make build`. The paths default to
// /bilar and three more lists of 48 cards (a brand, a brand/model, a fuel
// with a sort).
import path from "node:path";
import { pathToFileURL } from "node:url";

const base = process.argv[2] || "http://127.0.0.1:8080";
const renders = Number(process.argv[3] || 300);
const paths = process.argv.slice(4).length ? process.argv.slice(4) : ["/bilar", "/bilar/volvo", "/bilar/volvo/xc60", "/bilar?car_fuel=Diesel&sort=car_price_asc"];
process.env.NODE_ENV = "production";
const { render } = await import(pathToFileURL(path.resolve("web/dist/server/entry-server.js")).href);

const cpuMs = (f) => {
  const a = process.cpuUsage();
  f();
  const b = process.cpuUsage(a);
  return (b.user + b.system) / 1000;
};

for (const p of paths) {
  const html = await (await fetch(base + p)).text();
  const pick = (id) => html.match(new RegExp(`<script id="${id}"[^>]*>([\\s\\S]*?)</script>`))?.[1];
  const pageJSON = pick("__PAGE_DATA__");
  const dictJSON = pick("__DICT__");
  if (!pageJSON || !dictJSON) throw new Error(`${p}: no page data in the document`);
  const dict = JSON.parse(dictJSON);
  const probe = JSON.parse(pageJSON);
  // The car list's and the navigation's component data, by their shape.
  const listKey = Object.keys(probe.data ?? {}).find((k) => Array.isArray(probe.data[k]?.cars));
  const navKey = Object.keys(probe.data ?? {}).find((k) => Array.isArray(probe.data[k]?.items));
  const cars = listKey ? probe.data[listKey].cars.length : 0;
  const facets = listKey ? (probe.data[listKey].facets ?? []).length : 0;

  // The worker's path for one page, as web/ssr/frames.mjs runs it.
  const worker = () => {
    const d = JSON.parse(pageJSON);
    d.dictionary = dict;
    const out = render(d);
    const n = Buffer.byteLength(out, "utf8");
    Buffer.allocUnsafe(5 + n).write(out, 5, "utf8");
  };
  const measure = (f) => {
    for (let i = 0; i < 50; i++) f();
    let t = 0;
    for (let i = 0; i < renders; i++) t += cpuMs(f);
    return t / renders;
  };
  const variant = (mutate) => {
    const d = JSON.parse(pageJSON);
    mutate(d);
    d.dictionary = dict;
    let len = 0;
    const ms = measure(() => {
      len = render(d).length;
    });
    return `${ms.toFixed(2)} ms (${(len / 1024).toFixed(0)} KB)`;
  };
  console.log(`${p}: page data ${(pageJSON.length / 1024).toFixed(1)} KB, dictionary ${(dictJSON.length / 1024).toFixed(1)} KB (parsed once per worker), ${cars} cards, ${facets} facets`);
  console.log(`  worker path ${measure(worker).toFixed(2)} ms CPU; JSON.parse of the page data ${measure(() => JSON.parse(pageJSON)).toFixed(2)} ms`);
  console.log(`  render: as it is ${variant(() => {})}; no cards ${variant((d) => listKey && (d.data[listKey].cars = []))}; ` +
    `no facets ${variant((d) => listKey && (d.data[listKey].facets = []))}; no navigation ${variant((d) => navKey && (d.data[navKey].items = []))}`);
}
