// Journeys of the form and listing blocks: the sell / trade-in
// form, the Norwegian service request by keyboard alone, the form builder
// on group-se and group-uk, the marketing-form embed with a stand-in
// provider script served here on loopback, the site selection, site block
// and car teasers, and the 429 message. Dealers' mails are read from the
// harness's test SMTP listener; every page gets an axe check.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { startServer, launchBrowser, newPage, screenshot, smtpServer, root, hydrated, indexReady, mailTo as mailAt, mailText, waitFor } from "./harness.mjs";

const require = createRequire(path.join(root, "web", "package.json"));
const { AxeBuilder } = require("@axe-core/playwright");

// The stand-in of the marketing provider's form script: forms.create
// renders a small sign-up form into the target and, on submit, posts the
// provider's "form submitted" message to the window.
const STAND_IN = `
window.hbspt = { forms: { create: function (o) {
  window.__marketingCreate = o;
  var el = document.querySelector(o.target);
  el.innerHTML = '<form class="stand-in"><label for="mk-email">E-postadress</label><input id="mk-email" type="email" required>' +
    '<button type="submit">Skicka prenumeration</button></form>';
  el.querySelector("form").addEventListener("submit", function (e) {
    e.preventDefault();
    el.innerHTML = "<p>Tack, du prenumererar nu.</p>";
    window.postMessage({ type: "hsFormCallback", eventName: "onFormSubmitted", id: o.formId, data: [] }, "*");
  });
} } };
`;

let server, browser, smtp, provider, scriptHits = 0;
const ADDRESS_LIMIT = 40;

