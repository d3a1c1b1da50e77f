// Phones: no page of any site is wider than the phone. Every template of
// every site (e2e/templates.mjs) is loaded at 360 and 390 px and, once the
// app has hydrated, the document must not scroll sideways
// (scrollWidth <= innerWidth). A failure names the elements that stick out.
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

/** overflowOf measures the page and, when it is too wide, names the outermost elements reaching past the right edge. */
async function overflowOf(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return { width, scrollWidth, culprits: [] };
    const clipped = (el) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== "visible") return true;
      }
      return false;
    };
    const culprits = [];
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 1 || clipped(el)) continue;
      if (el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1 && !clipped(el.parentElement)) continue;
      culprits.push(`${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""} (right ${Math.round(r.right)})`);
      if (culprits.length >= 5) break;
    }
    return { width, scrollWidth, culprits };
  });
}

for (const width of [360, 390]) {
  test(`every template of every site fits a ${width} px phone`, { timeout: 40 * 60_000 }, async () => {
    // No isMobile: a mobile viewport zooms out to fit a wide page, and
    // innerWidth would grow with it, hiding the very overflow looked for.
    const page = await newPage(browser, { viewport: { width, height: 800 }, hasTouch: true });
    const wide = [];
    try {
      for (const t of templates) {
        const res = await page.goto(siteURL(server.port, t.site, t.path));
        assert.equal(res.status(), t.status, `${t.site}${t.path} answers ${res.status()}`);
        await hydrated(page);
        const m = await overflowOf(page);
        if (m.scrollWidth > m.width) wide.push(`${t.site}${t.path} (${t.template}): ${m.scrollWidth} px; ${m.culprits.join(", ")}`);
      }
    } finally {
      await page.context().close();
    }
    assert.deepEqual(wide, [], `pages wider than ${width} px:\n${wide.join("\n")}`);
  });
}
