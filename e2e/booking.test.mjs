// Journeys of the service booking at /boka-service: a whole booking
// by mouse ending with the confirmation mail and its calendar file, one by
// keyboard alone, a slot taken by someone else between choosing and booking,
// the phone drawer, a reload in the middle, and axe on every step.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import path from "node:path";
import { startServer, launchBrowser, newPage, screenshot, smtpServer, root, hydrated, mailTo as mailAt } from "./harness.mjs";

const { AxeBuilder } = createRequire(path.join(root, "web", "package.json"))("@axe-core/playwright");

let server, browser, smtp;
before(async () => {
  smtp = await smtpServer();
  server = await startServer({ SMTP_ADDR: smtp.addr, SMTP_FROM: "verkstad@forecourt.test" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
});

/** axe checks the page and fails on serious or critical violations. */
async function axe(page, where) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(" | ")}`),
    [],
  );
}

const plateField = (page) => page.getByRole("textbox", { name: "Registreringsnummer" });
const placeField = (page) => page.getByRole("combobox", { name: "Ort eller plats" });
const cont = (page) => page.getByRole("button", { name: "Fortsätt", exact: true });

async function open(page) {
  await page.goto(server.url + "/boka-service");
  await plateField(page).waitFor({ timeout: 30_000 });
  await hydrated(page);
}

/**
 * settledHeight reads an element's height once it holds still for a frame
 * (the end of a height transition, which reduced motion cuts to nothing).
 */
const settledHeight = (loc) =>
  loc.evaluate(
    (el) =>
      new Promise((resolve) => {
        let last = NaN;
        const next = () =>
          requestAnimationFrame(() => {
            const h = el.getBoundingClientRect().height;
            if (h === last) resolve(h);
            else (last = h), next();
          });
        next();
      }),
  );

/** toServices fills step 1 by mouse and continues to the services. */
async function toServices(page, plate, placeQuery, placeName) {
  await plateField(page).fill(plate);
  await placeField(page).fill(placeQuery);
  await page.getByRole("option", { name: new RegExp(`^${placeName}`) }).first().click();
  await cont(page).click();
  await page.getByRole("button", { name: /Steg 2\/5/ }).waitFor();
  await page.locator(".fc-booking-offering").first().waitFor({ timeout: 20_000 });
}

/** toWorkshops picks the services, skips add-ons and waits for the streamed list. */
async function toWorkshops(page, services) {
  for (const s of services) await page.getByRole("checkbox", { name: s }).check();
  await cont(page).click();
  const without = page.getByRole("button", { name: "Fortsätt utan tillval" });
  const heading = page.getByRole("heading", { name: /Verkstäder nära/ });
  await Promise.race([without.waitFor({ timeout: 20_000 }), heading.waitFor({ timeout: 20_000 })]);
  if (await without.isVisible()) await without.click();
  await page.getByRole("button", { name: /^Välj / }).first().waitFor({ timeout: 30_000 });
}

async function fillContact(page, email) {
  await page.getByRole("textbox", { name: "Förnamn" }).fill("Anna");
  await page.getByRole("textbox", { name: "Efternamn" }).fill("Berg");
  await page.getByRole("textbox", { name: "Mobilnummer" }).fill("070 123 45 67");
  await page.getByRole("textbox", { name: "E-post" }).fill(email);
}

async function store(page) {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("serviceBooking") || "null"));
}

/** mailTo waits for the mail to addr and returns its raw text. */
async function mailTo(addr) {
  return (await mailAt(smtp, addr)).body;
}

/** attachment decodes the MIME part named name (base64 or plain). */
function attachment(raw, name) {
  const i = raw.indexOf(`filename="${name}"`) >= 0 ? raw.indexOf(`filename="${name}"`) : raw.indexOf(`filename=${name}`);
  assert.ok(i >= 0, `no ${name} in the mail`);
  const head = raw.slice(raw.lastIndexOf("\n--", i), i);
  const start = raw.indexOf("\n\n", i) + 2;
  const end = raw.indexOf("\n--", start);
  const body = raw.slice(start, end);
  return /base64/i.test(head + raw.slice(i, start)) ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : body;
}

test("a whole booking by mouse: confirmation, mail with invite.ics, cancel; axe on every step", async () => {
  const page = await newPage(browser);
  await open(page);
  await axe(page, "step 1");
  await screenshot(page, "booking-1-start");

  await plateField(page).fill("abc123");
  assert.equal(await plateField(page).inputValue(), "ABC123");
  assert.equal(await cont(page).isDisabled(), true, "continue waits for a place");
  await placeField(page).fill("Uppsa");
  await page.getByRole("option", { name: /^Uppsala/ }).first().click();
  await cont(page).click();
  await page.getByText("Vi har auktoriserade Volvo-verkstäder").waitFor({ timeout: 20_000 });
  await page.getByText(/Rabatterade priser gäller/).first().waitFor();
  await axe(page, "step 2");

  await page.getByRole("checkbox", { name: /Service enligt serviceintervall/ }).check();
  await page.getByRole("textbox", { name: "Miltal" }).fill("4500");
  await screenshot(page, "booking-2-services");
  await cont(page).click();

  await page.getByRole("button", { name: "Fortsätt utan tillval" }).waitFor({ timeout: 20_000 });
  assert.equal(await cont(page).isDisabled(), true, "'Fortsätt' needs an add-on");
  await axe(page, "step 3");
  const addon = page.locator(".fc-booking-offering input[type=checkbox]").first();
  await addon.check();
  assert.equal(await page.getByRole("button", { name: "Fortsätt utan tillval" }).isDisabled(), true);
  await screenshot(page, "booking-3-addons");
  await cont(page).click();

  await page.getByRole("button", { name: /^Välj / }).first().waitFor({ timeout: 30_000 });
  assert.ok((await page.getByRole("button", { name: /^Välj / }).count()) <= 5, "5 workshops a batch");
  await page.getByRole("radio", { name: "Första lediga tid" }).check();
  await axe(page, "step 4 list");
  await screenshot(page, "booking-4-workshops");
  const more = page.getByRole("button", { name: "Hämta fler" });
  if (await more.isEnabled()) {
    const before = await page.getByRole("button", { name: /^Välj / }).count();
    await more.click();
    await page.waitForFunction((n) => document.querySelectorAll(".fc-booking-workshop__choose").length > n, before, { timeout: 30_000 });
  }
  await page.getByRole("radio", { name: "Närmast" }).check();
  await page.getByRole("button", { name: /^Välj / }).first().click();

  await page.getByRole("tab").first().waitFor();
  assert.equal(await page.getByRole("tab").count(), 4, "4 week tabs");
  const slot = page.locator(".fc-booking-slot:not(.fc-booking-slot--day)").first();
  await slot.waitFor({ timeout: 30_000 });
  await slot.click();
  await fillContact(page, "anna.mus@example.se");
  await axe(page, "step 4 calendar");
  await screenshot(page, "booking-5-calendar");
  const s = await store(page);
  assert.equal(s.bookingState, 4);
  assert.ok(s.bookingInfo.time, "the chosen time is in the store");

  await page.getByRole("button", { name: "Boka" }).click();
  await page.getByRole("heading", { name: "Bokning bekräftad" }).waitFor({ timeout: 30_000 });
  await page.getByRole("region", { name: /Karta över/ }).waitFor();
  const directions = await page.getByRole("link", { name: "Vägbeskrivning" }).getAttribute("href");
  assert.match(directions, /maps\/search\/\?api=1&query=/);
  const ref = (await page.locator(".fc-booking-confirmed__ref").textContent()).trim();
  assert.match(ref, /^BK-/);
  await axe(page, "confirmation");
  await screenshot(page, "booking-6-confirmed");
  const events = await page.evaluate(() => (window.dataLayer || []).map((e) => `${e.event}:${e.step ?? ""}`));
  for (const n of [1, 2, 3, 4, 5]) assert.equal(events.filter((e) => e === `flow_interaction:${n}`).length, 1, `one step event for step ${n}: ${events}`);
  assert.ok(events.includes("purchase:"), "a purchase event");

  const raw = await mailTo("anna.mus@example.se");
  assert.match(raw, new RegExp(ref));
  const ics = attachment(raw, "invite.ics");
  assert.match(ics, /BEGIN:VCALENDAR/);
  assert.match(ics, /BEGIN:VTIMEZONE/);

  // The confirmation's link opens the booking's page (change or cancel) and its calendar file.
  assert.match(await page.getByRole("link", { name: "Lägg till i kalender" }).getAttribute("href"), /^\/api\/bookings\/manage\/calendar\?token=/);
  await page.getByRole("link", { name: "Ändra tid eller avboka" }).click();
  await page.getByRole("heading", { name: "Din bokning" }).waitFor();
  await page.getByText(ref).waitFor({ timeout: 20_000 });
  await axe(page, "booking page");
  await page.getByRole("button", { name: "Avboka" }).click();
  await page.getByRole("button", { name: "Ja, avboka" }).click();
  await page.getByText("Din bokning är avbokad. Välkommen att boka en ny tid.").waitFor({ timeout: 20_000 });
  await screenshot(page, "booking-7-cancelled");

  // 'Ny bokning' starts over.
  await page.goBack();
  await page.getByRole("button", { name: "Ny bokning" }).click();
  await plateField(page).waitFor({ timeout: 30_000 });
  assert.equal(await plateField(page).inputValue(), "");
  assert.deepEqual(page.consoleProblems.filter((p) => !/Failed to load resource/.test(p)), []);
  await page.context().close();
});

/** tabTo presses Tab until the locator has focus. */
async function tabTo(page, locator, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await locator.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not tab to ${locator}`);
}

