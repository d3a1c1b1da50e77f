// Journeys of changing and cancelling a booking by the link in its
// confirmation, for the service booking and the
// tyre hotel's wheel change: the link is read from the mail at the harness's
// SMTP listener, the text messages from the development SMS outbox
// (GET /_dev/sms, /_dev/sms.html), the calendar files from the mails and the
// booking page's download.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, newPage, hydrated, screenshot, smtpServer, waitFor } from "./harness.mjs";

let server, browser, smtp;
before(async () => {
  smtp = await smtpServer();
  server = await startServer({ SMTP_ADDR: smtp.addr, SMTP_FROM: "verkstad@forecourt.test", JOB_POLL_MS: "100" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
});

/** poll waits for fn to return something truthy (the harness's waitFor, 30 s). */
const poll = (fn, what) => waitFor(fn, { what });

/** qp decodes a quoted-printable text part. */
const qp = (s) => s.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

/** text is a mail's readable text (UTF-8 restored from quoted-printable). */
const text = (m) => Buffer.from(qp(m.body), "latin1").toString("utf8");

/** calendarOf decodes the mail's calendar attachment (base64). */
function calendarOf(m) {
  const i = m.body.indexOf("Content-Type: text/calendar");
  assert.ok(i >= 0, "the mail has a calendar file");
  const rest = m.body.slice(i);
  const start = rest.indexOf("\n\n") + 2;
  const end = rest.indexOf("\n--", start);
  return Buffer.from(rest.slice(start, end).replace(/\s+/g, ""), "base64").toString("utf8");
}

function mailTo(addr, subject) {
  return poll(() => smtp.mails.find((m) => m.to.includes(addr) && subject.test(text(m))), `a mail to ${addr} matching ${subject}`);
}

async function sms(to, re) {
  return poll(async () => {
    const list = await (await fetch(`${server.url}/_dev/sms`)).json();
    return list.find((m) => m.to === to && re.test(m.body));
  }, `a text to ${to} matching ${re}`);
}

/** changeTime opens 'Ändra tid', picks the first free time other than the booked one and confirms. */
async function changeTime(page, shots) {
  await page.getByRole("button", { name: "Ändra tid" }).click();
  await page.getByRole("heading", { name: "Välj en ny tid" }).waitFor();
  const days = page.getByRole("list", { name: "Dagar" });
  await days.locator("button:not([disabled])").first().waitFor();
  // A later day than the booked one, so the move is a real one.
  await page.getByRole("button", { name: "Senare dagar" }).click();
  await days.locator("button:not([disabled])").first().click();
  const times = page.getByRole("group", { name: /^Tider / });
  await times.getByRole("button").first().waitFor();
  const chosen = (await times.getByRole("button").first().innerText()).trim();
  await times.getByRole("button").first().click();
  if (shots) await screenshot(page, shots);
  await page.getByRole("button", { name: "Bekräfta ny tid" }).click();
  await page.getByRole("status").filter({ hasText: "Tiden är ändrad" }).waitFor();
  return chosen;
}

test("service booking: the mail's link changes the time (updated calendar file, mail, text) and cancels; the link is dead for changes afterwards", async () => {
  // Book as the flow does, from a page of the site (same origin).
  const stream = await (await fetch(`${server.url}/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=wheelchange&latitude=59.33&longitude=18.06`)).text();
  const site = stream.split("\n").filter((l) => l.startsWith("data:")).map((l) => JSON.parse(l.slice(5))).find((m) => m.departmentId && m.firstTimeSlot);
  assert.ok(site, "a workshop with a free time");
  const res = await fetch(`${server.url}/api/mechmate/book`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url, "Idempotency-Key": `journey-${Date.now()}` },
    body: JSON.stringify({
      customer: { firstName: "Anna", lastName: "Lind", phone: "070-123 45 67", email: "anna.byte@example.se" },
      freeText: "", departmentId: site.departmentId, timeSlot: site.firstTimeSlot, isFullDay: false, registrationNumber: "ABC123", mileage: 4500,
      serviceOfferingRequests: [{ kobraId: "wheelchange", unitsSelected: 1, userInput: "" }],
    }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  const ans = await res.json();
  assert.match(ans.manageUrl, /^\/boka-service\/hantera\?token=v1\.booking-manage\./);

  // The confirmation mail links to the booking page; its calendar file is RFC 5545.
  const conf = await mailTo("anna.byte@example.se", /Tack för din bokning/);
  const link = /https?:\/\/\S+\/boka-service\/hantera\?token=\S+/.exec(text(conf))?.[0];
  assert.ok(link, "the confirmation links to the booking page");
  const ics = calendarOf(conf);
  assert.ok(ics.includes("METHOD:PUBLISH\r\n") && !/ATTENDEE|RSVP/.test(ics), "published without reply buttons");
  assert.ok(ics.split("\r\n").every((l) => Buffer.byteLength(l) <= 75), "folded at 75 octets");
  assert.ok(!ics.replace(/\r\n/g, "").includes("\n"), "CRLF only");
  assert.match(ics, /SEQUENCE:0\r\n/);
  const uid = /UID:(\S+)\r\n/.exec(ics)[1];
  await sms("+46701234567", /^Bokat: verkstadsbesök/);

  for (const width of [390, 1280]) {
    const page = await newPage(browser, { viewport: { width, height: 900 } });
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Din bokning" }).waitFor();
    await page.getByText(ans.id).waitFor();
    await screenshot(page, `booking-change-service-${width}`);
    if (width === 1280) {
      // The calendar download is the same writer as the mail's.
      const href = await page.getByRole("link", { name: "Lägg till i kalender" }).getAttribute("href");
      const dl = await fetch(server.url + href);
      assert.match(dl.headers.get("content-type"), /^text\/calendar/);
      assert.ok((await dl.text()).includes(`UID:${uid}\r\n`));
    }
    await page.context().close();
  }

  const page = await newPage(browser, { viewport: { width: 390, height: 900 } });
  await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
  await hydrated(page);
  const chosen = await changeTime(page, "booking-change-service-picker-390");
  assert.match(await page.locator(".fc-booking-confirmed__facts").innerText(), new RegExp(`kl\\. ${chosen}`));
  await screenshot(page, "booking-change-service-moved-390");
  const changed = await mailTo("anna.byte@example.se", /har fått en ny tid/);
  const ics2 = calendarOf(changed);
  assert.ok(ics2.includes(`UID:${uid}\r\n`) && ics2.includes("SEQUENCE:1\r\n"), "same UID, higher SEQUENCE");
  await sms("+46701234567", /^Ny tid: verkstadsbesök/);

  // Cancel from the same page; the link then shows the booking but offers no change.
  await page.getByRole("button", { name: "Avboka" }).click();
  await page.getByRole("button", { name: "Ja, avboka" }).click();
  await page.getByRole("status").filter({ hasText: "Din bokning är avbokad" }).waitFor();
  assert.equal(await page.getByRole("button", { name: "Ändra tid" }).count(), 0);
  const cancelled = await mailTo("anna.byte@example.se", /är avbokad/);
  const ics3 = calendarOf(cancelled);
  assert.ok(ics3.includes("METHOD:CANCEL\r\n") && ics3.includes(`UID:${uid}\r\n`) && ics3.includes("SEQUENCE:2\r\n"));
  const token = new URL(link).searchParams.get("token");
  const again = await fetch(`${server.url}/api/bookings/manage/move`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ token, timeSlot: site.firstTimeSlot }),
  });
  assert.equal(again.status, 409, "the old link cannot move a cancelled booking");
  // A foreign page cannot use a link either.
  const foreign = await fetch(`${server.url}/api/bookings/manage`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
    body: JSON.stringify({ token }),
  });
  assert.equal(foreign.status, 403);
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("wheel change: the portal lists it, warns before a second one, and its link changes and cancels it (mail, text to the agreement's number)", async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/dackhotell`);
  await hydrated(page);
  const count = (await (await fetch(`${server.url}/_dev/sms`)).json()).length;
  await page.getByRole("textbox", { name: "Registreringsnummer" }).fill("DCK456");
  await page.getByRole("button", { name: "Fortsätt" }).click();
  await page.getByRole("button", { name: "Skicka kod" }).click();
  const code = await poll(async () => {
    const list = await (await fetch(`${server.url}/_dev/sms`)).json();
    return list.length > count && /\b(\d{4})\b/.exec(list[0].body)?.[1];
  }, "the login code");
  const phone = (await (await fetch(`${server.url}/_dev/sms`)).json())[0].to;
  await page.getByRole("textbox", { name: "Kod från SMS" }).pressSequentially(code);
  await page.getByRole("button", { name: "Logga in" }).click();
  await page.getByRole("heading", { name: "Ditt däckhotell" }).waitFor();

  // Book through the portal's calls (the booking page itself is the tyre-hotel journey's).
  const book = (confirmSecond) =>
    page.evaluate(async ({ confirmSecond }) => {
      const v = JSON.parse(sessionStorage.getItem("tirehotel")).validated.vehicles[0];
      const pad = (n) => String(n).padStart(2, "0");
      const d0 = new Date(Date.now() + 5 * 864e5);
      const fmt = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      const days = await (await fetch(`/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=${v.location.erpId}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ startDate: fmt(d0), endDate: fmt(new Date(d0.getTime() + 20 * 864e5)), regNo: v.regNo }) })).json();
      const day = days.availableDates[confirmSecond ? 1 : 0].date;
      const slots = await (await fetch(`/api/tirehotel/booking/GetTimeslots?workshopIdentifier=${v.location.erpId}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ startDate: day, endDate: day, regNo: v.regNo }) })).json();
      const t = slots.availableTimeSlotDates[0]?.startTime[0] ?? null;
      const res = await fetch(`/api/tirehotel/booking/create?departmentIdentifier=${v.location.erpId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ bookingDate: t ?? `${day}T08:00:00`, bookingStart: t, regNo: v.regNo, freeText: "", customer: { firstName: "Bo", lastName: "Ek", email: "bo.ek@example.se", phoneMobile: "0701234000" }, ...(confirmSecond ? { confirmSecond: true } : {}) }),
      });
      return { status: res.status, body: await res.json() };
    }, { confirmSecond });
  const first = await book(false);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.match(first.body.manageUrl, /^\/boka-service\/hantera\?token=/);
  await sms(phone, /^Bokat: hjulskifte/);
  const conf = await mailTo("bo.ek@example.se", /Bokningsbekräftelse hjulskifte|Tack för din bokning/);
  assert.match(text(conf), /Behöver du ändra tid eller avboka\? Gör det här: https?:\/\/\S+\/boka-service\/hantera\?token=/);
  const wheelIcs = calendarOf(conf);
  assert.ok(wheelIcs.includes("METHOD:PUBLISH\r\n") && !/ATTENDEE|RSVP/.test(wheelIcs) && wheelIcs.includes("SEQUENCE:0\r\n"), "the wheel change's invitation is published without reply buttons");
  const wheelUid = /UID:(\S+)\r\n/.exec(wheelIcs)[1];

  // The portal lists it after login (a reload keeps the session) and warns.
  await page.reload();
  await hydrated(page);
  const list = page.getByRole("region", { name: "Dina bokade hjulskiften" });
  await list.locator(".fc-th-ref", { hasText: first.body.bookingConfirmationId }).waitFor();
  await list.scrollIntoViewIfNeeded();
  await page.getByRole("note").filter({ hasText: "Du har redan ett hjulskifte bokat för DCK456" }).waitFor();
  await screenshot(page, "booking-change-portal-1280");
  const second = await book(false);
  assert.equal(second.status, 409);
  assert.equal(second.body.fields?.confirmSecond, first.body.bookingConfirmationId);

  // Change the time from the list's link, then cancel.
  await list.getByRole("link", { name: /Ändra eller avboka/ }).click();
  await page.getByRole("heading", { level: 1, name: "Ditt hjulskifte" }).waitFor();
  await hydrated(page);
  await changeTime(page, "booking-change-wheel-picker-1280");
  // The changed time's mail carries the same event, one SEQUENCE higher.
  const wheelMoved = calendarOf(await mailTo("bo.ek@example.se", /har fått en ny tid/));
  assert.ok(wheelMoved.includes(`UID:${wheelUid}\r\n`) && wheelMoved.includes("SEQUENCE:1\r\n") && wheelMoved.includes("METHOD:PUBLISH\r\n"), "same UID, higher SEQUENCE");
  await sms(phone, /^Ny tid: hjulskifte/);
  await page.getByRole("button", { name: "Avboka" }).click();
  await page.getByRole("button", { name: "Ja, avboka" }).click();
  await page.getByRole("status").filter({ hasText: "Din bokning är avbokad" }).waitFor();
  const wheelCancelled = calendarOf(await mailTo("bo.ek@example.se", /är avbokad/));
  assert.ok(wheelCancelled.includes("METHOD:CANCEL\r\n") && wheelCancelled.includes(`UID:${wheelUid}\r\n`) && wheelCancelled.includes("SEQUENCE:2\r\n"), "the cancellation removes the same event");
  await screenshot(page, "booking-change-wheel-cancelled-1280");
  // Gone from the portal's list.
  const after = await page.evaluate(async () => (await (await fetch("/api/tirehotel/bookings")).json()).bookings.length);
  assert.equal(after, 0);
  // The signed-out session check (401) and the refused second booking (409)
  // are the browser's own resource messages.
  assert.deepEqual(page.consoleProblems.filter((t) => !/Failed to load resource/.test(t)), []);
  await page.context().close();
});

