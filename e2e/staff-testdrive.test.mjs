// Journey of a test drive on the staff side: a customer books a test drive
// of a car at the demo seller's dealer (Forecourt Bil Stockholm
// Kungsholmen), the demo `saljare` signs in and finds it in the test-drive
// calendar (/staff/testdrives), told apart as a test drive with a link to
// the car's page, at a desktop and a 390 px width; a workshop account of
// one workshop never reaches it; the seller cancels it with a reason and
// the customer gets the mail and the text.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { root, startServer, launchBrowser, newPage, screenshot, hydrated, indexReady, smtpServer, waitFor, mailText } from "./harness.mjs";

const require = createRequire(path.join(root, "web", "package.json"));
const { AxeBuilder } = require("@axe-core/playwright");

// The Makefile's demo accounts (password "forecourt-demo").
const HASH = "$2a$12$TDlk248Auz/TZNFMy2iZse/Psip724.OgVyFVebfTGDfFQjMKRVxe";
const STAFF_ACCOUNTS = [
  `verkstad-norrtalje:${HASH}:workshop:D-1011`,
  `saljare:${HASH}:sales:group-se/stockholm-kungsholmen`,
].join(",");

let server, browser, dataDir, smtp;
before(async () => {
  // A data folder of its own: the journey books and cancels.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-e2e-staff-td-"));
  execFileSync(path.join(root, "bin", "forecourt"), ["seed"], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "ignore" });
  smtp = await smtpServer();
  server = await startServer({ DATA_DIR: dataDir, STAFF_ACCOUNTS, SMTP_ADDR: smtp.addr, SMTP_FROM: "web@forecourt.test", JOB_POLL_MS: "100" });
  browser = await launchBrowser();
  await indexReady(server, "vehicles_group_se");
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function axe(page, label) {
  const res = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = res.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`), [], `${label}: axe`);
}

const problems = (page) => page.consoleProblems.filter((p) => !/status of 401/.test(p));

async function signIn(page, account, next) {
  await page.goto(server.url + "/staff/login?next=" + encodeURIComponent(next));
  await hydrated(page);
  await page.getByLabel("Användarnamn").fill(account);
  await page.getByLabel("Lösenord").fill("forecourt-demo");
  await page.getByRole("button", { name: "Logga in" }).click();
  await page.waitForURL(server.url + next);
}

/** staffCall signs in with the API and answers a GET as that account. */
async function staffGet(account, p) {
  const login = await fetch(server.url + "/api/staff/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ account, password: "forecourt-demo" }),
  });
  assert.equal(login.status, 200, `${account} signs in`);
  const cookie = login.headers.get("set-cookie").split(";")[0];
  return fetch(server.url + p, { headers: { Cookie: cookie } });
}

test("the demo seller sees a test drive a customer booked, with its car, and cancels it with a reason", async () => {
  // The seller's calendar is its dealer's sales department.
  const deps = await (await staffGet("saljare", "/api/staff/departments")).json();
  assert.equal(deps.length, 1, JSON.stringify(deps));
  const dep = deps[0];
  assert.equal(dep.kind, "sales");
  assert.match(dep.id, /^S-\d+$/);
  assert.match(dep.name, /Kungsholmen/);

  // A customer books a test drive of a car of that dealer, as the car page does.
  const siteId = dep.id.slice(2);
  const found = await (await fetch(server.url + "/api/search", {
    method: "POST",
    body: JSON.stringify({ index: "vehicles_group_se", filters: { car_site_id: [siteId] }, limit: 20, fields: ["car_id", "car_brand", "car_model", "car_regno"] }),
  })).json();
  let car, slot;
  for (const c of found.content) {
    const d = await fetch(`${server.url}/api/testdrive/${c.car_id}/days`);
    if (d.status !== 200) continue;
    const days = await d.json();
    assert.equal(days.department, dep.id);
    const day = days.days.find((x) => x.free > 0);
    if (!day) continue;
    const slots = await (await fetch(`${server.url}/api/testdrive/${c.car_id}/slots?date=${day.date}`)).json();
    car = c;
    slot = slots.slots[0].timeSlot;
    break;
  }
  assert.ok(car, "a car of the seller's dealer with a free test-drive time");
  const email = `provkorning-${Date.now()}@example.se`;
  const res = await fetch(`${server.url}/api/testdrive/${car.car_id}/book`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url, "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify({ customer: { firstName: "Sara", lastName: "Berg", phone: "070-7654321", email }, timeSlot: slot, language: "sv" }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  const { id } = await res.json();
  const date = slot.slice(0, 10);
  const time = slot.slice(11, 16);

  // A workshop account of one workshop does not reach the test drives.
  assert.equal((await staffGet("verkstad-norrtalje", `/api/staff/bookings?department=${dep.id}&from=${date}&to=${date}`)).status, 404);

  for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    const page = await newPage(browser, { viewport });
    // The home page leads a seller to the test drives.
    await signIn(page, "saljare", "/staff/");
    await page.getByRole("link", { name: "Provkörningar" }).first().click();
    await page.waitForURL(/\/staff\/testdrives/);
    await page.getByRole("heading", { level: 1, name: "Provkörningar" }).waitFor();
    await page.goto(`${server.url}/staff/testdrives?${new URLSearchParams({ department: dep.id, date })}`);
    const card = page.locator(`[data-booking="${id}"]`);
    await card.waitFor();
    assert.match(await card.textContent(), new RegExp(`${time}.*Provkörning.*Bokad`));
    assert.match(await card.textContent(), new RegExp(`${car.car_brand} ${car.car_model}`));
    const link = page.locator(`li:has(> [data-booking="${id}"])`).getByRole("link", { name: /^Bilens sida: .+ \(öppnas i ny flik\)$/ });
    assert.equal(await link.getAttribute("href"), `${server.url}/bilar/${car.car_id}`);
    assert.equal(await page.getByRole("link", { name: "Öppettider och stängt" }).count(), 0, "no opening hours for a seller");
    await axe(page, `test drives ${viewport.width}px`);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(over <= 0, `${viewport.width}px: the page is ${over}px too wide`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `staff-testdrive-${viewport.width}`);
    // The car's link opens the car page (by id, redirected to its slug).
    const carPage = await fetch(`${server.url}/bilar/${car.car_id}`, { redirect: "manual" });
    assert.equal(carPage.status, 302);
    assert.match(carPage.headers.get("location"), new RegExp(`/bilar/${car.car_id}/`));

    await card.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByText("Provkörning", { exact: true }).waitFor();
    await dialog.getByRole("link", { name: /^Bilens sida/ }).waitFor();
    await axe(page, `test drive dialog ${viewport.width}px`);
    await screenshot(page, `staff-testdrive-dialog-${viewport.width}`);
    if (viewport.width === 390) {
      // The seller cancels with a reason: the customer gets the mail and the text.
      await dialog.getByRole("button", { name: "Avboka" }).click();
      await dialog.getByRole("textbox", { name: "Orsak" }).fill("Bilen är reserverad för en annan kund");
      await dialog.getByRole("button", { name: "Avboka bokningen" }).click();
      await dialog.getByText(/Bokningen är avbokad/).waitFor();
    } else {
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    }
    assert.deepEqual(problems(page), []);
    await page.context().close();
  }
  const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(email) && /reserverad/.test(mailText(m))), { what: "the cancellation mail" });
  assert.match(mailText(mail), new RegExp(id));
  assert.match(mail.body, /method=CANCEL/i);
  await waitFor(async () => {
    const list = await (await fetch(`${server.url}/_dev/sms`)).json();
    return list.find((m) => m.to === "+46707654321" && /^Avbokad: provkörning hos /.test(m.body));
  }, { what: "the cancellation text" });
});