before(async () => {
  provider = http.createServer((req, res) => {
    if (req.url === "/forms/embed/v2.js") {
      scriptHits++;
      res.writeHead(200, { "Content-Type": "text/javascript" });
      res.end(STAND_IN);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((r) => provider.listen(0, "127.0.0.1", r));
  smtp = await smtpServer();
  server = await startServer({
    SMTP_ADDR: smtp.addr, SMTP_FROM: "web@forecourt.test",
    MARKETING_FORM_SCRIPT_URL: `http://127.0.0.1:${provider.address().port}/forms/embed/v2.js`, MARKETING_FORM_PORTAL_ID: "4711",
    FORMS_LIMIT_ADDRESS: `${ADDRESS_LIMIT}/10m`, FORMS_MIN_FILL_MS: "1000",
  });
  browser = await launchBrowser();
  for (const index of ["vehicles_group_se", "sites_group_se", "sites_group_no"]) await indexReady(server, index);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
  provider?.close();
});

const on = (site, p) => `http://${site}.localhost:${server.port}${p}`;

async function axe(page, label) {
  const res = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = res.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`),
    [],
    `${label}: serious or critical axe violations`,
  );
}

/** mailTo waits for a mail to address and returns it. */
const mailTo = (address) => mailAt(smtp, address);

async function tabTo(page, re, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const name = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return "";
      const id = el.getAttribute("id");
      const lab = (id && document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent) || el.closest("label")?.textContent || el.getAttribute("aria-label") || "";
      const by = (el.getAttribute("aria-labelledby") ?? "").split(" ").map((x) => document.getElementById(x)?.textContent ?? "").join(" ");
      return `${lab} ${by} ${el.textContent ?? ""}`.trim();
    });
    if (re.test(name)) return;
  }
  assert.fail(`Tab never reached ${re}`);
}

test("sell / trade-in on group-se: bad input, then good; the buying desk gets the mail", async () => {
  const page = await newPage(browser);
  const res = await page.goto(on("group-se", "/salja-bil"));
  assert.equal(res.status(), 200);
  const form = page.getByRole("form", { name: "Sälj eller byt in din bil" });
  await form.waitFor();
  await hydrated(page);
  assert.equal(await form.getByRole("radio", { name: "Sälja" }).isChecked(), true);
  await form.getByRole("textbox", { name: "Registreringsnummer" }).fill("abc 123");
  await form.getByRole("textbox", { name: "Telefon" }).fill("07-ABC");
  await form.getByRole("button", { name: "Skicka" }).click();
  await form.getByText("Ange miltal").waitFor();
  await form.getByText("Ange ett giltigt telefonnummer").waitFor();
  assert.equal(await form.getByRole("textbox", { name: "Telefon" }).getAttribute("aria-invalid"), "true");
  await screenshot(page, "forms-sell-invalid");
  await axe(page, "/salja-bil with errors");
  await form.getByRole("textbox", { name: /Miltal/ }).fill("12 500");
  await form.getByRole("textbox", { name: "Namn" }).fill("Sara Säljare");
  await form.getByRole("textbox", { name: "Telefon" }).fill("070 123 45 67");
  await form.getByRole("textbox", { name: "E-post" }).fill("sara@example.se");
  await form.getByRole("radio", { name: "Byta in" }).check();
  await form.getByRole("button", { name: "Skicka" }).click();
  await form.getByRole("status").filter({ hasText: "Tack!" }).waitFor();
  await screenshot(page, "forms-sell-success");
  const lead = await page.evaluate(() => window.dataLayer.find((e) => e.event === "lead"));
  assert.equal(lead.form_name, "sellCar");
  assert.equal(lead.lead_type, "trade_in");
  const mail = await mailTo("bilinkop@forecourt.se");
  assert.match(mailText(mail), /ABC123/);
  assert.match(mailText(mail), /Sara Säljare/);
  // The form resets 3000 ms after the success.
  await page.waitForFunction(() => document.querySelector("input[name=customerName]")?.value === "", null, { timeout: 10000 });
  assert.equal(await form.getByRole("radio", { name: "Sälja" }).isChecked(), true);
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("sell form on group-no speaks Norwegian", async () => {
  const page = await newPage(browser);
  assert.equal((await page.goto(on("group-no", "/selge-bil"))).status(), 200);
  const form = page.getByRole("form", { name: "Selg eller bytt inn bilen din" });
  await form.getByRole("radio", { name: "Selge" }).waitFor();
  await form.getByRole("textbox", { name: /Kilometerstand \(km\)/ }).waitFor();
  await hydrated(page);
  await form.getByRole("button", { name: "Send" }).click();
  await form.getByText("Oppgi kilometerstand").waitFor();
  await axe(page, "/selge-bil");
  await page.context().close();
});

test("Norwegian service request by keyboard alone: bad, then good; the dealer's workshop gets the mail", async () => {
  const page = await newPage(browser);
  assert.equal((await page.goto(on("group-no", "/bestill-service"))).status(), 200);
  const form = page.getByRole("form", { name: "Send serviceforespørsel" });
  await form.waitFor();
  await hydrated(page);
  assert.equal(await form.getByRole("group", { name: "Hva ønsker du hjelp med?" }).getByRole("checkbox").count(), 11);
  await axe(page, "/bestill-service");

  // Send the empty form with the keyboard.
  await page.keyboard.press("Tab"); // into the page (skip link)
  await tabTo(page, /^Send forespørsel$/, 80);
  await page.keyboard.press("Enter");
  await form.getByText("Du må samtykke for at vi kan behandle henvendelsen").waitFor();
  await form.getByText("Velg nærmeste forhandler").waitFor();
  await screenshot(page, "forms-service-invalid");
  await axe(page, "/bestill-service with errors");

  // Fill it in from the top (focus moved, not clicked: keyboard only from here).
  await form.getByRole("radio", { name: "Bil" }).focus();
  await tabTo(page, /EU-kontroll/);
  await page.keyboard.press("Space");
  await tabTo(page, /Nærmeste forhandler/);
  const dealers = await form.getByRole("combobox", { name: "Nærmeste forhandler" }).locator("option").allTextContents();
  assert.ok(dealers.some((d) => /Oslo Alnabru/.test(d)), dealers.join(", "));
  for (let i = 0; i < 10; i++) {
    const v = await form.getByRole("combobox", { name: "Nærmeste forhandler" }).evaluate((s) => s.options[s.selectedIndex].text);
    if (/Oslo Alnabru/.test(v)) break;
    await page.keyboard.press("ArrowDown");
  }
  const siteId = await form.getByRole("combobox", { name: "Nærmeste forhandler" }).inputValue();
  assert.ok(siteId);
  // The date: typed into the picker's segments (day, month, year), a year ahead.
  const year = new Date().getFullYear() + 1;
  await page.keyboard.press("Tab");
  await page.keyboard.type(`1503${year}`);
  await tabTo(page, /Registreringsnummer/);
  await page.keyboard.type("ab 12345");
  await tabTo(page, /^Navn/);
  await page.keyboard.type("Ola Nordmann");
  await page.keyboard.press("Tab");
  await page.keyboard.type("+47 912 34 567");
  await page.keyboard.press("Tab");
  await page.keyboard.type("ola@example.no");
  await page.keyboard.press("Tab");
  await page.keyboard.type("84000");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Bremsene piper ved lav fart.");
  await tabTo(page, /Jeg samtykker/);
  await page.keyboard.press("Space");
  await tabTo(page, /^Send forespørsel$/);
  await page.keyboard.press("Enter");
  await form.getByRole("status").filter({ hasText: "Takk for din henvendelse!" }).waitFor({ timeout: 15000 });
  await screenshot(page, "forms-service-success");

  const res = await fetch(server.url + "/api/search", {
    method: "POST", headers: { Host: `group-no.localhost:${server.port}` },
    body: JSON.stringify({ index: "sites_group_no", fields: ["site_id", "site_email", "site_departments"], filters: { site_id: [siteId] }, limit: 1 }),
  });
  const site = JSON.stringify((await res.json()).content[0] ?? {});
  const mail = await waitFor(() => smtp.mails.find((m) => /AB12345/.test(mailText(m))), { what: "a mail with the registration number" });
  assert.ok(site.includes(mail.to[0]), `mail to ${mail.to[0]}, not an address of the chosen dealer`);
  assert.match(mailText(mail), /EU-kontroll/);
  assert.match(mailText(mail), new RegExp(`${year}-03-15`));
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("the date picker blocks the days before today", async () => {
  const page = await newPage(browser);
  await page.goto(on("group-no", "/bestill-service"));
  await hydrated(page);
  await page.getByRole("button", { name: /Velg dato i kalenderen/ }).click();
  const grid = page.getByRole("grid");
  await grid.waitFor();
  // Today where the site is: in Oslo the day begins an hour or two before
  // it does in UTC, the clock of this process.
  const day = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Oslo", day: "numeric" }).format(new Date()));
  const cells = grid.locator("[role=gridcell] > [role=button]:not([data-outside-month])");
  assert.equal(await cells.filter({ hasText: new RegExp(`^${day}$`) }).getAttribute("aria-disabled"), null);
  if (day > 1) assert.equal(await cells.filter({ hasText: new RegExp(`^${day - 1}$`) }).getAttribute("aria-disabled"), "true");
  await screenshot(page, "forms-service-calendar");
  await axe(page, "/bestill-service calendar");
  await page.keyboard.press("Escape");
  await page.context().close();
});

test("form builder on group-se: bad, then good; the event's mailbox gets the answers", async () => {
  const page = await newPage(browser);
  assert.equal((await page.goto(on("group-se", "/provkorningskvall"))).status(), 200);
  const form = page.getByRole("form", { name: "Provkörningskväll för elbilar" });
  await form.waitFor();
  await hydrated(page);
  await form.getByRole("textbox", { name: "Förnamn" }).fill("Anna");
  await form.getByRole("textbox", { name: "E-post" }).fill("anna@example");
  await form.getByRole("button", { name: "Skicka anmälan" }).click();
  await form.getByText("Ange en giltig e-postadress").waitFor();
  await form.getByText("Du behöver kryssa i rutan").waitFor();
  await screenshot(page, "forms-builder-invalid");
  await axe(page, "/provkorningskvall with errors");
  await form.getByRole("textbox", { name: "Efternamn" }).fill("Andersson");
  await form.getByRole("textbox", { name: "E-post" }).fill("anna@example.se");
  await form.getByRole("textbox", { name: "Mobilnummer" }).fill("070-123 45 67".replace("-", " "));
  await form.getByRole("combobox", { name: "Vilken bil vill du provköra?" }).selectOption("volvo-ex30");
  await form.getByRole("spinbutton", { name: "Antal personer" }).fill("2");
  await form.getByRole("checkbox", { name: /Jag godkänner/ }).check();
  await form.getByRole("button", { name: "Skicka anmälan" }).click();
  await form.getByRole("status").filter({ hasText: "Tack för din anmälan!" }).waitFor({ timeout: 15000 });
  const mail = await mailTo("event.stockholm@forecourt.se");
  assert.match(mailText(mail), /Andersson/);
  assert.match(mailText(mail), /anna@example\.se/);
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("form builder on group-uk renders its English definition", async () => {
  const page = await newPage(browser);
  assert.equal((await page.goto(on("group-uk", "/events/part-exchange-evening"))).status(), 200);
  const form = page.getByRole("form", { name: "Part-exchange valuation evening" });
  await form.getByRole("combobox").first().waitFor();
  await hydrated(page);
  await form.getByRole("button").last().click();
  await form.locator(".fc-form__error").first().waitFor();
  await screenshot(page, "forms-builder-uk");
  await axe(page, "/events/part-exchange-evening");
  await page.context().close();
});

test("marketing embed: stand-in script, 520 px dialog, focus kept inside, lead on the provider's message", async () => {
  const page = await newPage(browser);
  assert.equal((await page.goto(on("group-se", "/nyhetsbrev"))).status(), 200);
  await hydrated(page);
  assert.equal(scriptHits, 0, "the script loads only when the form is opened");
  const open = page.getByRole("button", { name: "Prenumerera", exact: true });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Prenumerera på nyhetsbrevet" });
  await dialog.waitFor();
  await dialog.getByRole("textbox", { name: "E-postadress" }).waitFor();
  const created = await page.evaluate(() => window.__marketingCreate);
  assert.deepEqual({ ...created, target: undefined }, { region: "eu1", portalId: "4711", formId: "6f1c2a9e-4b7d-4e1a-9c55-2d0b8f3e71aa", target: undefined });
  const box = await dialog.boundingBox();
  assert.ok(box.width <= 520, `dialog ${box.width} px wide`);
  await screenshot(page, "forms-marketing-open");
  await axe(page, "/nyhetsbrev dialog");
  // Tab wraps inside the dialog.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]"))), true);
  }
  await dialog.getByRole("textbox", { name: "E-postadress" }).fill("prenumerant@example.se");
  await dialog.getByRole("button", { name: "Skicka prenumeration" }).click();
  await dialog.getByText("Tack, du prenumererar nu.").waitFor();
  await page.waitForFunction(() => (window.dataLayer ?? []).some((e) => e.event === "lead" && e.form_name === "marketingForm"));
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Prenumerera");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("site selection, site block and car teasers on group-se and group-no", async () => {
  for (const [site, p, detail, blockTitle] of [["group-se", "/valj-anlaggning", "/anlaggningar/", "Forecourt Bil Stockholm Kungsholmen"], ["group-no", "/velg-forhandler", "/forhandlere/", "Forecourt Bil Oslo Alnabru"]]) {
    const page = await newPage(browser);
    assert.equal((await page.goto(on(site, p))).status(), 200);
    await hydrated(page);
    const block = page.locator(".fc-site-block");
    await block.getByRole("heading", { level: 2, name: blockTitle }).waitFor();
    const blockCars = await block.getByRole("article").count();
    assert.ok(blockCars >= 1 && blockCars <= 4, `site block cars: ${blockCars}`);
    const list = page.locator(".fc-site-select__list");
    const hrefs = await list.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    assert.ok(hrefs.length > 0 && hrefs.length <= 100);
    assert.ok(hrefs.every((h) => h.startsWith(detail)), hrefs.slice(0, 3).join(", "));
    assert.equal(await page.locator(".fc-car-teasers").getByRole("article").count(), 8);
    await screenshot(page, `forms-listings-${site}`);
    await axe(page, p);
    await list.getByRole("link").first().click();
    await page.waitForURL((u) => u.pathname.startsWith(detail));
    assert.equal(new URL(page.url()).pathname, hrefs[0]);
    await page.context().close();
  }
});

test("a rate-limited visitor sees the wait", async () => {
  // Use up the address's budget (every POST counts), then send the form.
  for (let i = 0; i < ADDRESS_LIMIT + 5; i++) {
    const r = await fetch(server.url + "/api/forms/comhub", {
      method: "POST", headers: { Host: `group-se.localhost:${server.port}`, "Content-Type": "application/json", Origin: on("group-se", "") }, body: "{}",
    });
    if (r.status === 429) break;
  }
  const page = await newPage(browser);
  await page.goto(on("group-se", "/salja-bil"));
  const form = page.getByRole("form", { name: "Sälj eller byt in din bil" });
  await form.waitFor();
  await hydrated(page);
  await form.getByRole("textbox", { name: "Registreringsnummer" }).fill("XYZ987");
  await form.getByRole("textbox", { name: /Miltal/ }).fill("900");
  await form.getByRole("textbox", { name: "Namn" }).fill("Bo Bråttom");
  await form.getByRole("textbox", { name: "Telefon" }).fill("070 765 43 21");
  await form.getByRole("textbox", { name: "E-post" }).fill("bo@example.se");
  await form.getByRole("button", { name: "Skicka" }).click();
  await form.getByRole("alert").filter({ hasText: /Försök igen om \d+ minuter/ }).waitFor({ timeout: 15000 });
  await screenshot(page, "forms-rate-limited");
  await page.context().close();
});
