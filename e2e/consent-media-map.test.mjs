// Journeys of consent, media and the map: the cookie banner comes first in
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

const THIRD_PARTY_VIDEO = /youtube|ytimg|googlevideo/i;

for (const [site, path, playName] of [
  ["group-se", "/tjanster", "Spela upp video: Så byter du torkarblad"],
  ["group-uk", "/services", "Play video: How to change wiper blades"],
]) {
  test(`video: nothing from YouTube before consent, the local video plays (${site} ${path})`, async () => {
    const page = await newPage(browser, { consent: false, ...DESKTOP });
    const thirdParty = [];
    page.on("request", (req) => THIRD_PARTY_VIDEO.test(new URL(req.url()).hostname) && thirdParty.push(req.url()));
    const base = server.url.replace("127.0.0.1", `${site}.localhost`);
    await page.goto(base + path);
    await hydrated(page);

    // The demo's own video (drawn, served locally). Journeys prefer reduced
    // motion, so it does not start by itself: the visitor presses play.
    const video = page.locator("video").first();
    await video.scrollIntoViewIfNeeded();
    assert.match(await video.evaluate((v) => v.currentSrc), /\/-\/media\/demo\/video\/road\.webm$/);
    assert.equal(await video.evaluate((v) => v.paused), true, "no autoplay with reduced motion");
    const toggle = page.locator(".fc-blurb__frame", { has: video }).locator(".fc-blurb__video-buttons button[aria-pressed]").first();
    if (await toggle.count()) await toggle.click();
    else await video.evaluate((v) => v.play());
    await page.waitForFunction(() => {
      const v = document.querySelector("video");
      return v && v.readyState >= 2 && v.currentTime > 0.3;
    });

    // The YouTube blocks show a local poster, a play button and the note.
    const play = page.getByRole("button", { name: playName });
    await play.scrollIntoViewIfNeeded();
    const posters = await page.locator(".fc-youtube__poster").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
    assert.ok(posters.length >= 2 && posters.every((s) => s.startsWith("/_img?src=%2F-%2Fmedia%2Fdemo%2F")), `local posters: ${posters}`);
    assert.equal(await page.locator("iframe").count(), 0, "no player frame before consent");
    const poster = page.locator(".fc-youtube", { has: play }).locator("img.fc-youtube__poster");
    await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await poster.elementHandle());
    await screenshot(page, `video-consent-gate-${site}`);

    // Play asks for consent; refusing marketing keeps YouTube out.
    await page.getByRole("button", { name: /Endast nödvändiga|Necessary only/ }).click();
    await play.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: /Spara val|Save/ }).click();
    await page.getByRole("status").filter({ hasText: /Utan samtycke|Without consent/ }).waitFor();
    assert.equal(await page.locator("iframe").count(), 0);
    assert.deepEqual(thirdParty, [], "no request to YouTube before consent");

    // Allowing marketing loads the player (offline here: only its request is checked).
    await play.click();
    await page.getByRole("dialog").getByRole("button", { name: /Godkänn alla|Accept all/ }).click();
    await page.locator("iframe[src*='youtube-nocookie.com/embed/']").first().waitFor({ state: "attached" });
    await page.context().close();
  });
}

test("video: phone width shows the consent note and the play button inside the frame", async () => {
  const page = await newPage(browser, { consent: true, ...PHONE });
  await page.goto(server.url + "/tjanster");
  await hydrated(page);
  const play = page.getByRole("button", { name: "Spela upp video: Se hur en service går till" });
  await play.scrollIntoViewIfNeeded();
  const frame = await page.locator(".fc-blurb__frame .fc-youtube").first().boundingBox();
  const note = await page.locator(".fc-blurb__frame .fc-youtube__note").first().boundingBox();
  assert.ok(note.y >= frame.y && note.y + note.height <= frame.y + frame.height + 0.5, "the note fits in the frame");
  await screenshot(page, "video-consent-gate-phone");
  await page.context().close();
});

// mapPixels counts the share of water and land pixels in a screenshot of
// the map (decoded in the page), so the journey knows the map draws both.
async function mapPixels(page, locator) {
  const png = (await locator.screenshot()).toString("base64");
  return page.evaluate(async (b64) => {
    // An img, not fetch: the page's CSP allows data: pictures, not data: connections.
    const bmp = new Image();
    bmp.src = `data:image/png;base64,${b64}`;
    await bmp.decode();
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const g = c.getContext("2d");
    g.drawImage(bmp, 0, 0);
    const d = g.getImageData(0, 0, bmp.width, bmp.height).data;
    const near = (i, [r, gg, b]) => Math.abs(d[i] - r) + Math.abs(d[i + 1] - gg) + Math.abs(d[i + 2] - b) < 24;
    let water = 0;
    let land = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (near(i, [0xa9, 0xcd, 0xe6])) water++;
      else if (near(i, [0xf1, 0xee, 0xe6])) land++;
    }
    const n = d.length / 4;
    return { water: water / n, land: land / n };
  }, png);
}

