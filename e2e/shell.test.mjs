// Journeys of the site shell: home page, navigation, alert, footer, client
// navigation and the render fallback.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, newPage, screenshot } from "./harness.mjs";

let server, browser;
before(async () => {
  server = await startServer();
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
  await page.waitForFunction(() => document.querySelector(".fc-nav") !== null);
  await page.waitForTimeout(300);
  await screenshot(page, "home-desktop");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("in-site links navigate without a full reload", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/");
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

test("a killed render worker still serves the page through the client fallback", async () => {
  const page = await newPage(browser);
  const metricsBefore = await (await fetch(server.url + "/metrics")).text();
  // Kill the Node worker(s) of this server.
  const { execSync } = await import("node:child_process");
  const pids = execSync(`pgrep -P ${server.proc.pid} -f worker.mjs || true`).toString().trim().split("\n").filter(Boolean);
  assert.ok(pids.length > 0, "render worker running");
  for (const pid of pids) process.kill(Number(pid), "SIGKILL");
  const res = await page.goto(server.url + "/om-oss/historia");
  assert.equal(res.status(), 200);
  const html = await res.text();
  assert.match(html, /<title>Vår historia \| Forecourt<\/title>/);
  await page.waitForSelector("h1:has-text('Vår historia')");
  const metricsAfter = await (await fetch(server.url + "/metrics")).text();
  const count = (m) => Number((m.match(/forecourt_render_fallbacks_total\{reason="[a-z]+"\} (\d+)/g) ?? []).map((l) => l.split(" ").pop()).reduce((a, b) => Number(a) + Number(b), 0));
  assert.match(html, /<div id="root" data-fallback><\/div>/, "served the client-side fallback");
  assert.ok(count(metricsAfter) > count(metricsBefore), "fallback counted in /metrics");
  await page.context().close();
});
