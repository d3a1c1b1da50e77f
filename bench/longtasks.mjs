// The main thread's long tasks of every page template, with what is in them,
// against a started server (make run, or any base URL), with Debian's Chromium:
//
//   node bench/longtasks.mjs [base-url] [--runs N] [--throttle X] [--cpu] [--only NAME,...] [--detail]
//
// Loads each template in a fresh page at a phone's size with the CPU slowed
// down X times (default 4, as Lighthouse's mobile profile), records a
// Chromium performance trace from the navigation until the document says it
// has hydrated (<html data-hydrated>) and 3 s more, and lists every task of
// the main thread longer than 50 ms: its length, its blocking part (beyond
// 50 ms; what Lighthouse's Total Blocking Time adds up over the tasks after
// the first contentful paint, which the sums count) and what ran in it (script
// evaluation per file, compilation, function calls, style and layout,
// garbage collection), and with --detail the functions the V8 sampler found
// in it (readable names need a build without minification:
// `cd web && npx vite build --outDir dist/client --manifest --minify false`).
// Prints per template the count and the sums over N runs (default 3, the
// median run's figures), to compare before and after a change run back to
// back on the same machine: absolute times follow the machine's load.
import path from "node:path";
import { createRequire } from "node:module";
import { templates as templatesOf } from "./templates.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const require = createRequire(path.join(root, "web/package.json"));
const { chromium } = require("playwright-core");

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const runs = Number(opt("--runs", "3"));
const throttle = Number(opt("--throttle", "4"));
const only = opt("--only", "")
  .split(",")
  .filter(Boolean);
const detail = args.includes("--detail");
// --cpu: no throttling; a task's length is the main thread's CPU time in it
// times X, as Lighthouse's simulation scales what it observed. On a machine
// loaded by other work this moves far less than the throttled wall clock.
const cpu = args.includes("--cpu");
// The length of a trace event: wall time, or CPU time times X with --cpu.
const len = (e) => (cpu ? (e.tdur ?? e.dur) * throttle : e.dur);
const valued = new Set(["--runs", "--throttle", "--only"]);
const base = (args.find((a, i) => !a.startsWith("--") && !valued.has(args[i - 1])) || "http://127.0.0.1:8080").replace(/\/$/, "");

const templates = (await templatesOf(base)).filter(([name]) => only.length === 0 || only.includes(name));

const CATEGORIES = [
  "-*",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "disabled-by-default-v8.cpu_profiler",
  "blink.user_timing",
  "loading",
  "toplevel",
].join(",");

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
});

const short = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/assets\//, "").replace(/-[A-Za-z0-9_-]{8}\.js$/, ".js") : "(inline)");

