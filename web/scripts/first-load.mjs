// First-load JavaScript per page template, from the build manifest: the
// client entry with the chunks it imports, plus the chunks of the lazily
// loaded blocks the template's content renders (component-factory.ts maps a
// block to its module; the content YAML lists a template's blocks). Sizes
// are gzip (level 9, what the server precompresses close to). `make test`
// prints it; the budget is 100 KB per template.
//
//   node scripts/first-load.mjs [site]      (from web/, after `npm run build`)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const site = process.argv[2] || "group-se";
const BUDGET = 100 * 1024;
const dist = path.join(web, "dist/client");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const factory = fs.readFileSync(path.join(web, "src/app/component-factory.ts"), "utf8");

// Block name → manifest key of its lazily loaded module.
const lazy = new Map();
for (const m of factory.matchAll(/^\s*(\w+): lazyBlock\(\(\) => import\("([^"]+)"\)/gm)) {
  lazy.set(m[1], path.posix.join("src/app", m[2]) + ".tsx");
}

const gz = new Map();
const size = (file) => {
  if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};
// A manifest entry with its static imports, transitively.
const closure = (key, out) => {
  const e = manifest[key];
  if (!e || out.has(e.file)) return out;
  out.add(e.file);
  for (const imp of e.imports ?? []) closure(imp, out);
  return out;
};
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

const templates = [
  ["home", "items/index.yaml"],
  ["car list", "items/bilar.yaml"],
  ["car detail", "items/_car-detail.yaml"],
  ["dealer list", "items/anlaggningar/index.yaml"],
  ["dealer page", "items/anlaggningar/_wildcard.yaml"],
  ["stories", "items/nyheter/index.yaml"],
];
let over = 0;
console.log(`first-load JS (gzip), ${site}, budget ${BUDGET / 1024} KB`);
for (const [name, file] of templates) {
  const p = path.join(web, "..", "content", site, file);
  if (!fs.existsSync(p)) continue;
  const blocks = [...new Set([...fs.readFileSync(p, "utf8").matchAll(/component:\s*(\w+)/g)].map((m) => m[1]))];
  const files = closure(entryKey, new Set());
  const lazyHere = blocks.filter((b) => lazy.has(b));
  for (const b of lazyHere) closure(lazy.get(b), files);
  const total = [...files].reduce((n, f) => n + size(f), 0);
  if (total > BUDGET) over++;
  console.log(`  ${name.padEnd(12)} ${(total / 1024).toFixed(1).padStart(6)} KB  ${files.size} files${lazyHere.length ? "  (+ " + lazyHere.join(", ") + ")" : ""}${total > BUDGET ? "  OVER BUDGET" : ""}`);
}
const all = Object.values(manifest).filter((e) => e.file.endsWith(".js")).reduce((n, e) => n + size(e.file), 0);
console.log(`  every chunk  ${(all / 1024).toFixed(1).padStart(6)} KB`);
process.exitCode = 0; // a report, not a test: figures are in docs/performance.md
