// Journeys of the workshop's staff pages against the real server: a
// workshop signs in, sees a customer's booking (made through the public
// booking API a moment earlier) appear in its calendar without a reload,
// moves it (the customer's mail with the new time arrives at the harness's
// SMTP listener), closes a day (the customer flow's times API no longer
// offers it) and records a tyre-hotel check; by keyboard, at 390 px and on
// a desktop, with axe on every workshop page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import path from "node:path";
import { root, startServer, launchBrowser, newPage, hydrated, screenshot, smtpServer, mailTo, mailText, waitFor } from "./harness.mjs";

const require = createRequire(path.join(root, "web", "package.json"));
const { AxeBuilder } = require("@axe-core/playwright");

// The demo staff of `make run` (password "forecourt-demo").
const HASH = "$2a$12$TDlk248Auz/TZNFMy2iZse/Psip724.OgVyFVebfTGDfFQjMKRVxe";
const STAFF_ACCOUNTS = `verkstad:${HASH}:workshop:group-se,verkstad-norrtalje:${HASH}:workshop:D-1011`;

let server, browser, smtp;
before(async () => {
  smtp = await smtpServer();
  server = await startServer({ SMTP_ADDR: smtp.addr, SMTP_FROM: "verkstad@forecourt.test", JOB_POLL_MS: "100", STAFF_ACCOUNTS });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
});

async function axe(page, label) {
  const res = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = res.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`),
    [],
    `${label}: serious or critical axe violations`,
  );
}

/** noSideways checks the page does not scroll sideways (a phone layout that fits). */
async function noSideways(page, label) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(over <= 1, `${label}: the page scrolls ${over} px sideways`);
}

/** signIn signs in at /staff/login by keyboard only and waits for the staff start page. */
async function signIn(page, account, next = "/staff/") {
  await page.goto(`${server.url}/staff/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  const name = page.getByLabel("Användarnamn");
  await name.waitFor();
  await name.focus();
  await page.keyboard.type(account);
  await page.keyboard.press("Tab");
  await page.keyboard.type("forecourt-demo");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Logga ut" }).waitFor();
}

/** freeWorkshop asks the public flow for a group-se workshop with a free wheel-change time: {departmentId, firstTimeSlot}. */
async function freeWorkshop(lat, lng) {
  const stream = await (await fetch(`${server.url}/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=wheelchange&latitude=${lat}&longitude=${lng}`)).text();
  const site = stream.split("\n").filter((l) => l.startsWith("data:")).map((l) => JSON.parse(l.slice(5))).find((m) => m.departmentId && m.firstTimeSlot && m.departmentId !== "D-1011");
  assert.ok(site, "a workshop with a free time");
  return site;
}