test("the workshop list says why the nearest workshops are missing and offers them for the other services (390 and 1280 px)", async () => {
  for (const width of [390, 1280]) {
    const page = await newPage(browser, { viewport: { width, height: 900 } });
    await page.goto(`${server.url}/boka-service`);
    await hydrated(page);
    await page.getByRole("textbox", { name: "Registreringsnummer" }).fill("ABC123");
    await page.getByRole("combobox", { name: "Ort eller plats" }).fill("Stockh");
    await page.getByRole("option", { name: /^Stockholm/ }).first().click();
    await page.getByRole("button", { name: "Fortsätt", exact: true }).click();
    await page.locator(".fc-booking-offering").first().waitFor();
    await page.getByRole("checkbox", { name: /Service enligt serviceintervall/ }).check();
    await page.getByRole("textbox", { name: "Miltal" }).fill("4500");
    await page.getByRole("checkbox", { name: /Hjulskifte/ }).first().check();
    await page.getByRole("button", { name: "Fortsätt", exact: true }).click();
    const without = page.getByRole("button", { name: "Fortsätt utan tillval" });
    const note = page.getByRole("note").filter({ hasText: "Därför visas inte de närmaste verkstäderna" });
    await Promise.race([without.waitFor(), note.waitFor()]);
    if (await without.isVisible()) await without.click();
    await note.waitFor();
    assert.match(await note.innerText(), /kräver en verkstad auktoriserad för/);
    await page.getByText(/Öppettider:/).first().waitFor();
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, `booking-change-nearer-${width}`);
    // Without the interval service, the nearer workshops are listed and nothing needs explaining.
    const firstKm = await page.locator(".fc-booking-workshop__distance").first().innerText();
    await note.getByRole("button", { name: /Visa närmare verkstäder utan/ }).click();
    await page.waitForFunction((km) => {
      const d = document.querySelector(".fc-booking-workshop__distance");
      return d && d.textContent !== km && !document.querySelector(".fc-booking-nearer");
    }, firstKm);
    await page.context().close();
  }
});

test("the development SMS outbox is readable by a person at /_dev/sms.html", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 900 } });
  await page.goto(`${server.url}/_dev/sms.html`);
  await page.getByRole("heading", { name: "Skickade SMS (utveckling)" }).waitFor();
  await page.getByRole("cell", { name: /^Bokat: / }).first().waitFor();
  await screenshot(page, "booking-change-sms-outbox-390");
  await page.context().close();
});