test("a booking by keyboard alone", async () => {
  const page = await newPage(browser);
  await open(page);
  await tabTo(page, plateField(page));
  await page.keyboard.type("bmw330");
  await page.keyboard.press("Enter");
  assert.equal(await placeField(page).evaluate((el) => el === document.activeElement), true, "Enter moves to the place");
  await page.keyboard.type("Göteb");
  await page.getByRole("option", { name: /^Göteborg/ }).first().waitFor();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  assert.equal(await placeField(page).inputValue(), "Göteborg");
  await tabTo(page, cont(page));
  await page.keyboard.press("Enter");

  const oil = page.getByRole("checkbox", { name: /Oljebyte med filter/ });
  await oil.waitFor({ timeout: 20_000 });
  await tabTo(page, oil);
  await page.keyboard.press("Space");
  assert.equal(await oil.isChecked(), true);
  await tabTo(page, cont(page));
  await page.keyboard.press("Enter");

  const without = page.getByRole("button", { name: "Fortsätt utan tillval" });
  const choose = page.getByRole("button", { name: /^Välj / }).first();
  await Promise.race([without.waitFor({ timeout: 20_000 }), choose.waitFor({ timeout: 30_000 })]);
  if (await without.isVisible()) {
    await tabTo(page, without);
    await page.keyboard.press("Enter");
  }
  await choose.waitFor({ timeout: 30_000 });
  await tabTo(page, choose);
  await page.keyboard.press("Enter");

  const slot = page.locator(".fc-booking-slot:not(.fc-booking-slot--day)").first();
  await slot.waitFor({ timeout: 30_000 });
  await tabTo(page, slot);
  await page.keyboard.press("Enter");
  assert.equal(await slot.getAttribute("aria-pressed"), "true");
  for (const [name, value] of [["Förnamn", "Karl"], ["Efternamn", "Tangent"], ["Mobilnummer", "+46 70 555 12 34"], ["E-post", "karl.tangent@example.se"]]) {
    await tabTo(page, page.getByRole("textbox", { name }));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole("button", { name: "Boka" }));
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Bokning bekräftad" }).waitFor({ timeout: 30_000 });
  await screenshot(page, "booking-keyboard-confirmed");
  await mailTo("karl.tangent@example.se");
  await page.context().close();
});