/** book books a wheel change as a customer does through the public API (same origin). */
async function book({ departmentId, timeSlot, reg, email, first }) {
  const res = await fetch(`${server.url}/api/mechmate/book`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url, "Idempotency-Key": `staff-journey-${reg}-${Date.now()}` },
    body: JSON.stringify({
      customer: { firstName: first, lastName: "Berg", phone: "070-765 43 21", email },
      freeText: "Vinterhjulen ligger i bagaget.", departmentId, timeSlot, isFullDay: false, registrationNumber: reg, mileage: 31000,
      serviceOfferingRequests: [{ kobraId: "wheelchange", unitsSelected: 1, userInput: "" }],
    }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return res.json();
}

/** customerDay is what the customer flow offers on a day: {availableSlots, closed, …}. */
async function customerDay(departmentId, date) {
  const res = await fetch(`${server.url}/api/mechmate/timeslots/from/ABC123/${departmentId}/${date}T00:00:00/?serviceOfferings=wheelchange`);
  assert.equal(res.status, 200);
  const days = await res.json();
  const day = days.find((d) => d.date.startsWith(date));
  assert.ok(day, `the customer flow answers for ${date}`);
  return day;
}

test("workshop: a customer's booking appears live, is moved by keyboard (the customer's mail has the new time), and a closed day is no longer offered", async () => {
  const site = await freeWorkshop(59.33, 18.06);
  const date = site.firstTimeSlot.slice(0, 10);
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await signIn(page, "verkstad", `/staff/workshop?department=${site.departmentId}&date=${date}`);
  await page.getByRole("heading", { level: 1, name: "Verkstadens kalender" }).waitFor();
  const times = page.getByRole("list", { name: /^Tid, / });
  await times.waitFor();
  // The stream is open before the customer books, as on a workshop's screen all day.
  await page.getByText("Uppdateras direkt").waitFor();
  await axe(page, "calendar, day");

  // A customer books; the booking shows up without a reload and is announced politely.
  const reg = "BMW330";
  const email = "sara.berg@example.se";
  const booked = await book({ departmentId: site.departmentId, timeSlot: site.firstTimeSlot, reg, email, first: "Sara" });
  const card = page.getByRole("button", { name: new RegExp(reg) });
  await card.waitFor();
  assert.match(await card.innerText(), new RegExp(`${site.firstTimeSlot.slice(11, 16)}–`));
  await waitFor(async () => /Ny bokning .*BMW330/.test(await page.locator("[aria-live=polite]").innerText()), { what: "the live region's announcement" });
  await mailTo(smtp, email, { match: (m) => /Tack för din bokning/.test(mailText(m)) });
  await screenshot(page, "staff-workshop-day-1280");

  // By keyboard: open the booking, move it to another free time that day.
  await card.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: new RegExp(reg) }).waitFor();
  await axe(page, "booking dialog");
  await dialog.getByRole("button", { name: "Flytta", exact: true }).focus();
  await page.keyboard.press("Enter");
  const slots = dialog.getByRole("radiogroup", { name: /Lediga tider/ });
  await slots.waitFor();
  const first = slots.getByRole("radio").first();
  await first.focus();
  // Arrow keys move through the times; take the second free time, so the move is a real one.
  await page.keyboard.press("ArrowRight");
  const chosen = slots.getByRole("radio", { checked: true });
  const label = (await chosen.evaluate((el) => el.closest("label").innerText)).trim();
  const newTime = /\d\d:\d\d/.exec(label)[0];
  assert.notEqual(newTime, site.firstTimeSlot.slice(11, 16));
  await screenshot(page, "staff-workshop-move-1280");
  await dialog.getByRole("button", { name: "Flytta hit" }).focus();
  await page.keyboard.press("Enter");
  await dialog.getByRole("status").filter({ hasText: `Bokningen är flyttad till` }).waitFor();
  assert.match(await dialog.getByRole("status").innerText(), new RegExp(newTime));
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert.match(await page.getByRole("button", { name: new RegExp(reg) }).innerText(), new RegExp(`${newTime}–`));

  const moved = await mailTo(smtp, email, { match: (m) => /har flyttat din bokning/.test(mailText(m)) });
  const body = mailText(moved);
  assert.match(body, new RegExp(`Ny tid: .*${newTime}`), "the mail has the new time");
  assert.ok(body.includes(booked.id), "the mail names the booking");

  // The print view and the CSV have the day's list.
  await page.getByRole("link", { name: "Utskrift" }).click();
  const list = page.getByRole("table", { name: /^Dagslista/ });
  await list.waitFor();
  assert.match(await list.innerText(), new RegExp(`${newTime}[\\s\\S]*${reg}`));
  await axe(page, "print view");
  // On paper: the list alone, without the staff app's header or the buttons.
  await page.emulateMedia({ media: "print" });
  assert.equal(await page.locator(".staff-header").isVisible(), false, "no header on paper");
  assert.equal(await page.getByRole("button", { name: "Skriv ut" }).isVisible(), false, "no print button on paper");
  assert.equal(await list.isVisible(), true);
  await screenshot(page, "staff-workshop-print-1280");
  await page.emulateMedia({ media: "screen" });
  const csv = await page.evaluate(async (u) => (await fetch(u)).text(), `/api/staff/bookings.csv?department=${site.departmentId}&from=${date}&to=${date}`);
  assert.ok(csv.includes(reg), "the CSV lists the booking");

  // Close a later day the customer flow offers, by keyboard on the hours page.
  let closeDate = "";
  for (let i = 1; i <= 14 && !closeDate; i++) {
    const d = new Date(`${date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    const iso = d.toISOString().slice(0, 10);
    const day = await customerDay(site.departmentId, iso);
    if (day.availableSlots.length > 0) closeDate = iso;
  }
  assert.ok(closeDate, "a later day with free times");
  await page.goto(`${server.url}/staff/workshop/hours?department=${site.departmentId}`);
  await page.getByRole("heading", { name: "Stängda dagar och spärrade tider" }).waitFor();
  await page.getByRole("table").waitFor();
  await axe(page, "hours");
  const dateGroup = page.getByRole("group", { name: "Datum" });
  await dateGroup.getByRole("spinbutton").first().focus();
  await page.keyboard.type(closeDate.replaceAll("-", ""));
  await page.getByRole("textbox", { name: "Orsak" }).focus();
  await page.keyboard.type("Inventering");
  await page.keyboard.press("Enter");
  await page.getByRole("status").filter({ hasText: "Stängningen är tillagd" }).waitFor();
  await page.getByRole("list", { name: "Kommande" }).getByText("Inventering").waitFor();
  await screenshot(page, "staff-workshop-hours-1280");
  const closed = await customerDay(site.departmentId, closeDate);
  assert.deepEqual(closed.availableSlots, [], "the closed day offers no times");
  assert.ok(closed.closed && !closed.allDaySlotAvailable, `the customer flow shows ${closeDate} closed: ${JSON.stringify(closed)}`);

  // The calendar shows it closed, with the reason.
  await page.goto(`${server.url}/staff/workshop?department=${site.departmentId}&date=${closeDate}`);
  await page.getByText("Stängt: Inventering").first().waitFor();
  assert.deepEqual(page.consoleProblems.filter((p) => !/401 \(Unauthorized\)/.test(p)), []);
  await page.context().close();
});

test("workshop at 390 px: one department, the week, English, the tyre hotel (only its own departments' agreements)", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signIn(page, "verkstad-norrtalje", "/staff/workshop?view=week");
  await page.getByRole("heading", { level: 2, name: /^Vecka \d+/ }).waitFor();
  // One department: no picker, its name instead.
  assert.equal(await page.getByRole("button", { name: /Avdelning/ }).count(), 0);
  await page.getByText("Forecourt Bil Norrtälje").first().waitFor();
  assert.equal(await page.getByRole("region").count(), 7);
  await noSideways(page, "week at 390");
  await axe(page, "week at 390");
  await screenshot(page, "staff-workshop-week-390");

  // The staff member may switch to English.
  await page.getByRole("button", { name: "English" }).click();
  await page.getByRole("heading", { level: 1, name: "Workshop calendar" }).waitFor();
  await page.getByRole("heading", { level: 2, name: /^Week \d+/ }).waitFor();
  await page.getByRole("button", { name: "Svenska" }).click();
  await page.getByRole("heading", { level: 1, name: "Verkstadens kalender" }).waitFor();

  // Another department's calendar is refused by the API; the page shows its own.
  const other = await page.evaluate(async () => (await fetch("/api/staff/bookings?department=D-1001&from=2026-11-30&to=2026-11-30")).status);
  assert.ok(other === 403 || other === 404, `another department answers ${other}`);

  // The hours page fits a phone: the weekday table becomes one card per day.
  await page.getByRole("link", { name: "Öppettider och stängt" }).click();
  await page.getByRole("row", { name: /Måndag/ }).waitFor();
  await noSideways(page, "hours at 390");
  await axe(page, "hours at 390");
  await screenshot(page, "staff-workshop-hours-390");

  await page.getByRole("link", { name: "Däckhotell" }).click();
  const plate = page.getByRole("textbox", { name: "Registreringsnummer" });
  await plate.waitFor();
  await plate.focus();
  await page.keyboard.type("dck 456");
  await page.keyboard.press("Enter");
  // DCK456 is stored at another department: not for this account.
  await page.getByRole("status").filter({ hasText: "Inget däckhotellsavtal för DCK456" }).waitFor();
  await noSideways(page, "tyre hotel at 390");
  await axe(page, "tyre hotel at 390");
  await page.context().close();
});

test("tyre hotel: a workshop records tread depths and a verdict by keyboard; the agreement and the customer's portal show them", async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await signIn(page, "verkstad", "/staff/tirehotel");
  const plate = page.getByRole("textbox", { name: "Registreringsnummer" });
  await plate.focus();
  await page.keyboard.type("DCK123");
  await page.keyboard.press("Enter");
  const tyres = page.getByRole("table", { name: "Däck" });
  await tyres.waitFor();
  await axe(page, "tyre hotel agreement");
  for (const [label, depth] of [["vänster fram", "6,1"], ["höger fram", "6,0"], ["vänster bak", "3,4"], ["höger bak", "3,5"]]) {
    const box = page.getByRole("textbox", { name: `Mönsterdjup ${label} (mm)` });
    await box.focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type(depth);
  }
  await page.keyboard.press("Tab");
  // 3.4 mm suggests "replace soon".
  assert.equal(await page.getByRole("radio", { name: "Byt snart" }).isChecked(), true);
  await page.getByRole("textbox", { name: "Anteckning till kunden" }).focus();
  await page.keyboard.type("Bakdäcken räcker en säsong till.");
  await page.getByRole("button", { name: "Spara kontrollen" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("status").filter({ hasText: "Kontrollen är sparad" }).waitFor();
  await tyres.getByRole("row", { name: /Vänster bak .*3,4 mm/ }).waitFor();
  await page.getByRole("region", { name: "Tidigare kontroller" }).getByText("Bakdäcken räcker en säsong till.").waitFor();
  await screenshot(page, "staff-tirehotel-1280");
  // A fresh lookup reads what was stored.
  await page.reload();
  await hydrated(page);
  await page.getByRole("button", { name: "Sök" }).click();
  await page.getByRole("table", { name: "Däck" }).getByRole("row", { name: /Vänster bak .*3,4 mm/ }).waitFor();
  await page.context().close();

  // The customer sees the check in the tyre-hotel portal (signed in with the code from the SMS outbox).
  const portal = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await portal.goto(`${server.url}/dackhotell`);
  await hydrated(portal);
  await portal.getByRole("textbox", { name: "Registreringsnummer" }).fill("DCK123");
  await portal.getByRole("button", { name: "Fortsätt" }).click();
  const sent = (await (await fetch(`${server.url}/_dev/sms`)).json()).length;
  await portal.getByRole("button", { name: "Skicka kod" }).click();
  const sms = await waitFor(async () => {
    const list = await (await fetch(`${server.url}/_dev/sms`)).json();
    return list.length > sent && list[0];
  }, { what: "the portal's code in the development outbox" });
  await portal.getByRole("textbox", { name: "Kod från SMS" }).pressSequentially(/\b(\d{4})\b/.exec(sms.body)[1]);
  await portal.getByRole("button", { name: "Logga in" }).click();
  await portal.getByRole("heading", { name: "Ditt däckhotell" }).waitFor();
  await portal.getByText(/Verkstaden kontrollerade däcken/).waitFor();
  await portal.getByText("Bakdäcken räcker en säsong till.").waitFor();
  await screenshot(portal, "staff-tirehotel-portal-390");
  await portal.context().close();
});
