// Lighthouse mobile performance of every page template, against a started
// server (make run, or any base URL), with Debian's Chromium:
//
//   node bench/lighthouse.mjs [base-url] [--write]      (default http://127.0.0.1:8080)
//
// Runs Lighthouse's default mobile profile (simulated throttling: slow 4G,
// 4x CPU slowdown) three times per template, prints the median of score, LCP,
// FCP, TBT and CLS (each figure's own median) with the three values of score,
// LCP and TBT, and the top opportunities of the median-score run, and with --write appends a dated table to
// docs/performance-log.md. The lighthouse package is a dev dependency of web/.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { templates as templatesOf } from "./templates.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const require = createRequire(path.join(root, "web/package.json"));
const { default: lighthouse } = await import(require.resolve("lighthouse"));
const chromeLauncher = await import(require.resolve("chrome-launcher"));

const args = process.argv.slice(2);
const write = args.includes("--write");
const base = (args.find((a) => !a.startsWith("--")) || "http://127.0.0.1:8080").replace(/\/$/, "");

const templates = await templatesOf(base);

const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const runs = 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${Math.round(x)} ms`;
const sec = (x) => `${(x / 1000).toFixed(1)} s`;
const rows = [];
// Lighthouse's measure of this machine's CPU (its benchmark index): figures
// from machines whose index differs much are not comparable.
const bench = [];
try {
  for (const [name, p] of templates) {
    const status = (await fetch(base + p, { redirect: "manual" })).status;
    if (status !== 200) {
      console.log(`${name.padEnd(12)} ${p}: HTTP ${status}, skipped`);
      continue;
    }
    const each = [];
    for (let i = 0; i < runs; i++) {
      const res = await lighthouse(base + p, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      const lhr = res.lhr;
      bench.push(lhr.environment?.benchmarkIndex ?? 0);
      const a = (id) => lhr.audits[id];
      const opp = Object.values(lhr.audits)
        .filter((x) => x.details?.type === "opportunity" && (x.details.overallSavingsMs ?? 0) > 50)
        .sort((x, y) => y.details.overallSavingsMs - x.details.overallSavingsMs)
        .slice(0, 3)
        .map((x) => `${x.id} ${Math.round(x.details.overallSavingsMs)} ms`);
      each.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: a("largest-contentful-paint").numericValue, fcp: a("first-contentful-paint").numericValue,
        tbt: a("total-blocking-time").numericValue, cls: a("cumulative-layout-shift").numericValue, opp: opp.join("; "),
      });
    }
    // The median of each figure on its own, and the three values beside it.
    const m = (k) => median(each.map((r) => r[k]));
    const all = (k, f) => each.map((r) => f(r[k])).join("/");
    const mid = each.find((r) => r.score === m("score"));
    const row = { name, path: p, score: m("score"), lcp: sec(m("lcp")), fcp: sec(m("fcp")), tbt: ms(m("tbt")), cls: m("cls").toFixed(2).replace(/\.?0+$/, ""),
      scores: all("score", String), lcps: all("lcp", (x) => (x / 1000).toFixed(1)), tbts: all("tbt", (x) => String(Math.round(x))), opp: mid.opp };
    rows.push(row);
    console.log(`${name.padEnd(12)} ${String(row.score).padStart(3)} (${row.scores})  LCP ${row.lcp} (${row.lcps} s)  FCP ${row.fcp}  TBT ${row.tbt} (${row.tbts} ms)  CLS ${row.cls}  ${row.opp}`);
  }
} finally {
  await chrome.kill();
}
const index = bench.length ? Math.round(median(bench)) : 0;
console.log(`benchmark index ${index} (median of ${bench.length} runs), load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
if (write && rows.length) {
  const date = new Date().toISOString().slice(0, 10);
  const load = os.loadavg().map((x) => x.toFixed(1)).join(" ");
  let md = `\n### Lighthouse mobile, ${date} (benchmark index ${index}, load average ${load})\n\n\`node bench/lighthouse.mjs ${base} --write\`, default mobile profile (simulated slow 4G, 4x CPU), median of three runs per template (the three runs in brackets).\n\n`;
  md += "| template | path | performance | LCP | FCP | TBT | CLS | top opportunities |\n|---|---|---|---|---|---|---|---|\n";
  for (const r of rows) md += `| ${r.name} | \`${r.path.length > 40 ? r.path.slice(0, 40) + "…" : r.path}\` | ${r.score} (${r.scores}) | ${r.lcp} (${r.lcps} s) | ${r.fcp} | ${r.tbt} (${r.tbts} ms) | ${r.cls} | ${r.opp || "–"} |\n`;
  fs.appendFileSync(path.join(root, "docs/performance-log.md"), md);
  console.log("appended to docs/performance-log.md");
}
