// Journeys of "find a car": the car list (filters by mouse and keyboard,
// price range, sort, show more, reload), readable brand URLs, the hero
// search and the dealer sites.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import path from "node:path";
import { startServer, launchBrowser, newPage, screenshot, root, hydrated as appHydrated, indexReady, waitFor } from "./harness.mjs";

const { AxeBuilder } = createRequire(path.join(root, "web", "package.json"))("@axe-core/playwright");

let server, browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // The server answers at once and builds its search indexes in the
  // background; wait until the group's indexes answer.
  for (const index of ["vehicles_group_se", "sites_group_se"]) await indexReady(server, index);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** hydrated waits for the app's hydration and the desktop list's filter-mode switch, which it brings. */
async function hydrated(page) {
  await appHydrated(page);
  await page.getByRole("radio", { name: "Filter alltid synliga" }).waitFor();
}

const cardTitles = (page) => page.locator(".fc-car-card__title").allTextContents();

test("filter by brand with the mouse, then model with the keyboard", async () => {
  const page = await newPage(browser);
  const res = await page.goto(server.url + "/bilar");
  assert.equal(res.status(), 200);
  assert.match(await res.text(), /fc-car-card/, "cards are in the server HTML");
  await hydrated(page);
  await screenshot(page, "car-list-desktop");
  await page.getByRole("checkbox", { name: /^BMW/ }).click();
  await page.waitForURL(/\/bilar\/bmw$/);
  await page.getByRole("heading", { level: 1, name: "BMW" }).waitFor();
  const x3 = page.getByRole("list", { name: "Modell BMW" }).getByRole("checkbox", { name: /^X3/ });
  await x3.focus();
  await page.keyboard.press("Space");
  await page.waitForURL(/\/bilar\/bmw\/x3$/);
  await page.getByRole("button", { name: "Ta bort filter BMW X3" }).waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll(".fc-car-card__title")].every((h) => h.textContent === "BMW X3"));
  assert.ok((await cardTitles(page)).length > 0);
  // Unticking the brand drops the model too.
  await page.getByRole("checkbox", { name: /^BMW/ }).click();
  await page.waitForURL(/\/bilar$/);
  assert.equal(await page.getByRole("button", { name: /Ta bort filter BMW/ }).count(), 0);
  // Back restores the previous filter state.
  await page.goBack();
  await page.waitForURL(/\/bilar\/bmw\/x3$/);
  await page.getByRole("button", { name: "Ta bort filter BMW X3" }).waitFor();
  await page.getByRole("heading", { level: 1, name: "BMW X3" }).waitFor();
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("move the price range with the keyboard and by dragging", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/bilar");
  await hydrated(page);
  const lo = page.getByRole("slider", { name: "Pris Lägst" });
  await lo.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
  // Commits after 1.5 s idle.
  await page.waitForURL(/car_price=\d+-\d+/);
  const [min] = new URL(page.url()).searchParams.get("car_price").split("-").map(Number);
  // The URL changes before the new cards arrive (and before the grid marks
  // itself loading): wait for the cards themselves, up to the deadline.
  // A card's list price is its largest figure (a campaign price is lower).
  const cardPrices = () => page.locator(".fc-car-card__price").evaluateAll((ps) => ps.map((p) => Math.max(...[...p.querySelectorAll("strong, s")].map((e) => Number(e.textContent.replace(/\D/g, ""))))));
  const prices = await waitFor(async () => {
    const ps = await cardPrices();
    return ps.length > 0 && ps.every((p) => p >= min) && ps;
  }, { what: `every price at least ${min}` }).catch(() => cardPrices());
  assert.ok(prices.length > 0 && prices.every((p) => p >= min), `every price is at least ${min}: ${prices.slice(0, 5)}`);
  // Drag the upper handle to the middle and release.
  const hi = page.getByRole("slider", { name: "Pris Högst" });
  await hi.scrollIntoViewIfNeeded();
  const box = await hi.boundingBox();
  const track = await page.locator(".fc-range__track").first().boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction(() => {
    const r = new URL(location.href).searchParams.get("car_price");
    return r && Number(r.split("-")[1]) < 2_000_000;
  });
  await page.getByRole("button", { name: /Ta bort filter Pris/ }).waitFor();
  await screenshot(page, "car-list-range");
  await page.context().close();
});

test("sort, show more, reload keeps the state", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/bilar?car_fuel=El");
  await hydrated(page);
  await page.getByRole("combobox", { name: "Sortera" }).selectOption("car_price_asc");
  await page.waitForURL(/sort=car_price_asc/);
  await page.waitForFunction(() => !document.querySelector(".fc-car-grid.is-loading"));
  const priceOf = async () => (await page.locator(".fc-car-card__price strong").allTextContents()).map((p) => Number(p.replace(/\D/g, "")));
  const first = await priceOf();
  assert.deepEqual(first, [...first].sort((a, b) => a - b), "prices ascend");
  assert.equal(first.length, 48);
  await page.getByRole("button", { name: "Visa fler" }).click();
  await page.waitForFunction(() => document.querySelectorAll(".fc-car-card").length === 96);
  await page.waitForURL(/page=1/);
  await page.getByText(/Visar 96 av/).waitFor();
  await page.reload();
  await hydrated(page);
  assert.equal(await page.locator(".fc-car-card").count(), 96);
  assert.equal(await page.getByRole("combobox", { name: "Sortera" }).inputValue(), "car_price_asc");
  await page.getByRole("button", { name: "Ta bort filter El" }).waitFor();
  await page.context().close();
});

