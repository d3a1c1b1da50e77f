// Journeys of dead ends and wrong results a visitor met: group-fi in Swedish,
// the old site's sort values, the car list past its 20 pages, every site's
// home and 404 page, British units on the UK car page, the newsletter
// without a marketing provider, and pages that must load without console
// errors and reach network idle (the tyre hotel, a UK car without extra media).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { startServer, launchBrowser, newPage, hydrated, screenshot, indexReady } from "./harness.mjs";

let server, browser;
const host = (site) => `http://${site}.localhost:${server.port}`;

/** get requests path of a site from Node (which does not resolve *.localhost): status, headers and body. */
function get(site, path) {
  return new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port: server.port, path, headers: { Host: `${site}.localhost` } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
    }).on("error", reject);
  });
}

/** search asks a site's index (the journeys pick real cars and dealers). */
async function search(body) {
  const res = await fetch(server.url + "/api/search", { method: "POST", body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`search ${body.index}: HTTP ${res.status}`);
  return res.json();
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // Indexes are built in the background after start: wait for the ones used here.
  for (const site of ["group_se", "group_fi", "group_uk", "carstore_se", "carstore_no", "carstore_fi", "carstore_sk", "dealer_se", "group_no", "group_dk", "group_sk", "group_eu"]) {
    for (const kind of ["vehicles", "sites"]) await indexReady(server, `${kind}_${site}`);
  }
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test("group-fi answers in Swedish under /sv: home, car list, dealers, a car, and the language switch", async () => {
  const car = (await search({ index: "vehicles_group_fi", limit: 1, fields: ["car_id", "slug"] })).content[0];
  for (const [path, title] of [
    ["/sv", /Bilar, service och däck \| Forecourt Finland/],
    ["/sv/autot", /Nya och begagnade bilar \| Forecourt Finland/],
    ["/sv/toimipisteet", /Våra verksamhetsställen \| Forecourt Finland/],
    [`/sv/autot/${car.car_id}/${car.slug}`, /\| Forecourt Finland$/],
  ]) {
    const res = await get("group-fi", path);
    assert.equal(res.status, 200, `${path} answers`);
    const html = res.body;
    assert.match(html, /<html lang="sv/, `${path} is Swedish`);
    assert.match(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "", title, `${path} title`);
  }
  // The Finnish page's hreflang sv-FI points at a page that exists.
  const fi = (await get("group-fi", "/autot")).body;
  const alt = fi.match(/<link rel="alternate" hreflang="sv-FI" href="([^"]+)"/)?.[1];
  assert.ok(alt, "hreflang sv-FI is offered");
  assert.equal((await get("group-fi", new URL(alt).pathname)).status, 200, `${alt} answers`);

  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(host("group-fi") + "/autot");
  await hydrated(page);
  // The language switch of the desktop bar: "Kieli: Suomi", then Svenska.
  await page.getByRole("button", { name: /: Suomi$/ }).click();
  await page.locator('a[hreflang="sv"]').first().click();
  await page.waitForURL(/\/sv\/autot$/);
  await page.getByRole("heading", { level: 1, name: "Nya och begagnade bilar" }).waitFor();
  await page.getByText(/träffar/).first().waitFor();
  // The Finnish feed's values read in Swedish on the cards and in the filters.
  const chips = (await page.locator(".fc-car-card").allTextContents()).join(" ");
  assert.match(chips, /Automat|Manuell/);
  assert.doesNotMatch(chips, /Automaatti|Manuaali/);
  await page.getByRole("checkbox", { name: /^El\b/ }).waitFor();
  // A car page in Swedish: the dictionary's labels, not Finnish ones.
  await page.goto(host("group-fi") + `/sv/autot/${car.car_id}/${car.slug}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  assert.ok(await page.getByText("Tillbaka").count() > 0, "Swedish back link");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("the old site's sort values keep their meaning through the redirects; /marken/<brand> lands on the brand page", async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const res = await page.goto(server.url + "/elbilar?sort=price_asc");
  assert.equal(res.status(), 200);
  assert.equal(new URL(page.url()).search, "?car_fuel=El&sort=car_price_asc");
  await hydrated(page);
  assert.equal(await page.getByRole("combobox", { name: "Sortera" }).inputValue(), "car_price_asc");
  const prices = await page.locator(".fc-car-card").evaluateAll((cards) => cards.slice(0, 6).map((c) => Number((c.textContent.match(/(\d[\d\s\u00a0\u202f]*)\s*kr/) ?? [, ""])[1].replace(/\D/g, ""))));
  assert.deepEqual(prices, [...prices].sort((a, b) => a - b), "cheapest first");

  await page.goto(server.url + "/begagnade-bilar?sort=year_desc");
  assert.match(page.url(), /sort=car_year_desc/);

  // An unknown value is not dropped: the list says it does not know it.
  await page.goto(server.url + "/elbilar?sort=colour");
  assert.match(page.url(), /sort=colour/);
  await page.getByRole("status").filter({ hasText: "Sorteringen ”colour” finns inte" }).waitFor();

  await page.goto(server.url + "/marken/bmw");
  assert.equal(new URL(page.url()).pathname, "/bilar/bmw");
  await page.getByRole("heading", { level: 1, name: "BMW" }).waitFor();
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("the car list shows its real total, redirects a page past the end, and ends with a way to refine", async () => {
  const total = (await search({ index: "vehicles_group_se", limit: 0 })).total_items;
  assert.ok(total > 960, `a list longer than 20 pages (${total})`);
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + "/bilar");
  const count = (await page.locator("#fc-hits").textContent()).replace(/\s/g, " ");
  assert.equal(count, `${total.toLocaleString("sv-SE").replace(/\s/g, " ")} träffar`, "the real total, not 10 000+");

  const res = await fetch(server.url + "/bilar?page=25", { redirect: "manual" });
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "/bilar?page=19");
  await page.goto(server.url + "/bilar?page=25");
  assert.equal(new URL(page.url()).search, "?page=19");
  await hydrated(page);
  const end = page.getByRole("note", { name: /Listan visar de första 960 av/ });
  await end.waitFor();
  assert.equal(await page.getByRole("button", { name: "Visa fler" }).count(), 0);
  await end.scrollIntoViewIfNeeded();
  await screenshot(page, "dead-ends-list-end-1280");
  // A brand of the note is a shorter list that can be paged to its end.
  const brand = end.getByRole("link").first();
  const name = (await brand.textContent()).replace(/\s*\(.*$/, "");
  await brand.click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  assert.equal(new URL(page.url()).search, "");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

const SITES = {
  "carstore-se": { cars: "/bilar", sites: "/anlaggningar", lang: "sv" },
  "carstore-no": { cars: "/biler", sites: "/forhandlere", lang: "nb" },
  "carstore-fi": { cars: "/autot", sites: "/toimipisteet", lang: "fi" },
  "carstore-sk": { cars: "/auta", sites: "/pobocky", lang: "sk" },
  "dealer-se": { cars: "/bilar", sites: "/anlaggningar", lang: "sv" },
  "group-no": { cars: "/biler", sites: "/forhandlere", lang: "nb" },
  "group-dk": { cars: "/biler", sites: "/forhandlere", lang: "da" },
  "group-fi": { cars: "/autot", sites: "/toimipisteet", lang: "fi" },
  "group-sk": { cars: "/auta", sites: "/pobocky", lang: "sk" },
  "group-eu": { cars: "/cars", sites: "/locations", lang: "en" },
};

test("every site's home page has cars, teasers, services, a dealer, stories and a full footer", async () => {
  for (const [site, s] of Object.entries(SITES)) {
    for (const width of [390, 1280]) {
      const page = await newPage(browser, { viewport: { width, height: 844 } });
      const res = await page.goto(host(site) + "/");
      assert.equal(res.status(), 200, `${site} home`);
      await hydrated(page);
      const main = page.locator("main");
      // Latest cars (teasers load on the server) and the dealer block with its cars.
      assert.ok(await main.locator(".fc-car-card").count() >= 4, `${site}: latest cars`);
      assert.ok(await main.locator(`a[href^="${s.cars}?car_"]`).count() >= 4, `${site}: car teasers link to filtered lists`);
      assert.ok(await main.getByRole("heading", { level: 2 }).count() >= 5, `${site}: sections`);
      // Footer: contact, links, consent settings.
      const footer = page.locator("footer");
      assert.equal(await footer.locator('a[href^="mailto:"]').count(), 1, `${site}: e-mail`);
      assert.equal(await footer.locator('a[href^="tel:"]').count(), 1, `${site}: phone`);
      assert.ok(await footer.locator(`a[href="${s.sites}"]`).count() === 1, `${site}: dealers link`);
      assert.ok(await footer.locator(`a[href="${s.cars}"]`).count() === 1, `${site}: cars link`);
      const consent = footer.getByRole("button").filter({ hasText: /cookie|informasjonskapsler|eväste/i });
      assert.equal(await consent.count(), 1, `${site}: consent settings`);
      await consent.click();
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      assert.equal(await page.evaluate(() => document.documentElement.lang.slice(0, 2)), s.lang);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${import.meta.dirname}/screenshots/dead-ends-home-${site}-${width}.png`, fullPage: true });
      assert.deepEqual(page.consoleProblems, [], `${site} ${width}`);
      await page.context().close();
    }
  }
});