test("a slot taken by someone else between choosing and booking", async () => {
  const page = await newPage(browser);
  await open(page);
  await toServices(page, "ABC123", "Västerå", "Västerås");
  await toWorkshops(page, [/Oljebyte med filter/]);
  await page.getByRole("button", { name: /^Välj / }).first().click();
  const slot = page.locator(".fc-booking-slot:not(.fc-booking-slot--day)").first();
  await slot.waitFor({ timeout: 30_000 });
  await slot.click();
  await fillContact(page, "anna.slot@example.se");
  const s = await store(page);
  const [date, time] = s.bookingInfo.time.split("T");

  // Someone else books the same slot through the API until it is full.
  let status = 0;
  for (let i = 0; i < 8 && status !== 409; i++) {
    const res = await fetch(server.url + "/api/mechmate/book", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({
        customer: { firstName: "Other", lastName: `Kund${i}`, phone: "0701234567", email: `other${i}@example.se` },
        freeText: "",
        departmentId: s.bookingInfo.departmentId,
        timeSlot: `${date}T${time}:00.00`,
        isFullDay: false,
        registrationNumber: "BMW330",
        mileage: 1,
        serviceOfferingRequests: Object.keys(s.services).map((k) => ({ kobraId: k, unitsSelected: 1, userInput: "" })),
      }),
    });
    status = res.status;
    assert.ok(status === 200 || status === 409, `API booking answered ${status}: ${await res.text()}`);
  }
  assert.equal(status, 409, "the slot got full");

  await page.getByRole("button", { name: "Boka" }).click();
  const alert = page.locator("#fc-booking-book-error");
  await alert.waitFor({ timeout: 20_000 });
  assert.equal((await alert.textContent()).trim(), "Tiden är inte tillgänglig, vänligen välj en annan tid");
  await screenshot(page, "booking-slot-taken");
  await axe(page, "slot taken");

  // Another slot books.
  const other = page.locator(".fc-booking-slot:not(.fc-booking-slot--day)").nth(1);
  await other.waitFor({ timeout: 30_000 });
  await other.click();
  await page.getByRole("button", { name: "Boka" }).click();
  await page.getByRole("heading", { name: "Bokning bekräftad" }).waitFor({ timeout: 30_000 });
  await page.context().close();
});