test("a readable brand URL is a real page with its own title and canonical", async () => {
  const page = await newPage(browser);
  const res = await page.goto(server.url + "/bilar/volvo/xc60");
  assert.equal(res.status(), 200);
  const html = await res.text();
  assert.match(html, /<title>XC60 Volvo \| Forecourt<\/title>/);
  assert.match(html, /<link rel="canonical" href="[^"]*\/bilar\/volvo\/xc60">/);
  assert.match(html, /"@type":"BreadcrumbList"/);
  await page.getByRole("heading", { level: 1, name: "Volvo XC60" }).waitFor();
  const bad = await page.goto(server.url + "/bilar/nosuchbrand");
  assert.equal(bad.status(), 404);
  await page.getByText("Inga bilar matchar din sökning").waitFor();
  await page.context().close();
});

test("hero search 'bmw diesel automat' lands on a filtered list", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/");
  await appHydrated(page);
  const box = page.locator("#hero-search");
  await box.fill("bmw diesel automat");
  await box.press("Enter");
  await page.waitForURL(/\/bilar\?/);
  const u = new URL(page.url());
  assert.deepEqual(u.searchParams.getAll("car_brand"), ["BMW"]);
  assert.deepEqual(u.searchParams.getAll("car_fuel"), ["Diesel"]);
  assert.deepEqual(u.searchParams.getAll("car_gearbox"), ["Automat"]);
  for (const name of ["BMW", "Diesel", "Automat"]) await page.getByRole("button", { name: `Ta bort filter ${name}` }).waitFor();
  const chips = await page.locator(".fc-car-card__chips").first().textContent();
  assert.match(chips, /Diesel/);
  assert.match(chips, /Automat/);
  await page.context().close();
});

test("phone: filters in an accessible drawer", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(server.url + "/bilar");
  await appHydrated(page);
  const open = page.getByRole("button", { name: /^Filter/ });
  await open.waitFor();
  await screenshot(page, "car-list-mobile");
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Filter" });
  await dialog.waitFor();
  await dialog.getByRole("checkbox", { name: /^Kia/ }).click();
  await page.waitForURL(/\/bilar\/kia$/);
  await screenshot(page, "car-list-mobile-drawer");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert.ok(await open.evaluate((el) => el === document.activeElement), "focus returns to the filter button");
  await page.context().close();
});

test("open a dealer site from the list", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/anlaggningar", { waitUntil: "domcontentloaded" });
  await page.getByRole("heading", { level: 1, name: "Våra anläggningar" }).waitFor();
  await appHydrated(page);
  await screenshot(page, "site-list-desktop");
  const first = page.locator(".fc-site-card").first();
  const name = (await first.locator("h2").textContent()).trim();
  await first.click();
  await page.waitForURL(/\/anlaggningar\/[a-z0-9-]+$/, { waitUntil: "domcontentloaded" });
  await page.getByRole("heading", { level: 1, name }).waitFor();
  await page.getByRole("region", { name: new RegExp(`Karta över ${name}`) }).waitFor();
  await page.getByRole("heading", { name: "Avdelningar" }).waitFor();
  await page.getByRole("button", { name: /Visa personal/ }).first().waitFor();
  const staff = page.locator(".fc-department__staff-toggle").first();
  await staff.click();
  await page.locator('.fc-department__staff-toggle[aria-expanded="true"]').first().waitFor();
  assert.equal(await staff.getAttribute("aria-expanded"), "true");
  assert.ok(await page.locator(".fc-staff:not([hidden]) a[href^='tel:'], .fc-staff:not([hidden]) a[href^='mailto:']").count() > 0);
  const cars = page.getByRole("link", { name: new RegExp(`Se alla bilar hos ${name}`) }).first();
  const href = await cars.getAttribute("href");
  assert.match(href, /car_site_city=.*&car_site_name=/);
  await screenshot(page, "site-detail-desktop");
  const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await phone.goto(page.url(), { waitUntil: "domcontentloaded" });
  await appHydrated(phone);
  await screenshot(phone, "site-detail-mobile");
  await phone.context().close();
  await cars.click();
  await page.waitForURL(/car_site_name=/);
  await page.getByRole("button", { name: `Ta bort filter ${name}` }).waitFor();
  assert.equal(await page.goto(server.url + "/anlaggningar/no-such-site", { waitUntil: "domcontentloaded" }).then((r) => new URL(r.url()).pathname), "/anlaggningar");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("car list and dealer pages have no axe violations", async () => {
  const page = await newPage(browser);
  for (const p of ["/bilar/bmw", "/anlaggningar", "/anlaggningar/stockholm-kungsholmen"]) {
    await page.goto(server.url + p, { waitUntil: "domcontentloaded" });
    await appHydrated(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(violations.map((v) => `${p}: ${v.id} ${v.nodes[0]?.target}`), []);
  }
  await page.context().close();
});
