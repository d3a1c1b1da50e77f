// Journeys of the tyre-hotel portal at /dackhotell against the real
// server: the code is read from the development SMS outbox (GET /_dev/sms)
// and the confirmation mail from a test SMTP listener in this process.
// Demo plates: DCK123 (tyres fine), DCK456 (a worn tyre), DCK789 (no free times).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import path from "node:path";
import { root, startServer, launchBrowser, newPage, screenshot, smtpServer, hydrated, mailTo, waitFor } from "./harness.mjs";

const require = createRequire(path.join(root, "web", "package.json"));
const { AxeBuilder } = require("@axe-core/playwright");

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

async function axe(page, label) {
  const res = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = res.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`),
    [],
    `${label}: serious or critical axe violations`,
  );
}

async function outbox() {
  const res = await fetch(`${server.url}/_dev/sms`);
  assert.equal(res.status, 200);
  return res.json();
}

/** openPortal opens /dackhotell and waits for hydration (the plate field reacts). */
async function openPortal(page) {
  const res = await page.goto(`${server.url}/dackhotell`);
  assert.equal(res.status(), 200);
  await page.getByRole("heading", { level: 1, name: "Däckhotell" }).waitFor();
  await hydrated(page);
}

/** signIn walks Search → Login → Validate with the code from the outbox; returns the code. */
async function signIn(page, plate, { shots = "", check = false } = {}) {
  const plateBox = page.getByRole("textbox", { name: "Registreringsnummer" });
  await plateBox.fill(plate.toLowerCase().replace(/(\d)/, " $1"));
  assert.equal(await plateBox.inputValue(), plate, "spaces removed, upper case");
  if (check) await axe(page, "Search");
  if (shots) await screenshot(page, `${shots}-1-search`);
  await page.getByRole("button", { name: "Fortsätt" }).click();
  await page.getByRole("heading", { name: "Vi skickar en kod till din mobil" }).waitFor();
  assert.match(await page.locator(".fc-th-phone").innerText(), /^07\d-\*\*\* \*\* \d\d$/);
  if (check) await axe(page, "Login");
  if (shots) await screenshot(page, `${shots}-2-login`);
  const before = (await outbox()).length;
  await page.getByRole("button", { name: "Skicka kod" }).click();
  const code = page.getByRole("textbox", { name: "Kod från SMS" });
  await code.waitFor();
  const sms = await waitFor(async () => {
    const list = await outbox();
    return list.length > before && list[0];
  }, { what: "a code in the development outbox" });
  const digits = /\b(\d{4})\b/.exec(sms.body)?.[1];
  assert.ok(digits, `code in "${sms.body}"`);
  assert.equal(await code.getAttribute("autocomplete"), "one-time-code");
  return digits;
}

async function typeCodeAndVerify(page, digits) {
  const code = page.getByRole("textbox", { name: "Kod från SMS" });
  await code.fill("");
  await code.pressSequentially(digits);
  await page.getByRole("button", { name: "Logga in" }).click();
}

test("DCK123: code from the outbox → tyres → date → slot → form → confirmation, mail, rating, logout (axe on every page)", async () => {
  const page = await newPage(browser);
  await openPortal(page);
  const digits = await signIn(page, "DCK123", { shots: "tirehotel", check: true });
  const code = page.getByRole("textbox", { name: "Kod från SMS" });
  await code.pressSequentially("12ab");
  assert.equal(await code.inputValue(), "12", "letters never reach the code");
  assert.equal(await page.getByRole("button", { name: "Logga in" }).getAttribute("aria-disabled"), "true", "verify waits for 4 digits");
  await axe(page, "Validate");
  await screenshot(page, "tirehotel-3-validate");
  await typeCodeAndVerify(page, digits);

  await page.getByRole("heading", { name: "Ditt däckhotell" }).waitFor();
  assert.equal(await page.getByRole("rowheader", { name: "Vänster fram" }).count(), 1);
  assert.match(await page.locator(".fc-th-table").innerText(), /\d{3}\/\d{2} R\d{2}/);
  assert.equal(await page.getByText("behöver bytas ut").count(), 0, "DCK123's tyres are fine");
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("tirehotel") ?? "null"));
  assert.equal(stored?.validated?.status, 0);
  await axe(page, "LoggedIn");
  await screenshot(page, "tirehotel-4-loggedin");

  await page.getByRole("button", { name: "Boka tid för hjulskifte" }).click();
  await page.getByRole("heading", { name: "När vill du lämna bilen?" }).waitFor();
  const grid = page.getByRole("grid");
  await grid.waitFor();
  assert.equal(await grid.getByRole("gridcell").count(), 42);
  await axe(page, "Booking: calendar");
  await screenshot(page, "tirehotel-5-calendar");
  await grid.locator('[role="gridcell"]:not([aria-disabled="true"]) [role="button"]').first().click();
  const slots = page.getByRole("list", { name: /Välj tid/ });
  await slots.waitFor();
  const times = await slots.getByRole("button").allInnerTexts();
  assert.ok(times.length > 0);
  assert.deepEqual([...times].sort(), times, "slots sorted");
  assert.equal(new Set(times).size, times.length, "slots deduplicated");
  assert.ok(times.every((t) => /^\d\d:\d\d$/.test(t)), "HH:mm");
  await axe(page, "Booking: slots");
  await screenshot(page, "tirehotel-6-slots");
  await slots.getByRole("button", { name: times[0] }).click();

  const submit = page.getByRole("button", { name: "Genomför bokning" });
  assert.equal(await submit.getAttribute("aria-disabled"), "true");
  await page.getByRole("textbox", { name: "Förnamn" }).fill("Anna");
  await page.getByRole("textbox", { name: "Efternamn" }).fill("Lindqvist");
  await page.getByRole("textbox", { name: "E-post" }).fill("anna.lindqvist@example.se");
  const mobile = page.getByRole("textbox", { name: "Mobilnummer" });
  await mobile.pressSequentially("070-123 45 67");
  // Kept as typed (21.14): the server stores the number in E.164.
  assert.equal(await mobile.inputValue(), "070-123 45 67", "the mobile as typed");
  await page.getByRole("textbox", { name: /Meddelande till verkstaden/ }).fill("Har en lånebil bokad?");
  assert.equal(await submit.getAttribute("aria-disabled"), null);
  await axe(page, "Booking: form");
  await screenshot(page, "tirehotel-7-form");
  await submit.click();

  await page.getByRole("heading", { name: "Tack för din bokningsförfrågan!" }).waitFor();
  const summary = await page.locator(".fc-th-page").innerText();
  const id = /WC-[A-Z0-9]+/.exec(summary)?.[0];
  assert.ok(id, "booking id shown");
  assert.match(summary, /Hjulskifte/i);
  assert.match(summary, new RegExp(`kl\\. ${times[0]}`));
  assert.match(summary, /Har en lånebil bokad\?/);
  assert.match(summary, /Anna Lindqvist/);
  assert.match(summary, /\+46701234567/, "the mobile in E.164");
  assert.match(await page.getByRole("link", { name: /\d{3} \d{2} / }).first().getAttribute("href"), /maps/);
  assert.equal(await page.getByRole("link", { name: "Gå till startsidan" }).getAttribute("href"), "/");
  // The confirmation links to the booking's page (change the time, cancel) and downloads its calendar file.
  assert.match(await page.getByRole("link", { name: "Ändra tid eller avboka" }).getAttribute("href"), /^\/boka-service\/hantera\?token=v1\.booking-manage\./);
  const icsHref = await page.getByRole("link", { name: "Lägg till i kalender" }).getAttribute("href");
  const icsRes = await fetch(server.url + icsHref);
  const icsText = await icsRes.text();
  assert.match(icsRes.headers.get("content-type"), /^text\/calendar/);
  assert.ok(icsText.includes("METHOD:PUBLISH\r\n") && /\r\nUID:\S+@forecourt\r\n/.test(icsText) && !/ATTENDEE/.test(icsText), "the download is the booking's calendar file");
  assert.ok(await page.evaluate(() => window.dataLayer?.some((e) => e.event === "purchase" && e.ecommerce?.currency === "SEK" && e.ecommerce?.value === 0 && e.flow_version === "2.0")));
  await axe(page, "Confirmation");
  await screenshot(page, "tirehotel-8-confirmation");

  // The confirmation mail, with its calendar file, reaches the SMTP listener.
  const mail = await mailTo(smtp, "anna.lindqvist@example.se");
  assert.ok(mail.body.includes(id), "mail names the booking id");
  assert.match(mail.body, /text\/calendar/);

  // Rating: send is disabled at 0; hover previews; after sending the thanks text replaces the inputs.
  const send = page.getByRole("button", { name: "Skicka betyg" });
  assert.equal(await send.isDisabled(), true);
  await page.locator(".fc-th-star").nth(3).hover();
  assert.equal(await page.locator(".fc-th-star.is-on").count(), 4, "hover preview");
  await screenshot(page, "tirehotel-9-rating-hover");
  await page.locator(".fc-th-star").nth(4).click();
  assert.equal(await page.getByRole("radio", { name: "5 av 5" }).isChecked(), true);
  await page.getByRole("textbox", { name: "Kommentar (valfritt)" }).fill("Smidigt och snabbt!");
  await send.click();
  await page.getByText("Tack för ditt betyg!").waitFor();
  assert.equal(await page.getByRole("radio").count(), 0, "inputs hidden after sending");
  await axe(page, "Confirmation: rated");

  // Logga ut: storage and server session cleared, back to Search.
  await page.getByRole("button", { name: "Logga ut" }).click();
  await page.getByRole("textbox", { name: "Registreringsnummer" }).waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.getItem("tirehotel")), null);
  const session = await page.evaluate(async () => (await fetch("/api/tirehotel/session")).json());
  assert.deepEqual(session, { signedIn: false });
  await page.reload();
  await page.getByRole("textbox", { name: "Registreringsnummer" }).waitFor();
  await hydrated(page);
  // No hydration warnings or script errors on the way.
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("a wrong code five times locks the challenge; a plate without agreement gives the 404 text", async () => {
  const page = await newPage(browser);
  await openPortal(page);
  await page.getByRole("textbox", { name: "Registreringsnummer" }).fill("ZZZ999");
  await page.getByRole("button", { name: "Fortsätt" }).click();
  const notFound = page.getByRole("alert").filter({ hasText: "Vi hittar inget däckhotellsavtal för detta registreringsnummer." });
  await notFound.waitFor();
  assert.equal(await notFound.getByRole("link", { name: "Boka service" }).getAttribute("href"), "/boka-service");
  await axe(page, "Search: not found");
  await screenshot(page, "tirehotel-search-not-found");

  const digits = await signIn(page, "DCK123");
  const wrong = digits === "0000" ? "1111" : "0000";
  for (let i = 1; i <= 5; i++) {
    await typeCodeAndVerify(page, wrong);
    const want = i < 5 ? `Fel kod. Du har ${5 - i} försök kvar.` : "För många felaktiga försök. Begär en ny kod.";
    await page.getByRole("alert").filter({ hasText: want }).waitFor();
  }
  // Even the right code is refused once the challenge is locked.
  await typeCodeAndVerify(page, digits);
  await page.getByRole("alert").filter({ hasText: "För många felaktiga försök. Begär en ny kod." }).waitFor();
  assert.equal(await page.getByRole("heading", { name: "Ditt däckhotell" }).count(), 0);
  await axe(page, "Validate: locked");
  await screenshot(page, "tirehotel-3-validate-locked");
  await page.context().close();
});

test("DCK456: the replacement warning; a reload keeps the session; the calendar and slots by keyboard alone", async () => {
  const page = await newPage(browser);
  await openPortal(page);
  const digits = await signIn(page, "DCK456");
  await typeCodeAndVerify(page, digits);
  await page.getByRole("heading", { name: "Ditt däckhotell" }).waitFor();
  await page.getByText(/behöver bytas ut/).waitFor();
  assert.ok((await page.locator(".fc-th-table tr.is-worn").count()) >= 1);
  await screenshot(page, "tirehotel-4-loggedin-worn");

  // A signed-in session skips Search, Login and Validate.
  await page.reload();
  await page.getByRole("heading", { name: "Ditt däckhotell" }).waitFor();

  // Keyboard only from here.
  const book = page.getByRole("button", { name: "Boka tid för hjulskifte" });
  await book.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "När vill du lämna bilen?" }).waitFor();
  await page.getByRole("grid").waitFor();
  const active = () => page.evaluate(() => {
    const el = document.activeElement;
    return { role: el?.getAttribute("role") ?? el?.tagName, label: el?.getAttribute("aria-label") ?? el?.textContent ?? "", inGrid: !!el?.closest("[role=grid]") };
  });
  let a;
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    a = await active();
    if (a.inGrid) break;
  }
  assert.ok(a.inGrid, "Tab reaches the grid");
  const firstDay = a.label;
  await page.keyboard.press("ArrowRight");
  assert.notEqual((await active()).label, firstDay, "ArrowRight moves to the next day");
  await page.keyboard.press("ArrowLeft");
  assert.equal((await active()).label, firstDay, "ArrowLeft moves back");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  assert.equal((await active()).label, firstDay, "ArrowDown/Up move a week and back");
  const title = await page.locator(".fc-th-cal__title").innerText();
  await page.keyboard.press("PageDown");
  assert.notEqual(await page.locator(".fc-th-cal__title").innerText(), title, "PageDown shows the next month");
  await page.keyboard.press("PageUp");
  assert.equal(await page.locator(".fc-th-cal__title").innerText(), title);
  assert.equal((await active()).label, firstDay);
  await screenshot(page, "tirehotel-5-calendar-keyboard");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Ändra datum" }).waitFor();
  const slots = page.getByRole("list", { name: /Välj tid/ });
  await slots.waitFor();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    if ((await active()).role === "BUTTON" && /^\d\d:\d\d$/.test((await active()).label)) break;
  }
  const slot = (await active()).label;
  assert.match(slot, /^\d\d:\d\d$/, "Tab reaches the slots");
  await page.keyboard.press("Enter");
  await page.getByText(`Tid: ${slot}`).waitFor();
  await page.getByRole("button", { name: "Ändra tid" }).waitFor();
  await page.getByRole("textbox", { name: "Förnamn" }).waitFor();

  // 'Ändra datum' clears the date and shows the calendar again; 'Tillbaka' returns to the tyres.
  await page.getByRole("button", { name: "Ändra datum" }).click();
  await page.getByRole("grid").waitFor();
  await page.getByRole("button", { name: "Tillbaka" }).click();
  await page.getByRole("heading", { name: "Ditt däckhotell" }).waitFor();
  // 'Boka tid för annan bil' logs out.
  await page.getByRole("button", { name: "Boka tid för annan bil" }).click();
  await page.getByRole("textbox", { name: "Registreringsnummer" }).waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.getItem("tirehotel")), null);
  await page.context().close();
});

test("DCK789: no free times shows the contact box with the workshop's phone and e-mail", async () => {
  const page = await newPage(browser);
  await openPortal(page);
  const digits = await signIn(page, "DCK789");
  await typeCodeAndVerify(page, digits);
  await page.getByRole("heading", { name: "Ditt däckhotell" }).waitFor();
  await page.getByRole("button", { name: "Boka tid för hjulskifte" }).click();
  const box = page.getByRole("alert").filter({ hasText: "Det finns för närvarande inga tillgängliga tider på din verkstad. Kontakta oss så hjälper vi dig att hitta första bästa tid." });
  await box.waitFor();
  assert.match(await box.getByRole("link").first().getAttribute("href"), /^tel:/);
  assert.match(await box.getByRole("link").last().getAttribute("href"), /^mailto:/);
  assert.equal(await page.getByRole("grid").count(), 0);
  await axe(page, "Booking: no times");
  await screenshot(page, "tirehotel-5-no-times");
  await page.context().close();
});