test("every site's 404 page explains, searches, and links to cars and dealers", async () => {
  for (const [site, s] of Object.entries({ ...SITES, "group-fi-sv": { cars: "/sv/autot", sites: "/sv/toimipisteet", lang: "sv", site: "group-fi", prefix: "/sv" } })) {
    const name = s.site ?? site;
    for (const width of [390, 1280]) {
      const page = await newPage(browser, { viewport: { width, height: 844 } });
      // The document's own 404 is logged by Chromium; any other failed request counts.
      const failed = [];
      page.on("response", (r) => r.status() >= 400 && r.request().resourceType() !== "document" && failed.push(`${r.status()} ${r.url()}`));
      const res = await page.goto(host(name) + (s.prefix ?? "") + "/finns-inte-alls");
      assert.equal(res.status(), 404, `${site} 404`);
      await hydrated(page);
      const main = page.locator("main");
      await main.getByRole("heading", { level: 1 }).waitFor();
      assert.ok((await main.locator("h1 + p").textContent()).length > 80, `${site}: an explanation`);
      const box = main.getByRole("search").getByRole("searchbox");
      assert.equal(await box.count(), 1, `${site}: search`);
      assert.ok(await main.locator(`a[href="${s.cars}"]`).count() >= 1, `${site}: cars link`);
      assert.ok(await main.locator(`a[href="${s.sites}"]`).count() >= 1, `${site}: dealers link`);
      await page.screenshot({ path: `${import.meta.dirname}/screenshots/dead-ends-404-${site}-${width}.png`, fullPage: true });
      if (width === 1280) {
        // The search goes to the car list with the words.
        await box.fill("Volvo");
        await box.press("Enter");
        await page.waitForURL((u) => u.pathname.startsWith(s.cars));
      }
      assert.deepEqual(failed, [], `${site} ${width}: failed requests`);
      assert.deepEqual(page.consoleProblems.filter((m) => !/status of 404 \(Not Found\)/.test(m)), [], `${site} ${width}`);
      await page.context().close();
    }
  }
});

