// Journeys of the car detail page: open a car, gallery and full-screen
// viewer by keyboard, loan sliders, UK PCP quote, compare three cars, and a
// lead with a bad then a good phone number that arrives by e-mail at a test
// SMTP listener in this process.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, newPage, screenshot, smtpServer, hydrated, indexReady, waitFor, mailText } from "./harness.mjs";

let server, browser, smtp;
before(async () => {
  smtp = await smtpServer();
  server = await startServer({ SMTP_ADDR: smtp.addr, SMTP_FROM: "web@forecourt.test" });
  browser = await launchBrowser();
  await indexReady(server, "vehicles_group_se");
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
});

async function findCars(index, filters, limit = 3, host) {
  const res = await fetch(server.url + "/api/search", {
    method: "POST", headers: host ? { Host: host } : {},
    body: JSON.stringify({ index, filters, limit, fields: ["car_id", "slug", "car_brand", "car_model"] }),
  });
  assert.equal(res.status, 200);
  return (await res.json()).content;
}

test("open a car, use the gallery and the full-screen viewer by keyboard, move the loan sliders", async () => {
  const [car] = await findCars("vehicles_group_se", { car_is_used: ["true"], car_loan_monthly_cost: ["1", ""] }, 1);
  const page = await newPage(browser);
  const redirect = await fetch(`${server.url}/bilar/${car.car_id}`, { redirect: "manual" });
  assert.equal(redirect.status, 302);
  const res = await page.goto(`${server.url}/bilar/${car.car_id}/${car.slug}`);
  assert.equal(res.status(), 200);
  const html = await res.text();
  assert.match(html, /"@type":"Car"/);
  assert.match(html, new RegExp(`<link rel="canonical" href="[^"]*/bilar/${car.car_id}/${car.slug}"`));
  await page.getByRole("heading", { level: 1, name: `${car.car_brand} ${car.car_model}` }).waitFor();
  await hydrated(page);
  await screenshot(page, "car-detail-desktop");

  await page.getByRole("button", { name: "Nästa bild" }).first().click();
  await page.getByRole("button", { name: "Öppna i helskärm" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Bilder i helskärm" });
  await dialog.waitFor();
  assert.equal(await page.evaluate(() => document.body.style.overflow), "hidden");
  const before = await dialog.locator("img").getAttribute("alt");
  await page.keyboard.press("ArrowRight");
  assert.notEqual(await dialog.locator("img").getAttribute("alt"), before);
  await screenshot(page, "car-detail-viewer");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Öppna i helskärm");

  const monthly = page.getByTestId("loan-monthly");
  const first = await monthly.textContent();
  const slider = page.getByRole("slider", { name: "Kontantinsats" });
  await slider.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowRight");
  await page.waitForFunction((f) => document.querySelector('[data-testid="loan-monthly"]')?.textContent !== f, first);
  assert.notEqual(await monthly.textContent(), first);
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("unknown car: 404 with recommendations and a link to the list", async () => {
  const page = await newPage(browser);
  const res = await page.goto(`${server.url}/bilar/999999999/volvo-xc60-b4-2020`);
  assert.equal(res.status(), 404);
  await page.getByRole("link", { name: /See all cars|bilar/i }).first().waitFor();
  await page.context().close();
});

test("UK: a PCP quote", async () => {
  const [car] = await findCars("vehicles_group_uk", { car_is_used: ["true"], car_year: ["2024", "2025"] }, 1);
  const page = await newPage(browser);
  const ukURL = server.url.replace("127.0.0.1", "group-uk.localhost");
  await page.goto(`${ukURL}/cars/${car.car_id}/${car.slug}`);
  await hydrated(page);
  await page.getByRole("tab", { name: /PCP/ }).click();
  await page.getByText("Representative APR").or(page.getByText(/APR/)).first().waitFor();
  await page.getByRole("link", { name: "Reserve this car" }).waitFor();
  assert.match(await page.getByRole("link", { name: "Reserve this car" }).getAttribute("href"), /quoteRef=FQ/);
  await screenshot(page, "car-detail-uk-quote");
  await page.context().close();
});

test("compare three cars and read the table", async () => {
  const cars = await findCars("vehicles_group_se", { car_is_sample: ["false"] }, 3);
  const page = await newPage(browser);
  for (const c of cars) {
    await page.goto(`${server.url}/bilar/${c.car_id}/${c.slug}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Lägg till i jämförelsen" }).click();
    await page.getByRole("button", { name: "Ta bort från jämförelsen" }).waitFor();
  }
  await page.getByRole("region", { name: "Jämför bilar" }).getByRole("button", { name: "Jämför", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Jämför bilar" });
  await dialog.waitFor();
  assert.equal(await dialog.getByRole("columnheader").count(), 3);
  assert.ok((await dialog.getByRole("rowheader", { name: /Pris/ }).count()) === 1);
  await screenshot(page, "compare-modal");
  await dialog.getByRole("button", { name: "Rensa" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.context().close();
});

test("send a lead: bad phone, then good; the dealer gets the mail", async () => {
  const [car] = await findCars("vehicles_group_se", { car_is_sample: ["false"] }, 1);
  const page = await newPage(browser);
  await page.goto(`${server.url}/bilar/${car.car_id}/${car.slug}#contact-testdrive`);
  const form = page.getByRole("form", { name: /Contact the dealer|Kontakta/ });
  await form.waitFor();
  await page.waitForFunction(() => document.querySelector('input[name="testDrive"]')?.checked);
  // The fields are the app's: typed into before hydration, they would be lost.
  await hydrated(page);
  assert.equal(await form.getByRole("checkbox", { name: /test drive|provkör/i }).isChecked(), true);
  await form.getByRole("textbox", { name: /Name|Namn/ }).fill("Erik E2E");
  await form.getByRole("textbox", { name: /Phone|Telefon/ }).fill("07-ABC");
  await form.getByRole("textbox", { name: /E-mail|E-post/ }).fill("erik@example.se");
  await form.getByRole("button", { name: /Send|Skicka/ }).click();
  await page.getByText(/Please check this field|Kontrollera/).first().waitFor();
  await screenshot(page, "lead-invalid");
  await form.getByRole("textbox", { name: /Phone|Telefon/ }).fill("+46 70 123 45 67");
  await form.getByRole("button", { name: /Send|Skicka/ }).click();
  await page.getByRole("status").filter({ hasText: /Thank|Tack/ }).waitFor();
  await waitFor(() => smtp.mails.length > 0, { what: "the lead mail" });
  assert.equal(smtp.mails.length, 1);
  assert.match(smtp.mails[0].body, /Erik E2E/);
  // The dealer's mail is in the site's language (Swedish on group-se).
  assert.match(mailText(smtp.mails[0]), /Vill provköra: ja/);
  await page.context().close();
});

test("a test-drive or quote link ticks its box before the page's script has run", async () => {
  const [car] = await findCars("vehicles_group_se", { car_is_sample: ["false"] }, 1);
  const page = await newPage(browser);
  // No script of the app arrives: what is ticked, the document ticked.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  for (const [hash, box] of [["contact-testdrive", "testDrive"], ["contact-quote", "quote"]]) {
    await page.goto("about:blank"); // a new document, not a jump to another hash
    await page.goto(`${server.url}/bilar/${car.car_id}/${car.slug}#${hash}`);
    const checked = await page.evaluate(() => [...document.querySelectorAll("#contact-form input[type=checkbox]")].filter((b) => b.checked).map((b) => b.name));
    assert.deepEqual(checked, [box], `#${hash}`);
    assert.equal(await page.evaluate(() => "hydrated" in document.documentElement.dataset), false, "the page has not hydrated");
  }
  await page.context().close();
});
