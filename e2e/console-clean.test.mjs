// Console: a normal visit to any page logs nothing. Every template of every
// site (e2e/templates.mjs) is loaded at desktop width; the page must reach
// network idle (no request left pending) and log no console error or
// warning (the harness's page.consoleProblems: failed requests, React
// warnings, uncaught errors).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, newPage, hydrated } from "./harness.mjs";
import { allTemplates, siteURL } from "./templates.mjs";

let server, browser, templates;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  templates = await allTemplates(server.port);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test("every template of every site loads to network idle with a clean console", { timeout: 40 * 60_000 }, async () => {
  // One browser context for all, as one visitor going from page to page: a
  // request left hanging by one page shows on the next.
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const problems = [];
  try {
    for (const t of templates) {
      page.consoleProblems.length = 0;
      const url = siteURL(server.port, t.site, t.path);
      let idle = true;
      // A 404 page logs the browser's own "Failed to load resource" for the
      // document itself; that one is what the page is for.
      const res = await page.goto(url, { waitUntil: "networkidle", timeout: 30_000 }).catch((err) => {
        idle = false;
        problems.push(`${t.site}${t.path}: no network idle within 30 s (${err.message.split("\n")[0]})`);
        return null;
      });
      if (!idle) continue;
      assert.equal(res.status(), t.status, `${t.site}${t.path} answers ${res.status()}`);
      await hydrated(page);
      const own = page.consoleProblems.filter((p) => !(t.status === 404 && /Failed to load resource: the server responded with a status of 404/.test(p) && page.consoleProblems.filter((q) => /status of 404/.test(q)).length === 1));
      for (const p of own) problems.push(`${t.site}${t.path} (${t.template}): ${p}`);
    }
  } finally {
    await page.context().close();
  }
  assert.deepEqual(problems, [], `console problems:\n${problems.join("\n")}`);
});
