// Journey of the UK finance action pages: get a PCP quote on a UK car,
// follow "Reserve this car", read the quote summary, send the reservation
// with a bad then a good phone number, and see the dealer's mail arrive at a
// test SMTP listener in this process. Also: a malformed reference is a 404
// with a clear message.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, newPage, screenshot, smtpServer, hydrated, indexReady, waitFor } from "./harness.mjs";

let server, browser, smtp, ukURL;
before(async () => {
  smtp = await smtpServer();
  server = await startServer({ SMTP_ADDR: smtp.addr, SMTP_FROM: "web@forecourt.test" });
  browser = await launchBrowser();
  ukURL = server.url.replace("127.0.0.1", "group-uk.localhost");
  await indexReady(server, "vehicles_group_uk");
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
});

async function ukCar() {
  const res = await fetch(server.url + "/api/search", {
    method: "POST", headers: { Host: "group-uk.localhost" },
    body: JSON.stringify({ index: "vehicles_group_uk", filters: { car_is_used: ["true"], car_year: ["2024", "2025"] }, limit: 1, fields: ["car_id", "slug"] }),
  });
  assert.equal(res.status, 200);
  return (await res.json()).content[0];
}

test("UK: PCP quote → Reserve this car → summary → bad then good phone → success and the dealer's mail", async () => {
  const car = await ukCar();
  const page = await newPage(browser);
  await page.goto(`${ukURL}/cars/${car.car_id}/${car.slug}`);
  await hydrated(page);
  await page.getByRole("tab", { name: /PCP/ }).click();
  const reserve = page.getByRole("link", { name: "Reserve this car" });
  await reserve.waitFor();
  assert.match(await reserve.getAttribute("href"), new RegExp(`^/finance/reserve\\?quoteRef=FQ[A-Z0-9]+&car=${car.car_id}$`));
  await reserve.click();
  await page.waitForURL(/\/finance\/reserve\?quoteRef=FQ/);
  await page.getByRole("heading", { level: 1, name: "Reserve this car" }).waitFor();
  assert.match(await page.title(), /Reserve this car/);
  await page.getByRole("rowheader", { name: "Representative APR" }).waitFor();
  assert.match(await page.getByRole("table").innerText(), /Personal Contract Purchase[\s\S]*Cash price[\s\S]*£/);
  await page.getByRole("heading", { name: "Terms and conditions" }).waitFor();

  const form = page.getByRole("form", { name: "Reserve the car" });
  // Reached by a client-side navigation, or a full load: either way, the app's.
  await hydrated(page);
  await form.getByRole("textbox", { name: "Full name" }).fill("Alice E2E");
  await form.getByRole("textbox", { name: "E-mail" }).fill("alice@example.co.uk");
  await form.getByRole("textbox", { name: "Phone" }).fill("12-ABC");
  const today = await form.getByLabel("Preferred collection date").getAttribute("min");
  assert.match(today, /^\d{4}-\d{2}-\d{2}$/);
  await form.getByLabel("Preferred collection date").fill(today);
  await form.getByRole("button", { name: "Send" }).click();
  await page.getByText(/Please enter a UK phone number/).waitFor();
  await screenshot(page, "uk-finance-reserve-invalid");
  await form.getByRole("textbox", { name: "Phone" }).fill("07700 900123");
  await form.getByRole("button", { name: "Send" }).click();
  await page.getByRole("status").filter({ hasText: /reservation request has been sent/ }).waitFor();
  await screenshot(page, "uk-finance-reserve-sent");

  await waitFor(() => smtp.mails.length > 0, { what: "the dealer's mail" });
  assert.equal(smtp.mails.length, 1);
  assert.match(smtp.mails[0].body, /Request: Reservation/);
  assert.match(smtp.mails[0].body, /Quote reference: FQ/);
  assert.match(smtp.mails[0].body, /Alice E2E/);
  await page.context().close();
});

test("UK: a malformed quote reference is a 404 with a clear message", async () => {
  const res = await fetch(`${server.url}/finance/reserve?quoteRef=nonsense`, { headers: { Host: "group-uk.localhost" } });
  assert.equal(res.status, 404);
  const page = await newPage(browser);
  await page.goto(`${ukURL}/finance/part-exchange?quoteRef=nonsense`);
  await page.getByText("We could not find that quote. Please get a new quote on the car's page.").waitFor();
  await page.context().close();
});
