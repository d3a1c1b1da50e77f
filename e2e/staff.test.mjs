// Journeys of the staff side: a seller signs in at /staff/login by
// keyboard, opens the leads inbox and marks a lead contacted with a note;
// an admin disables an account and reads it in the audit log; a workshop
// account cannot open the leads. Every staff page is checked with axe at a
// phone width and a desktop one.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { root, startServer, launchBrowser, newPage, screenshot, hydrated } from "./harness.mjs";

const require = createRequire(path.join(root, "web", "package.json"));
const { AxeBuilder } = require("@axe-core/playwright");

// The Makefile's demo accounts (password "forecourt-demo"); only the hash is configured.
const HASH = "$2a$12$TDlk248Auz/TZNFMy2iZse/Psip724.OgVyFVebfTGDfFQjMKRVxe";
const EDITOR_ACCOUNTS = `redaktor:${HASH}:*`;
const STAFF_ACCOUNTS = [
  `verkstad:${HASH}:workshop:group-se`,
  `verkstad-norrtalje:${HASH}:workshop:D-1011`,
  `saljare:${HASH}:sales:group-se/stockholm-kungsholmen`,
  `admin:${HASH}:admin`,
].join(",");

let server, browser, dataDir;
before(async () => {
  // A data folder of its own: the journeys change leads and accounts.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-e2e-staff-"));
  execFileSync(path.join(root, "bin", "forecourt"), ["seed"], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "ignore" });
  server = await startServer({ DATA_DIR: dataDir, EDITOR_ACCOUNTS, STAFF_ACCOUNTS });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** axe checks the page and fails on serious or critical violations. */
async function axe(page, label) {
  const res = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = res.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`),
    [],
    `${label}: serious or critical axe violations`,
  );
}

/** No part of the page reaches past the viewport's width (no sideways scrolling of the page). */
async function fitsWidth(page, label) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(over <= 0, `${label}: the page is ${over}px wider than the viewport`);
}

// The shell asks /api/staff/me before anyone signs in: its 401 is the
// contract's "not signed in", which Chromium logs as a failed resource.
const problems = (page) => page.consoleProblems.filter((p) => !/status of 401/.test(p));

/** signIn signs in at /staff/login with the keyboard only. */
async function signIn(page, account, next = "/staff/") {
  await page.goto(server.url + "/staff/login?next=" + encodeURIComponent(next));
  await hydrated(page);
  const name = page.getByLabel("Användarnamn");
  await name.waitFor();
  // The field has focus on arrival; type, tab, type, Enter.
  await page.waitForFunction(() => document.activeElement?.id === "staff-account");
  await page.keyboard.type(account);
  await page.keyboard.press("Tab");
  await page.keyboard.type("forecourt-demo");
  await page.keyboard.press("Enter");
  await page.waitForURL(server.url + next);
}

test("the sign-in page is not indexed or cached and says a wrong password plainly", async () => {
  const res = await fetch(server.url + "/staff/login");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.match(res.headers.get("x-robots-tag") ?? "", /noindex/);
  assert.match(res.headers.get("content-security-policy") ?? "", /script-src 'self' 'nonce-/);
  const html = await res.text();
  assert.match(html, /<meta name="robots" content="noindex, nofollow">/);
  assert.match(html, /<html lang="sv"/);

  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    const page = await newPage(browser, { viewport });
    await page.goto(server.url + "/staff/login");
    await hydrated(page);
    await page.getByLabel("Användarnamn").fill("saljare");
    await page.getByLabel("Lösenord").fill("fel-lösenord");
    await page.getByRole("button", { name: "Logga in" }).click();
    await page.getByRole("alert").filter({ hasText: "Fel användarnamn eller lösenord." }).waitFor();
    assert.equal(await page.getByLabel("Användarnamn").getAttribute("aria-invalid"), "true");
    await axe(page, `sign-in ${viewport.width}px`);
    await fitsWidth(page, `sign-in ${viewport.width}px`);
    // English on request.
    await page.getByRole("button", { name: "English" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await screenshot(page, `staff-login-${viewport.width}`);
    await page.context().close();
  }
});

test("a seller opens the inbox by keyboard and marks a lead contacted with a note", async () => {
  for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    const page = await newPage(browser, { viewport });
    await signIn(page, "saljare", "/staff/leads");
    await page.getByRole("heading", { name: "Leads", level: 1 }).waitFor();
    await page.getByRole("status").filter({ hasText: /^\d+ leads?$/ }).waitFor();
    // Only the seller's dealer site's leads: the demo's Göteborg lead and
    // the site-wide sell / trade-in lead are not there.
    const rows = page.getByRole("table").getByRole("row");
    assert.equal(await page.getByRole("link", { name: /Johan Berg|Maria Holm/ }).count(), 0, "other dealers' leads are not listed");
    assert.ok((await rows.count()) >= 2, "the seller's leads are listed");
    await axe(page, `inbox ${viewport.width}px`);
    await fitsWidth(page, `inbox ${viewport.width}px`);

    // Filter on new leads with the keyboard: the status select, then Visa.
    await page.getByLabel("Status").focus();
    await page.keyboard.press("ArrowDown"); // Alla → Ny
    await page.getByRole("button", { name: "Visa" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/status=new/);
    await page.getByRole("status").filter({ hasText: /^\d+ leads?$/ }).waitFor();

    // Open the first new lead with the keyboard.
    const open = page.getByRole("link", { name: /^Öppna lead från / }).first();
    const who = (await open.getAttribute("aria-label")).replace("Öppna lead från ", "");
    await open.focus();
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { name: new RegExp(who), level: 2 });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === "H2", null, { timeout: 10_000 });
    await axe(page, `lead ${viewport.width}px`);
    await fitsWidth(page, `lead ${viewport.width}px`);

    // Status by keyboard: into the radio group, arrow to "Kontaktad".
    await page.getByRole("radio", { name: /Behåll/ }).focus();
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.getByRole("radio", { name: "Kontaktad" }).isChecked(), true);
    await page.keyboard.press("Tab");
    const note = `Ringde ${who}, provkörning bokad på lördag (${viewport.width}).`;
    await page.keyboard.type(note);
    await page.getByRole("button", { name: "Spara" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Sparat.").waitFor();
    await page.getByRole("listitem").filter({ hasText: note }).waitFor();
    await heading.getByText("Kontaktad").waitFor();
    // The list row says so too.
    await page.getByRole("row").filter({ has: page.getByRole("link", { name: `Öppna lead från ${who}` }) }).getByText("Kontaktad").waitFor();
    await screenshot(page, `staff-lead-${viewport.width}`);

    // The server has it.
    const id = (await page.url()).match(/lead=(L\d+)/)[1];
    const lead = await page.evaluate(async (id) => (await fetch(`/api/staff/leads/${id}`)).json(), id);
    assert.equal(lead.status, "contacted");
    assert.equal(lead.notes.at(-1).body, note);
    assert.equal(lead.notes.at(-1).account, "saljare");
    assert.deepEqual(problems(page), []);
    await page.context().close();
  }
});

test("an admin disables an account and reads it in the audit log", async () => {
  const page = await newPage(browser);
  await signIn(page, "admin", "/staff/admin/accounts");
  await page.getByRole("heading", { name: "Konton", level: 1 }).waitFor();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^verkstad-norrtalje/ }) });
  await row.getByText("Aktivt").waitFor();
  await axe(page, "accounts");
  await page.getByRole("button", { name: "Stäng av verkstad-norrtalje" }).focus();
  await page.keyboard.press("Enter");
  await page.getByText("verkstad-norrtalje är avstängt och utloggat.").waitFor();
  await row.getByText("Avstängt").waitFor();

  // The disabled account cannot sign in any more.
  const res = await page.evaluate(async () => {
    const r = await fetch("/api/staff/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ account: "verkstad-norrtalje", password: "forecourt-demo" }) });
    return r.status;
  });
  assert.equal(res, 401);

  // The audit log, by the navigation.
  await page.getByRole("navigation", { name: "Personalmeny" }).getByRole("link", { name: "Logg" }).click();
  await page.getByRole("heading", { name: "Logg", level: 1 }).waitFor();
  const entry = page.getByRole("row").filter({ hasText: "account.disable" });
  await entry.filter({ hasText: "verkstad-norrtalje" }).filter({ hasText: "admin" }).waitFor();
  await page.getByRole("row").filter({ hasText: "signin" }).first().waitFor();
  await axe(page, "audit");
  // Filter on account changes.
  await page.getByLabel("Åtgärd").selectOption("account.");
  await page.getByRole("button", { name: "Visa" }).click();
  await page.waitForURL(/action=account\./);
  await entry.first().waitFor();
  assert.equal(await page.getByRole("row").filter({ hasText: "signin" }).count(), 0);
  await screenshot(page, "staff-audit");

  await page.setViewportSize({ width: 390, height: 844 });
  await axe(page, "audit 390px");
  await fitsWidth(page, "audit 390px");
  await page.goto(server.url + "/staff/admin/accounts");
  await page.getByRole("heading", { name: "Konton", level: 1 }).waitFor();
  await axe(page, "accounts 390px");
  await fitsWidth(page, "accounts 390px");
  assert.deepEqual(problems(page), []);
  await page.context().close();
});

test("a workshop account cannot open the leads", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await signIn(page, "verkstad");
  await page.getByRole("heading", { name: /Hej verkstad/ }).waitFor();
  assert.equal(await page.getByRole("navigation", { name: "Personalmeny" }).getByRole("link", { name: "Leads" }).count(), 0, "no Leads in the workshop's menu");
  await axe(page, "workshop start 390px");
  await page.goto(server.url + "/staff/leads");
  await page.getByRole("heading", { name: "Du har inte behörighet" }).waitFor();
  const status = await page.evaluate(async () => (await fetch("/api/staff/leads")).status);
  assert.equal(status, 403);
  const one = await page.evaluate(async () => (await fetch("/api/staff/leads/L1")).status);
  assert.equal(one, 403);
  await axe(page, "forbidden 390px");
  await page.context().close();
});