/**
 * checkMap asserts the map under region is a real map: land (and water
 * where the site is by the sea), the town's name among others, a marker,
 * keyboard zoom and no coordinates.
 */
async function checkMap(page, region, shot, { water: wantWater, town }) {
  await region.scrollIntoViewIfNeeded();
  await page.waitForFunction((el) => el.dataset.state === "ready", await region.elementHandle());
  await page.waitForFunction((el) => el.querySelectorAll(".fc-site-map__place").length >= 3, await region.elementHandle());
  await screenshot(page, shot);
  const text = await region.innerText();
  assert.doesNotMatch(text, /\d+[.,]\d{3,}/, "no coordinates shown as text");
  const names = await region.locator(".fc-site-map__place").allInnerTexts();
  assert.ok(names.includes(town), `${town} is named on the map: ${names}`);
  const { water, land } = await mapPixels(page, region);
  assert.ok(land > 0.2 && (!wantWater || water > 0.05), `land and water are drawn (water ${water.toFixed(2)}, land ${land.toFixed(2)})`);
  const box = await region.boundingBox();
  const marker = await region.locator(".maplibregl-marker:not(.fc-site-map__place)").boundingBox();
  assert.ok(marker && Math.abs(marker.x + marker.width / 2 - (box.x + box.width / 2)) < 4, "the marker is at the centre");

  // Keyboard: the canvas is a Tab stop with a name; + zooms in, − out; the buttons too.
  const canvas = region.locator("canvas");
  assert.equal(await canvas.getAttribute("tabindex"), "0");
  assert.match(await canvas.getAttribute("aria-label"), /zooma med \+ och −/);
  const mapEl = await region.locator(".fc-site-map__canvas").elementHandle();
  const zoomTo = (cmp, z) => page.waitForFunction(([el, cmp, z]) => (cmp === ">" ? Number(el.dataset.zoom) > z : Number(el.dataset.zoom) < z), [mapEl, cmp, z]);
  const z0 = await mapEl.evaluate((el) => Number(el.dataset.zoom));
  await canvas.focus();
  await page.keyboard.press("+");
  await zoomTo(">", z0 + 0.5);
  const zoomOut = region.getByRole("button", { name: "Zooma ut" });
  await zoomOut.focus();
  await page.keyboard.press("Enter");
  await zoomTo("<", z0 + 0.5);
  await page.keyboard.press("Enter");
  await zoomTo("<", z0 - 0.5);
  await region.getByRole("button", { name: "Zooma in" }).waitFor();
}

for (const [name, opts] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  test(`map: a dealer's offline map is a real map with a marker and keyboard zoom (${name})`, async () => {
    const page = await newPage(browser, opts);
    await page.goto(server.url + "/anlaggningar");
    const first = page.locator("a.fc-site-card").first();
    await page.goto(server.url + (await first.getAttribute("href")));
    await hydrated(page);
    const region = page.getByRole("region", { name: /^Karta över / });
    const box = await region.boundingBox();
    assert.ok(name === "phone" ? box.height >= 300 : box.height === 500, `map height ${box.height}`);
    // The first dealer is in Stockholm, by Mälaren and the sea.
    await checkMap(page, region, `map-dealer-${name}`, { water: true, town: "Stockholm" });
    await page.context().close();
  });
}

test("map: the booking confirmation shows the workshop on a 500 px map", async () => {
  const page = await newPage(browser, DESKTOP);
  // A booking made earlier in this tab: the flow restores its confirmation.
  await page.addInitScript(() => {
    const info = { departmentId: "d1", siteName: "Forecourt Uppsala", address: "Stålgatan 10, Uppsala", latitude: 59.8586, longitude: 17.6389, time: "2026-12-03T09:00", isFullDay: false };
    const car = { registrationNumber: "ABC123", brand: "Volvo", model: "XC60", buildYear: 2021, hasServiceAgreement: false };
    const customer = { firstName: "Anna", lastName: "Berg", phone: "0701234567", email: "anna@example.se" };
    sessionStorage.setItem(
      "serviceBooking",
      JSON.stringify({
        version: 1,
        plate: "ABC123",
        services: {},
        bookingState: 5,
        displayState: 5,
        maxBookingState: 5,
        bookingInfo: info,
        car,
        confirmation: { response: { id: "BK-1", registrationNumber: "ABC123", kobraProductIds: [] }, car, info, services: [], customer },
      }),
    );
  });
  await page.goto(server.url + "/boka-service");
  await hydrated(page);
  await page.getByRole("heading", { name: "Bokning bekräftad" }).waitFor();
  const region = page.getByRole("region", { name: /Karta över Forecourt Uppsala/ });
  assert.equal((await region.boundingBox()).height, 500);
  await checkMap(page, region, "map-booking-confirmation", { water: false, town: "Uppsala" });
  await page.context().close();
});
