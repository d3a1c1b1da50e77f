// Journeys of the owner reminders against the real server: book
// a service (and a wheel change) with the reminder ticked, make the
// reminders due with `forecourt reminders run --now …` on the same data
// folder (the test-only way to send them now), read the reminder mail from
// the test SMTP listener, follow its link into the booking flow with the
// plate and place filled in, and unsubscribe with the one-click POST.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { root, startServer, launchBrowser, newPage, screenshot, smtpServer, hydrated, mailTo, waitFor } from "./harness.mjs";

const run = promisify(execFile);
const bin = path.join(root, "bin", "forecourt");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-e2e-reminders-"));

let server, browser, smtp;
before(async () => {
  // A data folder of our own, so `forecourt reminders run` can work on it.
  await run(bin, ["seed"], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
  smtp = await smtpServer();
  server = await startServer({ DATA_DIR: dataDir, SMTP_ADDR: smtp.addr, SMTP_FROM: "verkstad@forecourt.test" });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** runDue sends the reminders due at `at` (`forecourt reminders run --now`). */
async function runDue(at) {
  const { stdout } = await run(bin, ["reminders", "run", "--now", at], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
  return stdout;
}

/** mailMatching waits for a mail to addr whose decoded body matches re and returns that body. */
async function mailMatching(addr, re) {
  return decodeQP((await mailTo(smtp, addr, { match: (m) => re.test(decodeQP(m.body)) })).body);
}

function decodeQP(raw) {
  const soft = raw.replace(/=\r?\n/g, "");
  return Buffer.from(soft.replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
}

const inTwoYears = () => new Date(Date.now() + 800 * 86400_000).toISOString().slice(0, 16);

test("service reminder: tick the box, the mail's link opens the flow with plate and place, one-click unsubscribe", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/boka-service");
  await hydrated(page);
  const plate = page.getByRole("textbox", { name: "Registreringsnummer" });
  await plate.waitFor({ timeout: 30_000 });
  await plate.fill("ABC123");
  await page.getByRole("combobox", { name: "Ort eller plats" }).fill("Uppsa");
  await page.getByRole("option", { name: /^Uppsala/ }).first().click();
  await page.getByRole("button", { name: "Fortsätt", exact: true }).click();
  await page.getByRole("checkbox", { name: /Service enligt serviceintervall/ }).check({ timeout: 20_000 });
  await page.getByRole("textbox", { name: "Miltal" }).fill("4500");
  await page.getByRole("button", { name: "Fortsätt", exact: true }).click();
  const without = page.getByRole("button", { name: "Fortsätt utan tillval" });
  await without.waitFor({ timeout: 20_000 });
  await without.click();
  await page.getByRole("button", { name: /^Välj / }).first().click({ timeout: 30_000 });
  const slot = page.locator(".fc-booking-slot:not(.fc-booking-slot--day)").first();
  await slot.click({ timeout: 30_000 });
  await page.getByRole("textbox", { name: "Förnamn" }).fill("Anna");
  await page.getByRole("textbox", { name: "Efternamn" }).fill("Berg");
  await page.getByRole("textbox", { name: "Mobilnummer" }).fill("070 123 45 67");
  await page.getByRole("textbox", { name: "E-post" }).fill("anna.paminn@example.se");
  const remind = page.getByRole("checkbox", { name: "Påminn mig när det är dags för nästa service" });
  assert.equal(await remind.isChecked(), false, "unticked by default");
  await remind.check();
  await remind.scrollIntoViewIfNeeded();
  await screenshot(page, "reminders-1-checkbox");
  fs.copyFileSync(path.join(root, "e2e", "screenshots", "reminders-1-checkbox.png"), "/tmp/reminders-1-checkbox.png");
  await page.getByRole("button", { name: "Boka" }).click();
  await page.getByRole("heading", { name: "Bokning bekräftad" }).waitFor({ timeout: 30_000 });
  await mailMatching("anna.paminn@example.se", /Bokningsbekr|BK-/); // the confirmation came first

  // Nothing is due yet; two years on, the reminder is — once.
  assert.match(await runDue(new Date().toISOString().slice(0, 16)), /: 0 queued/);
  assert.match(await runDue(inTwoYears()), /: 1 queued/);
  assert.match(await runDue(inTwoYears()), /: 0 queued/);
  const text = await mailMatching("anna.paminn@example.se", /nästa service av ABC123/);
  assert.match(text, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  const unsub = /List-Unsubscribe: <([^>]+)>/.exec(text)?.[1];
  assert.ok(unsub?.startsWith(server.url + "/api/reminders/unsubscribe?token="), `unsubscribe header: ${unsub}`);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/boka-service\?\S+)/.exec(text)?.[1];
  assert.ok(link, "a link into the booking flow");
  assert.match(link, /regnr=ABC123/);
  assert.match(link, /plats=/);

  // The link opens the flow at step 1 with the plate and the place filled in.
  const fresh = await newPage(browser);
  await fresh.goto(link);
  const plate2 = fresh.getByRole("textbox", { name: "Registreringsnummer" });
  await plate2.waitFor({ timeout: 30_000 });
  await fresh.waitForFunction(() => (document.querySelector("#fc-booking-plate")?.value ?? "") === "ABC123", null, { timeout: 20_000 });
  const place = fresh.getByRole("combobox", { name: "Ort eller plats" });
  await fresh.waitForFunction(() => (document.querySelector('[role="combobox"]')?.value ?? "") !== "", null, { timeout: 20_000 });
  assert.equal(await place.inputValue(), new URL(link).searchParams.get("plats"));
  assert.equal(await fresh.getByRole("button", { name: "Fortsätt", exact: true }).isEnabled(), true);
  await screenshot(fresh, "reminders-2-prefilled");
  fs.copyFileSync(path.join(root, "e2e", "screenshots", "reminders-2-prefilled.png"), "/tmp/reminders-2-prefilled.png");
  assert.equal(new URL(fresh.url()).search, "", "the link's parameters are dropped after use");
  await fresh.getByRole("button", { name: "Fortsätt", exact: true }).click();
  await fresh.getByText("Vi har auktoriserade Volvo-verkstäder").waitFor({ timeout: 20_000 });

  // The unsubscribe link: GET shows a button (changes nothing), the one-click POST unsubscribes.
  const get = await fetch(unsub);
  assert.equal(get.status, 200);
  assert.match(await get.text(), /Vill du avsluta påminnelserna om ABC123\?/);
  const post = await fetch(unsub, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
  assert.equal(post.status, 200);
  assert.match(await post.text(), /Du får inga fler påminnelser om ABC123/);
  const tampered = await fetch(unsub.replace(/.(.)$/, (m, c) => (c === "A" ? "BB" : "AA").slice(0, 1) + c), { method: "POST" });
  assert.equal(tampered.status, 400);
  const exported = JSON.parse((await run(bin, ["leads", "export", "--email", "anna.paminn@example.se"], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } })).stdout);
  const rem = JSON.stringify(exported);
  assert.match(rem, /"reason": ?"unsubscribed"/);
  await page.context().close();
  await fresh.context().close();
});

async function devSMS() {
  return (await fetch(`${server.url}/_dev/sms`)).json();
}

test("tyre-season reminder: a wheel change with the box ticked; the mail opens /dackhotell with the plate", async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/dackhotell`);
  await hydrated(page);
  await page.getByRole("textbox", { name: "Registreringsnummer" }).fill("DCK123");
  await page.getByRole("button", { name: "Fortsätt" }).click();
  const before = (await devSMS()).length;
  await page.getByRole("button", { name: "Skicka kod" }).click();
  const sms = await waitFor(async () => {
    const list = await devSMS();
    return list.length > before && list[0];
  }, { what: "a code in the development outbox" });
  const digits = /\b(\d{4})\b/.exec(sms?.body ?? "")?.[1];
  assert.ok(digits, "a code");
  await page.getByRole("textbox", { name: "Kod från SMS" }).pressSequentially(digits);
  await page.getByRole("button", { name: "Logga in" }).click();
  await page.getByRole("button", { name: "Boka tid för hjulskifte" }).click({ timeout: 20_000 });
  const grid = page.getByRole("grid");
  await grid.waitFor({ timeout: 20_000 });
  await grid.locator('[role="gridcell"]:not([aria-disabled="true"]) [role="button"]').first().click();
  const slots = page.getByRole("list", { name: /Välj tid/ });
  await slots.getByRole("button").first().click({ timeout: 20_000 });
  await page.getByRole("textbox", { name: "Förnamn" }).fill("Bo");
  await page.getByRole("textbox", { name: "Efternamn" }).fill("Ek");
  await page.getByRole("textbox", { name: "E-post" }).fill("bo.dack@example.se");
  await page.getByRole("textbox", { name: "Mobilnummer" }).fill("0701234567");
  const remind = page.getByRole("checkbox", { name: "Påminn mig inför nästa däckbyte" });
  assert.equal(await remind.isChecked(), false);
  await remind.check();
  await screenshot(page, "reminders-3-wheelchange-checkbox");
  fs.copyFileSync(path.join(root, "e2e", "screenshots", "reminders-3-wheelchange-checkbox.png"), "/tmp/reminders-3-wheelchange-checkbox.png");
  await page.getByRole("button", { name: "Genomför bokning" }).click();
  await page.getByRole("heading", { name: "Tack för din bokningsförfrågan!" }).waitFor({ timeout: 30_000 });

  assert.match(await runDue(inTwoYears()), /: 1 queued/);
  const text = await mailMatching("bo.dack@example.se", /byta till (sommar|vinter)däck[\s\S]*dackhotell\?regnr=DCK123/);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/dackhotell\?\S+)/.exec(text)?.[1];
  assert.ok(link, "a link into the tyre hotel");
  const fresh = await newPage(browser);
  await fresh.goto(link);
  await fresh.waitForFunction(() => document.querySelector(".fc-nav") !== null);
  const plate = fresh.getByRole("textbox", { name: "Registreringsnummer" });
  await fresh.waitForFunction(() => [...document.querySelectorAll("input[name=regNo]")].some((i) => i.value === "DCK123"), null, { timeout: 20_000 });
  assert.equal(await plate.inputValue(), "DCK123");
  await screenshot(fresh, "reminders-4-tirehotel-prefilled");
  fs.copyFileSync(path.join(root, "e2e", "screenshots", "reminders-4-tirehotel-prefilled.png"), "/tmp/reminders-4-tirehotel-prefilled.png");
  await page.context().close();
  await fresh.context().close();
});