test("UK car pages are in British units, other sites metric", async () => {
  const ev = async (index) => (await search({ index, limit: 1, fields: ["car_id", "slug"], filters: { car_fuel: [index.endsWith("uk") ? "Electric" : "El"] } })).content[0];
  const uk = await ev("vehicles_group_uk");
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(host("group-uk") + `/cars/${uk.car_id}/${uk.slug}`);
  await hydrated(page);
  const more = page.getByRole("button", { name: /show (more|all)/i }).first();
  if (await more.count()) await more.click();
  const text = await page.locator("main").textContent();
  for (const want of ["0–62 mph", "mi/kWh", " miles"]) assert.ok(text.includes(want), `UK page shows ${want}`);
  for (const unwanted of ["km/h", "kWh/100 km", "l/100 km"]) assert.ok(!text.includes(unwanted), `UK page shows no ${unwanted}`);
  const se = await ev("vehicles_group_se");
  await page.goto(server.url + `/bilar/${se.car_id}/${se.slug}`);
  await hydrated(page);
  const seMore = page.getByRole("button", { name: /visa (fler|alla|mer)/i }).first();
  if (await seMore.count()) await seMore.click();
  const seText = await page.locator("main").textContent();
  assert.ok(seText.includes("kWh/100 km") && seText.includes("0–100 km/h"), "Swedish page stays metric");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("without a marketing provider the newsletter page offers the site's own form, not a popup that cannot load", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto(server.url + "/nyhetsbrev");
  await hydrated(page);
  assert.equal(await page.locator('[aria-haspopup="dialog"]').count(), 0, "no popup opener");
  await page.getByRole("textbox", { name: /E-post/ }).waitFor();
  assert.equal(await page.getByText("Formuläret kunde inte laddas").count(), 0);
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

/** idleWithoutErrors loads url and waits for network idle; console errors fail the journey. */
async function idleWithoutErrors(page, url) {
  const failed = [];
  const onResponse = (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`);
  page.on("response", onResponse);
  await page.goto(url);
  await page.waitForLoadState("networkidle", { timeout: 15_000 });
  page.off("response", onResponse);
  assert.deepEqual(failed, [], `${url}: failed requests`);
  assert.deepEqual(page.consoleProblems, [], `${url}: console`);
}

test("the tyre hotel loads without a 401 in the console", async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await idleWithoutErrors(page, server.url + "/dackhotell");
  await page.getByRole("textbox", { name: "Registreringsnummer" }).waitFor();
  await page.context().close();
});

test("after the UK car list, a UK car without extra media loads without a 404 and reaches network idle", async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await idleWithoutErrors(page, host("group-uk") + "/cars");
  // Cars whose registration has no extra media record.
  const cars = (await search({ index: "vehicles_group_uk", limit: 40, fields: ["car_id", "slug", "car_regno"] })).content;
  let plain;
  for (const c of cars) {
    const m = JSON.parse((await get("group-uk", `/api/media/${encodeURIComponent(c.car_regno)}`)).body);
    if (!m.has360 && !m.hasVideo && !m.hasInternal360) {
      plain = c;
      break;
    }
  }
  assert.ok(plain, "a UK car without extra media");
  await idleWithoutErrors(page, host("group-uk") + `/cars/${plain.car_id}/${plain.slug}`);
  await page.context().close();
});