/** trace loads p once and returns the trace's events. */
async function trace(p) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu ? 1 : throttle });
  await browser.startTracing(page, { categories: CATEGORIES.split(",") });
  await page.goto(base + p, { waitUntil: "load" });
  // Asked over the protocol, a few times a second: Playwright's own waiting
  // evaluates its injected script in the page, a long task of its own.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { result } = await cdp.send("Runtime.evaluate", { expression: "document.documentElement.hasAttribute('data-hydrated')" });
    if (result.value === true) break;
    if (Date.now() > deadline) throw new Error(`${p}: not hydrated within 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // What runs after hydration (effects, idle work) blocks too.
  await new Promise((r) => setTimeout(r, 3000));
  const buf = await browser.stopTracing();
  await context.close();
  return JSON.parse(buf.toString()).traceEvents;
}

/** longTasks finds the page's main thread and its tasks over 50 ms with what ran in them. */
function longTasks(events) {
  // The renderer's main thread that ran our scripts.
  const mains = new Map();
  for (const e of events) if (e.name === "thread_name" && e.args?.name === "CrRendererMain") mains.set(`${e.pid}:${e.tid}`, 0);
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (mains.has(k) && e.name === "EvaluateScript") mains.set(k, mains.get(k) + 1);
  }
  const main = [...mains].sort((a, b) => b[1] - a[1])[0]?.[0];
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const tasks = on.filter((e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && len(e) > 50_000);
  // Nested RunTask events: keep the outermost.
  tasks.sort((a, b) => a.ts - b.ts);
  const outer = [];
  const all = on.filter((e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask")).sort((a, b) => a.ts - b.ts);
  const isOuter = (t) => !all.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && o.dur > t.dur);
  for (const t of tasks) if (isOuter(t) && (!outer.length || t.ts >= outer.at(-1).ts + outer.at(-1).dur)) outer.push(t);
  const nav = on.find((e) => e.name === "navigationStart" || e.name === "NavigationStart")?.ts ?? outer[0]?.ts ?? 0;
  // Total Blocking Time counts the tasks after the first contentful paint.
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.ts >= nav)?.ts ?? nav;

  // CPU samples (timestamps and stacks) for --detail.
  const nodes = new Map();
  const samples = [];
  // The sampler's chunks come from a thread of their own, named by the id
  // of the main thread's Profile event.
  const profile = on.find((x) => x.name === "Profile");
  for (const e of events) {
    if (e.name !== "ProfileChunk" || !profile || e.id !== profile.id || e.pid !== profile.pid) continue;
    const cp = e.args?.data?.cpuProfile;
    for (const n of cp?.nodes ?? []) nodes.set(n.id, n);
    let t = samples.length ? samples.at(-1).ts : (profile.args?.data?.startTime ?? 0);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (cp?.samples ?? []).forEach((id, i) => {
      t += deltas[i] ?? 0;
      samples.push({ ts: t, id });
    });
  }

  return outer.map((t) => {
    const end = t.ts + t.dur;
    const inside = on.filter((e) => e !== t && e.ph === "X" && e.ts >= t.ts && e.ts < end);
    const parts = new Map();
    const add = (k, _d) => parts.set(k, (parts.get(k) ?? 0) + len(e_));
    let e_;
    for (const e of inside) {
      e_ = e;
      const d = e.args?.data ?? {};
      if (e.name === "EvaluateScript") add(`evaluate ${short(d.url)}`, e.dur);
      else if (e.name === "v8.evaluateModule") add(`evaluate module`, e.dur);
      else if (e.name === "v8.compile" || e.name === "v8.compileModule" || e.name === "V8.CompileCode") add(`compile`, e.dur);
      else if (e.name === "FunctionCall") add(`call ${d.functionName || "?"} (${short(d.url)})`, e.dur);
      else if (e.name === "ParseHTML") add("parse HTML", e.dur);
      else if (e.name === "UpdateLayoutTree" || e.name === "RecalculateStyles") add("style", e.dur);
      else if (e.name === "Layout") add("layout", e.dur);
      else if (e.name === "Paint" || e.name === "PrePaint") add("paint", e.dur);
      else if (/GC|GCEvent/.test(e.name) && !inside.some((o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + o.dur > e.ts && o.dur > e.dur)) add("gc", e.dur);
      else if (e.name === "ParseAuthorStyleSheet") add("parse CSS", e.dur);
      else if (e.name === "TimerFire" || e.name === "FireAnimationFrame" || e.name === "FireIdleCallback" || e.name === "EventDispatch" || e.name === "RunMicrotasks")
        add(e.name === "EventDispatch" ? `event ${d.type}` : e.name, e.dur);
    }
    const what = [...parts].sort((a, b) => b[1] - a[1]).filter(([, d]) => d >= 5_000).map(([k, d]) => `${k} ${Math.round(d / 1000)}`);
    let fns = [];
    if (detail && samples.length) {
      // Per task: the components on the stack (capitalised names, total
      // time) and the functions that ran themselves (self time).
      const comps = new Map();
      const self = new Map();
      for (let i = 0; i < samples.length - 1; i++) {
        const s = samples[i];
        if (s.ts < t.ts || s.ts >= end) continue;
        const dt = samples[i + 1].ts - s.ts;
        const seen = new Set();
        const leaf = nodes.get(s.id)?.callFrame;
        if (leaf) {
          const k = `${leaf.functionName || "(anonymous)"} ${short(leaf.url)}`;
          self.set(k, (self.get(k) ?? 0) + dt);
        }
        for (let n = nodes.get(s.id); n; n = n.parent !== undefined ? nodes.get(n.parent) : null) {
          const cf = n.callFrame;
          if (!/^[A-Z]/.test(cf.functionName) || !cf.url) continue;
          const name = `${cf.functionName} ${short(cf.url)}`;
          if (seen.has(name)) continue;
          seen.add(name);
          comps.set(name, (comps.get(name) ?? 0) + dt);
        }
      }
      const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).filter(([, d]) => d >= 2_000).slice(0, n).map(([k, d]) => `${k} ${Math.round(d / 1000)}`);
      fns = [`components: ${top(comps, 12).join(", ")}`, `self: ${top(self, 8).join(", ")}`];
    }
    const afterFCP = t.ts + t.dur > fcp;
    return { at: Math.round((t.ts - nav) / 1000), dur: len(t) / 1000, blocking: afterFCP ? len(t) / 1000 - 50 : 0, afterFCP, what, fns };
  });
}

function linkParents(events) {
  // ProfileChunk nodes name their parent (parent field) in newer Chromium;
  // older ones give children lists: turn those into parents.
  for (const e of events) {
    const cp = e.name === "ProfileChunk" ? e.args?.data?.cpuProfile : null;
    const byId = new Map((cp?.nodes ?? []).map((n) => [n.id, n]));
    for (const n of cp?.nodes ?? []) for (const c of n.children ?? []) {
      const child = byId.get(c);
      if (child) child.parent = n.id;
    }
  }
}

const summary = [];
try {
  for (const [name, p] of templates) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const events = await trace(p);
      linkParents(events);
      const lt = longTasks(events);
      const after = lt.filter((t) => t.afterFCP);
      results.push({ lt, after, sum: after.reduce((s, t) => s + t.dur, 0), blocking: after.reduce((s, t) => s + t.blocking, 0) });
    }
    const sorted = [...results].sort((a, b) => a.blocking - b.blocking);
    const mid = sorted[Math.floor(sorted.length / 2)];
    summary.push({ name, p, mid, results });
    console.log(`\n${name} ${p}: ${mid.after.length} long tasks after FCP, ${Math.round(mid.sum)} ms in all, ${Math.round(mid.blocking)} ms blocking (median run; runs: ${results.map((r) => `${r.after.length}/${Math.round(r.sum)}/${Math.round(r.blocking)}`).join(", ")} count/sum/blocking)`);
    for (const t of mid.lt) {
      console.log(`  at ${t.at} ms${t.afterFCP ? "" : " (before FCP)"}: ${Math.round(t.dur)} ms — ${t.what.join(", ") || "none of these (the navigation's commit, mostly)"}`);
      for (const f of t.fns) console.log(`      ${f}`);
    }
  }
} finally {
  await browser.close();
}
console.log(`\ntemplate       long tasks  sum ms  blocking ms   (median run of ${runs}, ${cpu ? `CPU time x ${throttle}` : `CPU ${throttle}x slower`})`);
let n = 0, s = 0, b = 0;
for (const { name, mid } of summary) {
  n += mid.after.length;
  s += mid.sum;
  b += mid.blocking;
  console.log(`${name.padEnd(14)} ${String(mid.after.length).padStart(10)} ${String(Math.round(mid.sum)).padStart(7)} ${String(Math.round(mid.blocking)).padStart(12)}`);
}
console.log(`${"all".padEnd(14)} ${String(n).padStart(10)} ${String(Math.round(s)).padStart(7)} ${String(Math.round(b)).padStart(12)}`);
