// The live workshop calendar on two replicas on one PostgreSQL database, as
// behind a load balancer: a booking made through one process appears on the
// calendars open on both, and a move made on one shows on the other. Needs
// TEST_DATABASE_URL (a throw-away schema is made and dropped) and psql.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, startServer, launchBrowser, newPage, hydrated, smtpServer, screenshot } from "./harness.mjs";

const HASH = "$2a$12$TDlk248Auz/TZNFMy2iZse/Psip724.OgVyFVebfTGDfFQjMKRVxe";
const STAFF_ACCOUNTS = `verkstad:${HASH}:workshop:group-se`;
const base = process.env.TEST_DATABASE_URL;
const hasPsql = spawnSync("psql", ["--version"]).status === 0;
const skip = !base ? "TEST_DATABASE_URL not set" : !hasPsql ? "psql not installed" : false;

let a, b, browser, smtp, schema, dirs = [];
before(async () => {
  if (skip) return;
  schema = `staff_replicas_${process.pid}_${Date.now().toString(36)}`;
  execFileSync("psql", [base, "-q", "-c", `CREATE SCHEMA ${schema}`]);
  const u = new URL(base);
  u.searchParams.set("search_path", schema);
  const env = { DATABASE_URL: u.toString(), STAFF_ACCOUNTS, JOB_POLL_MS: "100" };
  const dir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-replica-"));
    dirs.push(d);
    return d;
  };
  execFileSync(path.join(root, "bin", "forecourt"), ["seed", "--scale", "0.01"], { cwd: root, env: { ...process.env, ...env, DATA_DIR: dir() }, stdio: "ignore" });
  smtp = await smtpServer();
  a = await startServer({ ...env, DATA_DIR: dir(), SMTP_ADDR: smtp.addr });
  b = await startServer({ ...env, DATA_DIR: dir(), SMTP_ADDR: smtp.addr });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await a?.stop();
  await b?.stop();
  smtp?.srv.close();
  if (schema) execFileSync("psql", [base, "-q", "-c", `DROP SCHEMA ${schema} CASCADE`]);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function openCalendar(server, departmentId, date) {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/staff/login?next=${encodeURIComponent(`/staff/workshop?department=${departmentId}&date=${date}`)}`);
  await hydrated(page);
  await page.getByLabel("Användarnamn").fill("verkstad");
  await page.getByLabel("Lösenord").fill("forecourt-demo");
  await page.getByRole("button", { name: "Logga in" }).click();
  await page.getByRole("list", { name: /^Tid, / }).waitFor();
  await page.getByText("Uppdateras direkt").waitFor();
  return page;
}

test("two replicas: a booking made through one appears live on both calendars, and a move on one shows on the other", { skip }, async () => {
  const stream = await (await fetch(`${a.url}/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=wheelchange&latitude=59.33&longitude=18.06`)).text();
  const site = stream.split("\n").filter((l) => l.startsWith("data:")).map((l) => JSON.parse(l.slice(5))).find((m) => m.departmentId && m.firstTimeSlot);
  assert.ok(site, "a workshop with a free time");
  const date = site.firstTimeSlot.slice(0, 10);
  const onA = await openCalendar(a, site.departmentId, date);
  const onB = await openCalendar(b, site.departmentId, date);

  const res = await fetch(`${b.url}/api/mechmate/book`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: b.url, "Idempotency-Key": `replicas-${Date.now()}` },
    body: JSON.stringify({
      customer: { firstName: "Maja", lastName: "Ek", phone: "070-111 22 33", email: "maja.ek@example.se" },
      freeText: "", departmentId: site.departmentId, timeSlot: site.firstTimeSlot, isFullDay: false, registrationNumber: "TES123", mileage: 52000,
      serviceOfferingRequests: [{ kobraId: "wheelchange", unitsSelected: 1, userInput: "" }],
    }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  for (const page of [onA, onB]) await page.getByRole("button", { name: /TES123/ }).waitFor();

  // A move on A reaches B's calendar.
  await onA.getByRole("button", { name: /TES123/ }).click();
  const dialog = onA.getByRole("dialog");
  await dialog.getByRole("button", { name: "Flytta", exact: true }).click();
  const slots = dialog.getByRole("radiogroup", { name: /Lediga tider/ });
  const last = slots.locator("label").last();
  const newTime = /\d\d:\d\d/.exec(await last.innerText())[0];
  await last.click();
  await dialog.getByRole("button", { name: "Flytta hit" }).click();
  await dialog.getByRole("status").filter({ hasText: "Bokningen är flyttad" }).waitFor();
  await onB.getByRole("button", { name: new RegExp(`^${newTime}–.*TES123`) }).waitFor();
  await screenshot(onB, "staff-replicas-b-1280");
});
