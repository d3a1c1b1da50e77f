// Journeys of issue 20 items 4, 14 and 15: the cookie banner comes first in
// the Tab order and never hides the focused control; third-party video
// loads only after consent (and the demo's own video plays); the offline
// map is a real map with a marker, keyboard zoom and a name.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, newPage, screenshot, hydrated } from "./harness.mjs";

let server, browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

// focusCovered tells whether the banner covers the focused element: the
// element at the centre of the focused element's visible rectangle must be
// the element itself or inside it (not the banner).
async function focusStop(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { tag: "body" };
    const banner = document.querySelector(".fc-consent-banner");
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    const inBanner = !!banner && banner.contains(el);
    const covered = !inBanner && !!banner && !!hit && banner.contains(hit);
    const label = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 40)}"`;
    return { tag: el.tagName, label, inBanner, covered, visible: r.width > 0 && r.height > 0 };
  });
}

for (const [name, opts] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  test(`cookie banner: first in the Tab order and never over the focused control on /bilar (${name})`, async () => {
    const page = await newPage(browser, { consent: false, ...opts });
    await page.goto(server.url + "/bilar");
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Vi använder cookies" });
    await banner.waitFor();
    const box = await banner.boundingBox();
    if (name === "phone") assert.ok(box.height <= 160, `the phone banner is compact (${box.height} px high)`);
    await screenshot(page, `consent-banner-${name}`);

    // Tab 1 is the skip link, then the banner's three buttons.
    const stops = [];
    for (let i = 0; i < 90; i++) {
      await page.keyboard.press("Tab");
      stops.push(await focusStop(page));
    }
    assert.match(stops[0].label, /Hoppa till innehåll/);
    assert.deepEqual(
      stops.slice(1, 4).map((s) => s.inBanner),
      [true, true, true],
      `the banner's buttons come right after the skip link: ${stops
        .slice(0, 5)
        .map((s) => s.label)
        .join(", ")}`,
    );
    const covered = stops.map((s, i) => ({ ...s, i: i + 1 })).filter((s) => s.covered);
    assert.deepEqual(
      covered.map((s) => `${s.i}: ${s.label}`),
      [],
      "no Tab stop lands under the banner",
    );
    // Choosing releases the room it kept.
    await page.getByRole("button", { name: "Endast nödvändiga" }).click();
    await banner.waitFor({ state: "detached" });
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom), "0px");
    await page.context().close();
  });
}
