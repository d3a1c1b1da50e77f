// Pointer and keyboard interactions that unit tests cannot reach: the
// similar-cars strip on a car detail page (click toggles, drag snaps), the UK
// 360° viewer (auto-rotation, drag turns it) and the home page hero search by
// keyboard.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { startServer, launchBrowser, newPage, screenshot, hydrated, waitFor } from "./harness.mjs";

let server, browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * api calls the server as the site named by host. node:http, because fetch
 * drops a Host header and the server picks the site by it.
 */
function api(host, method, path, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(server.url + path, { method, headers: { Host: host, "Content-Type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(body && JSON.stringify(body));
  });
}

/**
 * settled waits until the similar-cars strip holds still: not being dragged,
 * and at the same place two frames in a row (its snap is a transition, which
 * reduced motion cuts to nothing).
 */
const settled = (page) =>
  page.locator(".fc-similar__track").evaluate(
    (el) =>
      new Promise((resolve) => {
        let last = NaN;
        const next = () =>
          requestAnimationFrame(() => {
            const x = el.getBoundingClientRect().left;
            if (x === last && !el.classList.contains("is-dragging")) resolve();
            else (last = x), next();
          });
        next();
      }),
  );

/**
 * frameTimes waits until a timer of the page, started now, has fired n times
 * at the 360° viewer's pace (150 ms): a rotation still running would have had
 * as many turns. The page's own timer, not the test's clock, so a loaded
 * machine slows both alike.
 */
const frameTimes = (page, n) =>
  page.evaluate(
    (n) =>
      new Promise((resolve) => {
        let fired = 0;
        const id = setInterval(() => {
          if (++fired >= n) clearInterval(id), resolve();
        }, 150);
      }),
    n,
  );

/** translateX reads the strip's resting offset from its inline style. */
const translateX = (page) =>
  page.locator(".fc-similar__track").evaluate((el) => Number(/translateX\((-?[\d.]+)px\)/.exec(el.style.transform)?.[1]));

test("similar cars: a click toggles the strip, a long drag snaps it open, a short drag snaps back", async () => {
  const { body } = await api("group-se.localhost", "POST", "/api/search", { index: "vehicles_group_se", limit: 1, fields: ["car_id", "slug"] });
  const [car] = body.content;
  const page = await newPage(browser);
  await page.goto(`${server.url}/bilar/${car.car_id}/${car.slug}`);
  await hydrated(page);
  const strip = page.getByRole("region", { name: /liknande bilar|bilar i lager/i });
  await strip.scrollIntoViewIfNeeded();
  const toggle = strip.getByRole("button", { name: /visa fler|visa mindre/i });
  await assert.doesNotReject(toggle.waitFor(), "the strip is wider than the viewport, so it has a toggle");
  const closed = await translateX(page);
  assert.equal(closed, -16, "the strip starts collapsed");

  // A point on the track between the first two cards: no link under it.
  const gap = await page.locator(".fc-similar__track > li").first().evaluate((li) => {
    const r = li.getBoundingClientRect();
    return { x: r.right + 8, y: r.top + r.height / 2 };
  });
  const underGap = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest(".fc-similar__track") && !document.elementFromPoint(x, y)?.closest("a"), gap);
  assert.ok(underGap, "the gap between cards is track, not a link");

  // Click with 3 px of movement: toggles open, then closed again.
  const click = async (x, y) => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 3, y, { steps: 2 });
    await page.mouse.up();
  };
  await click(gap.x, gap.y);
  const range = -(await translateX(page));
  assert.ok(range > 16, `a click opens the strip fully (offset ${-range})`);
  await assert.doesNotReject(strip.getByRole("button", { name: /visa mindre/i, expanded: true }).waitFor());
  await settled(page);
  // The strip moved: find a gap between two cards inside the viewport again.
  const gapOpen = await page.locator(".fc-similar__track > li").evaluateAll((lis) => {
    const r = lis.map((li) => li.getBoundingClientRect()).find((r) => r.right > 40 && r.right + 16 < window.innerWidth);
    return { x: r.right + 8, y: r.top + r.height / 2 };
  });
  const onTrack = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest(".fc-similar__track"), gapOpen);
  assert.ok(onTrack, "the gaps of the open strip belong to the track too");
  await click(gapOpen.x, gapOpen.y);
  assert.equal(await translateX(page), -16, "a second click closes it");

  // Drags start and end over cards (links): the page must not navigate.
  const url = page.url();
  const box = await page.locator(".fc-similar__viewport").boundingBox();
  const y = box.y + box.height / 2;
  const startX = box.x + box.width - 60;
  const drag = async (dx) => {
    await page.mouse.move(startX, y);
    await page.mouse.down();
    await page.mouse.move(startX + dx, y, { steps: 12 });
    await page.mouse.up();
    await settled(page);
  };
  await drag(-Math.round(range * 0.2));
  assert.equal(await translateX(page), -16, "a drag of 20 % of the range snaps back");
  assert.equal(page.url(), url, "a drag over a card does not open it");
  await drag(-Math.round(range * 0.4));
  assert.equal(await translateX(page), -range, "a drag past 30 % of the range snaps open");
  assert.equal(page.url(), url, "a drag over a card does not open it");
  await screenshot(page, "interactions-similar-open");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("UK 360° viewer: the tab appears, the car turns by itself, a drag stops it and turns it", async () => {
  // Two pages of 48 (the public API's largest page).
  const content = [];
  for (const offset of [0, 48]) {
    const { body } = await api("group-uk.localhost", "POST", "/api/search", { index: "vehicles_group_uk", limit: 48, offset, fields: ["car_id", "slug", "car_regno"] });
    content.push(...body.content);
  }
  let car;
  for (const c of content) {
    if (!c.car_regno) continue;
    const m = await api("group-uk.localhost", "GET", `/api/media/${encodeURIComponent(c.car_regno)}`);
    if (m.status === 200 && m.body.has360 && m.body.images360?.length) { car = c; break; }
  }
  assert.ok(car, "a group-uk car with 360° media");
  // The car turns by itself whatever the visitor's motion setting; this
  // journey is about that motion.
  const page = await newPage(browser, { reducedMotion: "no-preference" });
  const ukURL = server.url.replace("127.0.0.1", "group-uk.localhost");
  await page.goto(`${ukURL}/cars/${car.car_id}/${car.slug}`);
  await hydrated(page);
  const missing = [];
  // Only the viewer's pictures count here (the finance panel may answer 404 for an old car).
  page.on("response", (r) => { if (r.status() >= 400 && /\/(_img|-\/media|api\/media)/.test(r.url())) missing.push(r.url()); });
  const tab = page.getByRole("tab", { name: /exterior 360/i });
  await assert.doesNotReject(tab.waitFor({ timeout: 10_000 }), "the Exterior 360° tab appears");
  await tab.click();
  const stage = page.getByLabel(/360° – drag or use the arrow keys/i);
  const img = stage.locator("img");
  await img.waitFor();
  const angle = async () => Number(/(\d+)°$/.exec(await img.getAttribute("alt"))[1]);

  // Auto-rotation: about one frame (10° of 36 frames) every 150 ms.
  // Measured over the time it takes to turn eight frames (or 10 s, if it turns slower).
  const a0 = await angle();
  const t0 = Date.now();
  await waitFor(async () => ((await angle()) - a0 + 360) % 360 >= 80 || Date.now() - t0 > 10_000, { timeout: 15_000, interval: 50, what: "the car to turn" });
  const turned = ((await angle()) - a0 + 360) % 360;
  const frames = turned / 10;
  const expected = (Date.now() - t0) / 150;
  assert.ok(frames >= expected * 0.5 && frames <= expected * 1.5, `turned ${frames} frames in ${Date.now() - t0} ms`);
  await assert.doesNotReject(page.getByRole("button", { name: "Pause" }).waitFor());

  // A drag of more than 5 px stops the rotation and turns the car.
  const box = await stage.boundingBox();
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 3, y);
  await page.mouse.move(x - 60, y, { steps: 6 });
  const afterDrag = await angle();
  await page.mouse.up();
  await assert.doesNotReject(page.getByRole("button", { name: "Play" }).waitFor(), "dragging stops the auto-rotation");
  // Four frame times of the rotation that would have turned it, had it not stopped.
  await frameTimes(page, 4);
  assert.equal(await angle(), afterDrag, "the car stays where the drag left it");
  // Dragging 60 px to the left turns six frames forward from where it was.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 20, y, { steps: 4 });
  await page.mouse.up();
  assert.equal(await angle(), (afterDrag + 20) % 360, "a 20 px drag turns two frames");
  await screenshot(page, "interactions-360");
  assert.deepEqual(missing, []);
  assert.deepEqual(page.consoleProblems.filter((p) => !/Failed to load resource: .* 404/.test(p)), []);
  await page.context().close();
});

test("hero search by keyboard: 'volvo xc60 dragkrok' + Enter lands on the car list with brand, model and keyphrase", async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/`);
  await hydrated(page);
  const search = page.getByRole("search").getByRole("searchbox");
  await search.focus();
  await page.keyboard.type("volvo xc60 dragkrok");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/bilar/);
  const u = new URL(page.url());
  const brand = u.pathname === "/bilar/volvo/xc60" || (u.searchParams.getAll("car_brand").includes("Volvo") && u.searchParams.getAll("car_model").includes("Volvo>XC60"));
  assert.ok(brand, `brand Volvo and model XC60 in ${page.url()}`);
  assert.equal(u.searchParams.get("keyphrase"), "dragkrok");
  await assert.doesNotReject(page.getByRole("heading", { level: 1, name: /volvo xc60/i }).waitFor(), "the list is headed Volvo XC60");
  // The list keeps the keyphrase as an active-filter chip (its field starts empty).
  await assert.doesNotReject(page.getByText("Sökord: dragkrok").first().waitFor(), "the keyphrase chip shows");
  await screenshot(page, "interactions-hero-search");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});
