// Test harness for the browser journeys: starts the real server binary on a
// free port with its own data folder, and Debian's Chromium through
// playwright-core.
import { createRequire } from "node:module";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import http from "node:http";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "..");
const require = createRequire(path.join(root, "web", "package.json"));
export const { chromium } = require("playwright-core");

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** A shared data folder, seeded once per test run (seeding is deterministic). */
let seeded;
async function seededDataDir() {
  if (seeded) return seeded;
  const dir = path.join(os.tmpdir(), `forecourt-e2e-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  await run(path.join(root, "bin", "forecourt"), ["seed"], { DATA_DIR: dir });
  seeded = dir;
  return dir;
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    p.stderr.on("data", (d) => (err += d));
    p.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}: ${err}`))));
  });
}

/**
 * startServer runs `forecourt serve` and resolves once /healthz answers.
 * Returns { url, port, stop, proc, logs }.
 */
export async function startServer(env = {}) {
  const dataDir = env.DATA_DIR ?? (await seededDataDir());
  const port = await freePort();
  const logs = [];
  const proc = spawn(path.join(root, "bin", "forecourt"), ["serve"], {
    cwd: root,
    // A render deadline of 10 s, not 2: on a loaded machine a render can
    // overrun 2 s, and the page then comes as the client-side fallback,
    // which journeys that read the server HTML do not expect; loaders get
    // 10 s too. No pre-render: a journey visits a few dozen pages, and
    // making the 23 000 of every site would take a quarter of the one render
    // worker (and 700 MB of files) for each server the journeys start;
    // internal/web's tests cover it, and a journey may turn it on
    // (PRERENDER: "true").
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ACCESS_LOG: "false", RENDER_WORKERS: "1", RENDER_TIMEOUT_MS: "10000", LOADER_TIMEOUT_MS: "10000", PRERENDER: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout.on("data", (d) => logs.push(String(d)));
  proc.stderr.on("data", (d) => logs.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  // A busy shared machine can take minutes to build the search indexes.
  await waitFor(
    async () => {
      if (proc.exitCode !== null) throw new Error(`server exited ${proc.exitCode}:\n${logs.join("")}`);
      return fetch(`${url}/healthz`).then((res) => res.ok, () => false);
    },
    { timeout: Number(process.env.E2E_START_TIMEOUT_MS ?? 180_000), what: "the server's /healthz" },
  ).catch((err) => {
    proc.kill("SIGTERM");
    throw new Error(`server did not come up: ${err.message}\n${logs.join("")}`);
  });
  return {
    url,
    port,
    proc,
    logs,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.on("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

/** CONSENT_GIVEN is the consent cookie value newPage sets so the first-visit banner stays out of the way. */
export const CONSENT_GIVEN = JSON.stringify({ analytics: false, marketing: false });

/**
 * newPage opens a page that records console errors and warnings (hydration
 * warnings included). The visitor has already answered the cookie banner
 * unless opts.consent is false. The visitor prefers reduced motion (the app
 * honours it: global.css cuts transitions and animations to nothing), so a
 * journey reads a transition's end state at once instead of timing it; a
 * journey about motion itself passes reducedMotion: "no-preference".
 */
export async function newPage(browser, { consent = true, ...opts } = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce", ...opts });
  if (consent) {
    await context.addInitScript((value) => {
      if (!/(?:^|; )consent=/.test(document.cookie)) document.cookie = `consent=${encodeURIComponent(value)}; Path=/; Max-Age=3600`;
    }, CONSENT_GIVEN);
  }
  const page = await context.newPage();
  page.consoleProblems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") {
      const text = msg.text();
      // Blocked third-party requests (no network here) are not our problems.
      if (/googletagmanager|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|net::ERR_/.test(text)) return;
      // Chromium's software WebGL (the map, with --disable-gpu) reports its
      // own performance notes as console warnings; they are not the page's.
      if (/^\[\.WebGL-[^\]]*\]GL Driver Message/.test(text)) return;
      page.consoleProblems.push(text);
    }
  });
  page.on("pageerror", (err) => {
    // Frames of third parties that cannot load here (a video platform's
    // iframe becomes Chromium's error page) throw from anonymous scripts;
    // only errors from our own scripts count.
    const stack = String(err.stack ?? "");
    if (!/https?:\/\//.test(stack) && /^\s+at <anonymous>/m.test(stack)) return;
    page.consoleProblems.push(String(err));
  });
  return page;
}

/**
 * hydrated waits until the page's script has hydrated it (the app sets
 * data-hydrated on <html>): server-rendered pages load their script after
 * the first paint, so a journey that needs the app (client-side navigation,
 * say) waits for it as a person would for the page to settle.
 */
export async function hydrated(page) {
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
}

/**
 * waitFor polls fn (sync or async) until it returns something truthy and
 * resolves with that; after timeout ms it fails, naming what it waited for.
 * what may be a function (called on failure, to say what there was). It is
 * the one way journeys wait for things outside the page (a mail at
 * the SMTP listener, an SMS in the development outbox, a search index, a
 * process): never a fixed sleep.
 */
export async function waitFor(fn, { timeout = 30_000, interval = 100, what = "the condition" } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeout} ms for ${typeof what === "function" ? what() : what}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/**
 * indexReady waits until the server's search index answers (the server
 * builds its indexes in the background after it starts); with nonEmpty,
 * until it holds a document. host picks the site (node:http, because fetch
 * drops a Host header).
 */
export async function indexReady(server, index, { host, nonEmpty = false, timeout = 180_000 } = {}) {
  await waitFor(
    async () => {
      const res = await postJSON(server, "/api/search", { index, limit: nonEmpty ? 1 : 0 }, host).catch(() => null);
      return res?.status === 200 && (!nonEmpty || res.body.total_items > 0);
    },
    { timeout, interval: 200, what: `search index ${index}${host ? ` on ${host}` : ""}` },
  );
}

function postJSON(server, path, body, host) {
  return new Promise((resolve, reject) => {
    const req = http.request(server.url + path, { method: "POST", headers: { ...(host ? { Host: host } : {}), "Content-Type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        try {
          resolve({ status: res.statusCode, body: JSON.parse(text) });
        } catch {
          resolve({ status: res.statusCode, body: null });
        }
      });
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** mailTo waits for a mail to address at the test SMTP listener (matching re, if given) and returns it. */
export function mailTo(smtp, address, { match, timeout = 30_000 } = {}) {
  return waitFor(() => smtp.mails.find((m) => m.to.some((t) => t.includes(address)) && (!match || match(m))), {
    timeout,
    what: () => `a mail to ${address}${match ? " that matches" : ""} (mails went to ${JSON.stringify(smtp.mails.map((m) => m.to))})`,
  });
}

/** screenshot saves a PNG under e2e/screenshots (ignored by git) for a person to look at. */
export async function screenshot(page, name) {
  const dir = path.join(here, "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** smtpServer is a tiny SMTP server on loopback that keeps every message (lead e-mails in journeys). */
export function smtpServer() {
  const mails = [];
  const srv = net.createServer((sock) => {
    let buf = "", data = false, cur = { to: [], body: "" };
    sock.write("220 e2e smtp\r\n");
    sock.on("data", (chunk) => {
      buf += chunk.toString("utf8");
      let i;
      while ((i = buf.indexOf("\r\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (data) {
          if (line === ".") { data = false; mails.push(cur); cur = { to: [], body: "" }; sock.write("250 OK\r\n"); }
          else cur.body += line.replace(/^\./, "") + "\n";
          continue;
        }
        const up = line.toUpperCase();
        if (up.startsWith("EHLO") || up.startsWith("HELO")) sock.write("250 e2e\r\n");
        else if (up.startsWith("RCPT TO:")) { cur.to.push(line.slice(8).replace(/[<> ]/g, "")); sock.write("250 OK\r\n"); }
        else if (up === "DATA") { data = true; sock.write("354 go\r\n"); }
        else if (up === "QUIT") { sock.end("221 bye\r\n"); }
        else sock.write("250 OK\r\n");
      }
    });
  });
  return new Promise((resolve) => srv.listen(0, "127.0.0.1", () => resolve({ srv, mails, addr: `127.0.0.1:${srv.address().port}` })));
}



/** mailText decodes a quoted-printable or base64 mail body well enough to search it (UTF-8). */
export function mailText(m) {
  let s = m.body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  for (const b64 of s.match(/^[A-Za-z0-9+/=]{40,}$/gm) ?? []) s += "\n" + Buffer.from(b64, "base64").toString("latin1");
  return Buffer.from(s, "latin1").toString("utf8");
}