test("the summary is a bottom drawer at phone width; use-my-location fills the place", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, geolocation: { latitude: 57.7089, longitude: 11.9746 }, permissions: ["geolocation"] });
  await open(page);
  await plateField(page).fill("ABC123");
  await page.getByRole("button", { name: "Använd min plats" }).click();
  await page.waitForFunction(() => document.querySelector('[role="combobox"]')?.value === "Göteborg", null, { timeout: 20_000 });
  await cont(page).click();
  await page.locator(".fc-booking-offering").first().waitFor({ timeout: 20_000 });
  await page.getByRole("checkbox", { name: /Service enligt serviceintervall/ }).check();

  const toggle = page.getByRole("button", { name: /Visa sammanfattning/ });
  await toggle.waitFor();
  assert.equal(await toggle.getAttribute("aria-expanded"), "false");
  const drawer = page.locator(".fc-booking-summary__inner");
  assert.equal(Math.round(await settledHeight(drawer)), 72);
  await screenshot(page, "booking-mobile-collapsed");
  await axe(page, "mobile collapsed");
  await toggle.click();
  const close = page.getByRole("button", { name: /Dölj sammanfattning/ });
  assert.equal(await close.getAttribute("aria-expanded"), "true");
  assert.equal(Math.round(await settledHeight(drawer)), Math.round(844 * 0.8));
  await page.getByRole("heading", { name: "Din bokning" }).waitFor();
  await screenshot(page, "booking-mobile-open");
  await axe(page, "mobile open");
  await close.click();
  assert.equal(await page.getByRole("button", { name: /Visa sammanfattning/ }).getAttribute("aria-expanded"), "false");
  await page.context().close();

  // Refused location: the spec's text.
  const denied = await newPage(browser, { viewport: { width: 390, height: 844 }, permissions: [] });
  await open(denied);
  await denied.getByRole("button", { name: "Använd min plats" }).click();
  await denied.getByText("För att använda funktionen behöver din webbläsare kunna använda platstjänster.").waitFor({ timeout: 20_000 });
  await denied.context().close();
});

test("a reload in the middle keeps the state", async () => {
  const page = await newPage(browser);
  await open(page);
  await toServices(page, "ABC123", "Örebr", "Örebro");
  await page.getByRole("checkbox", { name: /Oljebyte med filter/ }).check();
  await page.reload();
  await hydrated(page);
  const oil = page.getByRole("checkbox", { name: /Oljebyte med filter/ });
  await oil.waitFor({ timeout: 20_000 });
  assert.equal(await oil.isChecked(), true);
  assert.equal(await page.getByRole("button", { name: /Steg 2\/5/ }).getAttribute("aria-expanded"), "true");
  await page.locator(".fc-booking-summary").getByText("Oljebyte med filter").waitFor();
  await page.getByRole("button", { name: /Steg 1\/5/ }).click();
  assert.equal(await plateField(page).inputValue(), "ABC123");
  assert.equal(await placeField(page).inputValue(), "Örebro");
  assert.deepEqual(page.consoleProblems.filter((p) => !/Failed to load resource/.test(p)), []);
  await page.context().close();
});

test("the intro lists authorised brands behind a toggle, with logos", async () => {
  const page = await newPage(browser);
  await open(page);
  await page.getByRole("heading", { level: 1, name: "Boka service, däckbyte och verkstad" }).waitFor();
  const toggle = page.getByRole("button", { name: "Märken vi är auktoriserade för" });
  await toggle.click();
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  const alts = await page.locator(".fc-booking-intro__logos img").evaluateAll((els) => els.map((e) => e.alt));
  assert.ok(alts.includes("Volkswagen") && !alts.includes("Volkswagen Transportbilar"), `VW_TR collapses into VW: ${alts}`);
  assert.ok(alts.includes("Fiat Professional") && alts.includes("Mercedes-Benz Lastbilar"), "FI_TR and MH_TR stay");
  await axe(page, "intro open");
  await page.context().close();
});
