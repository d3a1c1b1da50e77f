// Journey of the saved searches: save a car-list search with
// 'Bevaka sökningen', confirm it from the mail read from the harness's SMTP
// listener, import a stock feed with a price drop through `forecourt import
// cars` against the server's data folder, let the digest sweep run (every
// 2 s here, from hour 0), receive the alert, follow its link to the car, and
// unsubscribe with one click (RFC 8058). The dialog, the saved-searches page
// and the digest's HTML are screenshotted under /tmp and checked with axe.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, launchBrowser, newPage, smtpServer, root, hydrated, indexReady, waitFor } from "./harness.mjs";

const require = createRequire(path.join(root, "web", "package.json"));
const { AxeBuilder } = require("@axe-core/playwright");

const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), "alerts-shots");
const bin = path.join(root, "bin", "forecourt");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-e2e-alerts-"));
let server, browser, smtp;

function run(args, env = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, args, { cwd: root, env: { ...process.env, DATA_DIR: dataDir, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`forecourt ${args.join(" ")} exited ${code}: ${out}`))));
  });
}

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await run(["seed"]);
  smtp = await smtpServer();
  server = await startServer({
    DATA_DIR: dataDir, SMTP_ADDR: smtp.addr, SMTP_FROM: "web@forecourt.test", FORMS_MIN_FILL_MS: "500",
    ALERTS_SWEEP_INTERVAL: "2s", ALERTS_DIGEST_HOUR: "0", JOB_POLL_MS: "200",
  });
  browser = await launchBrowser();
  // A busy machine takes a while to build every site's index.
  await indexReady(server, "vehicles_group_se", { nonEmpty: true });
});
after(async () => {
  await browser?.close();
  await server?.stop();
  smtp?.srv.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const on = (site, p) => `http://${site}.localhost:${server.port}${p}`;

async function axe(page, label, include) {
  let b = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (include) b = b.include(include);
  const res = await b.analyze();
  const bad = res.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`), [], `${label}: axe`);
}

/** mails waits until address has n mails and returns them. */
function mails(address, n, timeout = 60000) {
  const to = () => smtp.mails.filter((x) => x.to.includes(address));
  return waitFor(() => to().length >= n && to(), { timeout, interval: 200, what: () => `${n} mails to ${address} (got ${to().length})` });
}

/** qp decodes quoted-printable text. */
function qp(s) {
  const bin = s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bin, "latin1").toString("utf8");
}

/** part returns the decoded text/plain or text/html part of a mail. */
function part(m, type) {
  const i = m.body.indexOf(`Content-Type: ${type}`);
  assert.ok(i >= 0, `no ${type} part`);
  const start = m.body.indexOf("\n\n", i) + 2;
  const end = m.body.indexOf("\n--", start);
  return qp(m.body.slice(start, end));
}

/** header returns a header of the mail (unfolded). */
function header(m, name) {
  const head = m.body.slice(0, m.body.indexOf("\n\n")).replace(/\n[ \t]+/g, " ");
  const line = head.split("\n").find((l) => l.toLowerCase().startsWith(name.toLowerCase() + ":"));
  return line?.slice(name.length + 1).trim();
}

const slug = (s) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

test("save a search, confirm it, get the price drop of an import, follow it to the car, unsubscribe", async () => {
  // A used diesel car without a campaign price: its asking price is car_price.
  const res = await fetch(server.url + "/api/search", {
    method: "POST",
    body: JSON.stringify({
      index: "vehicles_group_se", filters: { car_fuel: ["Diesel"], car_vehicle_type_code: ["PC"], car_is_used: ["true"] }, limit: 48,
      sort_name: "car_publishdate_desc", fields: ["car_id", "car_brand", "car_model", "slug", "car_has_campaign_price"],
    }),
  });
  const found = await res.json();
  const car = found.content?.find((c) => !c.car_has_campaign_price && c.car_brand && c.car_model);
  assert.ok(car?.car_id, `no diesel car without a campaign in the demo stock: ${res.status} ${JSON.stringify(found).slice(0, 300)}`);
  const listPath = `/bilar/${slug(car.car_brand)}/${slug(car.car_model)}?car_fuel=Diesel`;
  const email = `kund.${Date.now()}@example.se`;

  const page = await newPage(browser);
  await page.goto(on("group-se", listPath));
  const open = page.getByRole("button", { name: "Bevaka sökningen" });
  await open.waitFor();
  // The dialog's code loads on the first press, once the page has hydrated.
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Bevaka sökningen" });
  await open.click();
  await dialog.waitFor();
  const field = dialog.getByRole("textbox", { name: /E-postadress/ });
  assert.equal(await field.evaluate((el) => el === document.activeElement), true, "focus moves into the dialog");
  await page.screenshot({ path: path.join(SHOTS, "alerts-dialog.png") });
  await axe(page, "dialog", ".fc-save-search__modal");

  // A bad address is named at the field; nothing is sent.
  await field.fill("kund@");
  await dialog.getByRole("button", { name: "Bevaka" }).click();
  await dialog.getByText("Ange en giltig e-postadress").waitFor();
  await field.fill(email);
  await dialog.getByRole("radio", { name: "Högst en gång om dagen" }).check();
  await dialog.getByRole("button", { name: "Bevaka" }).click();
  await dialog.getByRole("status").getByText(/Nästan klart!/).waitFor({ timeout: 20000 });
  await page.screenshot({ path: path.join(SHOTS, "alerts-dialog-sent.png") });
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });

  // The confirmation mail: text and HTML, one-click unsubscribe headers.
  const [confirm] = await mails(email, 1, 20000);
  assert.match(header(confirm, "Subject"), /Bekr=C3=A4fta|Bekräfta/);
  assert.equal(header(confirm, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  assert.match(header(confirm, "List-Unsubscribe"), /^<http:\/\/group-se\.localhost:\d+\/api\/alerts\/unsubscribe\?token=/);
  const text = part(confirm, "text/plain");
  const confirmURL = text.match(/https?:\/\/\S+\/bevakningar\?confirm=\S+/)?.[0];
  assert.ok(confirmURL, `no confirm link in:\n${text}`);
  assert.match(part(confirm, "text/html"), /Bekräfta bevakningen/);

  await page.goto(confirmURL);
  await page.getByText("Tack! Din bevakning är startad.").waitFor();
  await page.getByRole("heading", { level: 2, name: new RegExp(car.car_model) }).waitFor();
  assert.equal(await page.getByRole("radio", { name: "Högst en gång om dagen" }).isChecked(), true);
  assert.match(page.url(), /\/bevakningar\?token=/, "the address keeps the manage token, not the confirm token");
  await page.screenshot({ path: path.join(SHOTS, "alerts-manage.png"), fullPage: true });
  await axe(page, "saved searches");

  // Import a feed where the car is cheaper.
  // The whole record as the feed has it: the detail page's data carries it.
  const pd = await (await fetch(`${server.url}/_page/bilar/${car.car_id}/${car.slug}`)).json();
  const doc = Object.values(pd.page.data).find((d) => d && d.car && d.car.car_id === car.car_id).car;
  const oldPrice = doc.car_price;
  doc.car_price = Math.round((oldPrice * 0.9) / 1000) * 1000;
  const feed = path.join(dataDir, "drop.jsonl");
  fs.writeFileSync(feed, JSON.stringify(doc) + "\n");
  const out = await run(["import", "cars", "--site", "group-se", feed]);
  assert.match(out, /1 changed/);

  // The digest: the drop with old and new price, linking to the car.
  const got = await mails(email, 2, 90000);
  const digest = got[1];
  assert.equal(header(digest, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  const dtext = part(digest, "text/plain");
  const fmt = (n) => new Intl.NumberFormat("sv-SE").format(n).replace(/\s/g, "\u00a0") + "\u00a0kr";
  assert.match(dtext, /Sänkt pris/);
  assert.ok(dtext.includes(fmt(doc.car_price)) && dtext.includes(fmt(oldPrice)), `prices ${fmt(oldPrice)} → ${fmt(doc.car_price)} in:\n${dtext}`);
  const carURL = dtext.match(new RegExp(`http://group-se\\.localhost:\\d+/bilar/${car.car_id}/\\S+`))?.[0];
  assert.ok(carURL, `no link to car ${car.car_id} in:\n${dtext}`);
  const html = part(digest, "text/html");
  const mailPage = await newPage(browser, { viewport: { width: 720, height: 900 } });
  await mailPage.setContent(html);
  await mailPage.screenshot({ path: path.join(SHOTS, "alerts-digest.png"), fullPage: true });
  await mailPage.context().close();

  const resp = await page.goto(carURL);
  assert.equal(resp.status(), 200);
  await page.getByRole("heading", { level: 1, name: new RegExp(car.car_brand) }).waitFor();

  // One click (RFC 8058) ends the alerts; the saved-searches page says so.
  // (Node's fetch does not resolve *.localhost; 127.0.0.1 is group-se too.)
  const oneClick = header(digest, "List-Unsubscribe").replace(/^<|>$/g, "").replace(/^http:\/\/[^/]+/, server.url);
  const un = await fetch(oneClick, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
  assert.equal(un.status, 200);
  const manageURL = dtext.match(/https?:\/\/\S+\/bevakningar\?token=\S+/)?.[0];
  await page.goto(manageURL);
  await page.getByText("Du har inga bevakningar just nu.").waitFor();

  // A tampered link is refused with the page's message.
  await page.goto(confirmURL.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
  await page.getByText(/Länken fungerar inte/).waitFor();
  assert.deepEqual(page.consoleProblems.filter((p) => !/status of 4\d\d/.test(p)), []);
});
