// Journeys of the site shell: home page, navigation, alert, footer, client
// navigation and the render fallback.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, newPage, screenshot, hydrated, waitFor } from "./harness.mjs";

let server, browser;
// /metrics on the public port needs the monitoring token.
const metricsToken = "shell-test-metrics-token";
const metrics = async () => (await fetch(server.url + "/metrics", { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
before(async () => {
  // A render deadline the hung-worker journey waits out once. It was 400 ms,
  // which a loaded machine's first render of the home page overran (the
  // fallback came instead of the server HTML the first journey checks).
  server = await startServer({ RENDER_TIMEOUT_MS: "10000", RENDER_CACHE: "0", METRICS_TOKEN: metricsToken });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test("home page renders on the server and hydrates without warnings", async () => {
  const page = await newPage(browser);
  const res = await page.goto(server.url + "/");
  assert.equal(res.status(), 200);
  assert.match(await page.title(), /Bilar, service och däck \| Forecourt/);
  const serverHTML = await res.text();
  assert.match(serverHTML, /<div id="root"><.*fc-hero/s, "hero must be in the server HTML");
  await hydrated(page);
  await screenshot(page, "home-desktop");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("in-site links navigate without a full reload", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/");
  await hydrated(page);
  await page.evaluate(() => {
    window.__marker = "still-here";
  });
  await page.click('footer a[href="/om-oss"]');
  await page.waitForURL(server.url + "/om-oss");
  await page.waitForSelector("h1:has-text('Om Forecourt')");
  assert.equal(await page.evaluate(() => window.__marker), "still-here");
  assert.match(await page.title(), /Om Forecourt/);
  await page.goBack();
  await page.waitForURL(server.url + "/");
  await page.waitForSelector(".fc-hero__title");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

const metric = (text, name) =>
  (text.match(new RegExp(`^${name}(\\{[^}]*\\})? (\\d+)`, "gm")) ?? []).map((l) => Number(l.split(" ").pop())).reduce((a, b) => a + b, 0);

async function workerPids() {
  const { execSync } = await import("node:child_process");
  return execSync(`pgrep -P ${server.proc.pid} -f worker.mjs || true`).toString().trim().split("\n").filter(Boolean).map(Number);
}

test("a killed render worker is restarted and the page keeps working", async () => {
  const page = await newPage(browser);
  const before = await metrics();
  const pids = await workerPids();
  assert.ok(pids.length > 0, "render worker running");
  for (const pid of pids) process.kill(pid, "SIGKILL");
  // Whether this request meets the dead worker (client-side fallback) or its
  // restarted successor (server render), the visitor gets the page.
  const res = await page.goto(server.url + "/om-oss/historia");
  assert.equal(res.status(), 200);
  assert.match(await res.text(), /<title>Vår historia \| Forecourt<\/title>/);
  await page.waitForSelector("h1:has-text('Vår historia')");
  // The next journey needs the restarted worker; the restart is counted once it runs.
  await waitFor(async () => (await workerPids()).length > 0, { what: "a restarted render worker" });
  const after = await waitFor(async () => {
    const text = await metrics();
    return metric(text, "forecourt_render_worker_restarts_total") > metric(before, "forecourt_render_worker_restarts_total") && text;
  }, { what: "the restart in /metrics" }).catch(() => metrics());
  assert.ok(metric(after, "forecourt_render_worker_restarts_total") > metric(before, "forecourt_render_worker_restarts_total"), "restart counted");
  await page.context().close();
});

test("a hung render worker times out into the client-side fallback with the same head", async () => {
  const page = await newPage(browser);
  const before = await metrics();
  const pids = await workerPids();
  for (const pid of pids) process.kill(pid, "SIGSTOP");
  try {
    const res = await page.goto(server.url + "/om-oss/historia");
    assert.equal(res.status(), 200);
    const html = await res.text();
    assert.match(html, /<title>Vår historia \| Forecourt<\/title>/);
    assert.match(html, /<link rel="canonical" href="https:\/\/forecourt\.se\/om-oss\/historia">/);
    assert.match(html, /<div id="root" data-fallback><\/div>/, "served the client-side fallback");
    await page.waitForSelector("h1:has-text('Vår historia')");
    const after = await metrics();
    assert.ok(metric(after, "forecourt_render_fallbacks_total") > metric(before, "forecourt_render_fallbacks_total"), "fallback counted");
  } finally {
    for (const pid of pids) process.kill(pid, "SIGCONT");
  }
  await page.context().close();
});
