// Journey of the test-drive booking on the car page: 'Boka provkörning'
// opens the dialog (loaded on the press), a customer books a day and time
// by keyboard only, reads the confirmation mail at the harness's SMTP
// listener (the calendar file, the booking page's link) and the text in the
// development SMS outbox; the next customer, on a 390 px phone, no longer
// gets that time of the same car. axe checks the dialog at both widths.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import path from "node:path";
import { startServer, launchBrowser, newPage, hydrated, indexReady, screenshot, smtpServer, waitFor, mailText, root } from "./harness.mjs";

const require = createRequire(path.join(root, "web", "package.json"));
const { AxeBuilder } = require("@axe-core/playwright");

let server, browser, smtp;
before(async () => {
  smtp = await smtpServer();
  server = await startServer({ SMTP_ADDR: smtp.addr, SMTP_FROM: "web@forecourt.test", JOB_POLL_MS: "100" });
  browser = await launchBrowser();
  await indexReady(server, "vehicles_group_se");
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
});

async function axe(page, label) {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include(".fc-td__modal").analyze();
  assert.deepEqual(r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`), [], `${label}: axe`);
}

/** tabTo presses Tab until the focused element matches (keyboard only). */
async function tabTo(page, matches, what, arg) {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate(matches, arg)) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab never reached ${what}`);
}

/** A used car of group-se whose dealer takes test drives, with a free day. */
async function bookableCar() {
  const res = await fetch(server.url + "/api/search", {
    method: "POST",
    body: JSON.stringify({ index: "vehicles_group_se", filters: { car_is_used: ["true"] }, limit: 20, fields: ["car_id", "slug", "car_brand", "car_model"] }),
  });
  assert.equal(res.status, 200);
  for (const car of (await res.json()).content) {
    const d = await fetch(`${server.url}/api/testdrive/${car.car_id}/days`);
    if (d.status !== 200) continue;
    const days = await d.json();
    if (days.days.some((x) => x.free > 0)) return { car, days };
  }
  assert.fail("no car with free test-drive times");
}

/** openDialog presses 'Boka provkörning' by keyboard and waits for the dialog's days. */
async function openDialog(page, car) {
  await page.goto(`${server.url}/bilar/${car.car_id}/${car.slug}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Boka provkörning" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Boka provkörning" });
  await dialog.waitFor();
  await dialog.getByRole("radiogroup", { name: "Dag" }).getByRole("radio").first().waitFor();
  return dialog;
}

/** pickFirstDay selects the first offered day by keyboard and returns the day's times. */
async function pickFirstDay(page, dialog) {
  await tabTo(page, () => document.activeElement?.closest('[role="radiogroup"]')?.textContent?.startsWith("Dag") ?? false, "the days");
  await page.keyboard.press("Space");
  const times = dialog.getByRole("radiogroup", { name: /^Tid/ });
  await times.getByRole("radio").first().waitFor();
  return times;
}

test("book a test drive by keyboard, read the mail and the text; the next customer no longer gets the time", async () => {
  const { car } = await bookableCar();
  const page = await newPage(browser);
  const dialog = await openDialog(page, car);
  assert.match(await dialog.innerText(), new RegExp(`${car.car_brand} ${car.car_model} hos .+\\. En provkörning tar 45 minuter\\.`));
  await axe(page, "dialog, desktop");
  const times = await pickFirstDay(page, dialog);
  const dayLabel = (await times.locator("label, [class*=legend]").first().innerText()).replace(/^Tid – /, "");
  // The group is one tab stop: Tab reaches its first time, Space picks it.
  await tabTo(page, () => document.activeElement?.getAttribute("type") === "radio" && /^\d\d:\d\d$/.test(document.activeElement.closest("label")?.textContent ?? ""), "the times");
  await page.keyboard.press("Space");
  const chosen = (await times.getByRole("radio", { checked: true }).evaluate((el) => el.closest("label").textContent)).trim();
  assert.match(chosen, /^\d\d:\d\d$/);
  const email = `provkorning-${Date.now()}@example.se`;
  for (const [name, value] of [["Förnamn", "Sara"], ["Efternamn", "Berg"], ["Mobiltelefon", "070-765 43 21"], ["E-postadress", email]]) {
    await tabTo(page, (n) => document.activeElement?.labels?.[0]?.textContent?.startsWith(n) ?? false, name, name);
    await page.keyboard.type(value);
  }
  await screenshot(page, "testdrive-dialog-desktop");
  await tabTo(page, () => document.activeElement?.textContent === "Boka provkörningen", "the submit button");
  await page.keyboard.press("Enter");
  const done = dialog.getByRole("status");
  await done.filter({ hasText: "Provkörningen är bokad" }).waitFor();
  assert.match(await done.innerText(), new RegExp(`${chosen}\\. Vi har skickat en bekräftelse till ${email.replace(/\./g, "\\.")}\\.`));
  const manage = await dialog.getByRole("link", { name: "Ändra eller avboka" }).getAttribute("href");
  assert.match(manage, /^\/boka-service\/hantera\?token=v1\.booking-manage\./);
  await axe(page, "confirmation, desktop");
  await screenshot(page, "testdrive-done-desktop");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Boka provkörning", "focus back on the button");
  assert.deepEqual(page.consoleProblems, []);

  // The confirmation mail: Swedish, the time, the car, the calendar file and the booking page.
  const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(email)), { what: `a mail to ${email}` });
  const text = mailText(mail);
  assert.match(text, /Subject: =\?utf-8\?q\?Provkörning_bokad_BK-/);
  assert.match(text, /Tack för din bokning av en provkörning\.\n\nBokningsnummer: BK-/);
  assert.match(text, new RegExp(`kl\\. ${chosen}`));
  assert.match(text, new RegExp(`Bil: ${car.car_brand} ${car.car_model}`));
  assert.match(text, /\/boka-service\/hantera\?token=v1\.booking-manage\./);
  assert.match(mail.body, /Content-Type: text\/calendar/);
  // The confirmation text in the development SMS outbox.
  await waitFor(async () => {
    const list = await (await fetch(`${server.url}/_dev/sms`)).json();
    return list.find((m) => m.to === "+46707654321" && /^Bokat: provkörning hos .+ kl\. /.test(m.body) && m.body.includes(chosen));
  }, { what: "the confirmation text" });

  // The booking page opens the test drive from the mail's link.
  const view = await newPage(browser);
  await view.goto(server.url + manage);
  // Exactly the visit's name: the site's menu holds a (hidden) "Provkörningskväll" link first.
  await view.getByText("Provkörning", { exact: true }).first().waitFor();

  // The next customer, on a phone: the same car's time is gone that day.
  const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const d2 = await openDialog(phone, car);
  const t2 = await pickFirstDay(phone, d2);
  assert.equal((await t2.locator("label, [class*=legend]").first().innerText()).replace(/^Tid – /, ""), dayLabel);
  const left = await t2.getByRole("radio").evaluateAll((els) => els.map((e) => e.closest("label").textContent.trim()));
  assert.ok(!left.includes(chosen), `${chosen} is still offered: ${left.join(", ")}`);
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scroll at 390 px");
  await axe(phone, "dialog, 390 px");
  await screenshot(phone, "testdrive-dialog-390");
  assert.deepEqual(phone.consoleProblems, []);
});
