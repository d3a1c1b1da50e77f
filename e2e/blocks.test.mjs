// Journeys of the content blocks and stories: tag filtering and 'load more',
// story to story navigation, the disclaimer modal, and axe checks on the
// home page, a story and the pages holding every block.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import path from "node:path";
import { root, startServer, launchBrowser, newPage, screenshot, hydrated } from "./harness.mjs";

const require = createRequire(path.join(root, "web", "package.json"));
const { AxeBuilder } = require("@axe-core/playwright");

let server, browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * fullShot screenshots the whole page after scrolling through it: at each
 * step it waits (frame by frame, 5 s at most) until the pictures in view
 * have loaded, so lazy pictures are in the shot.
 */
async function fullShot(page, name) {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const inView = () =>
      [...document.images].filter((img) => {
        const r = img.getBoundingClientRect();
        return r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
      });
    for (let y = 0; ; y += 600) {
      window.scrollTo(0, y);
      await frame();
      const deadline = performance.now() + 5000;
      while (performance.now() < deadline && !inView().every((img) => img.complete)) await frame();
      if (y + innerHeight >= document.documentElement.scrollHeight) break;
    }
    window.scrollTo(0, 0);
    await frame();
  });
  await page.screenshot({ path: path.join(root, "e2e", "screenshots", `${name}.png`), fullPage: true });
}

async function axe(page, label) {
  const res = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = res.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`),
    [],
    `${label}: serious or critical axe violations`,
  );
}

test("stories: filter by two tags (OR) and load more", async () => {
  const page = await newPage(browser);
  const res = await page.goto(server.url + "/nyheter");
  assert.equal(res.status(), 200);
  const html = await res.text();
  assert.match(html, /fc-story-card/, "first page is rendered on the server");
  await hydrated(page);
  const cards = page.locator(".fc-story-card");
  assert.equal(await cards.count(), 4, "page size 4");
  await page.getByRole("button", { name: "Visa fler (10)" }).waitFor();
  await screenshot(page, "stories-list");

  await page.getByRole("button", { name: "Elbil" }).click();
  await page.waitForFunction(() => document.querySelectorAll(".fc-story-card").length > 0 && !document.querySelector(".fc-spinner"));
  await page.getByRole("button", { name: "Anläggningar" }).click();
  await page.waitForFunction(() => !document.querySelector(".fc-spinner") && !document.querySelector(".fc-stories__results--pending"));
  assert.equal(await page.getByRole("button", { name: "Elbil" }).getAttribute("aria-pressed"), "true");
  assert.equal(await page.getByRole("button", { name: "Anläggningar" }).getAttribute("aria-pressed"), "true");
  assert.equal(await page.getByRole("button", { name: "Visa alla" }).getAttribute("aria-pressed"), "false");
  // 4 electric + 3 dealership stories, one in both: 4 + 3 = 7 (no overlap in the demo).
  assert.equal(await cards.count(), 4);
  const more = page.getByRole("button", { name: /Visa fler \(3\)/ });
  await more.click();
  await page.waitForFunction(() => document.querySelectorAll(".fc-story-card").length === 7);
  assert.equal(await page.getByRole("button", { name: /Visa fler/ }).count(), 0, "no 'load more' when count equals total");
  const texts = await page.locator(".fc-story-card__tags").allInnerTexts();
  for (const t of texts) assert.match(t, /Elbil|Anläggningar/);
  // Dates are shown (showDates) and newest first.
  const dates = await page.locator(".fc-story-card time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")));
  assert.deepEqual([...dates].sort().reverse(), dates);
  await screenshot(page, "stories-filtered");
  await page.getByRole("button", { name: "Visa alla" }).click();
  await page.waitForFunction(() => document.querySelectorAll(".fc-story-card").length === 4 && !document.querySelector(".fc-spinner"));
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("stories: open a story and go to the next one, then back to the index", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/nyheter");
  await hydrated(page);
  await page.getByRole("link", { name: "Nya elektriska SUV:en är här – provkör i helgen" }).click();
  await page.waitForURL(server.url + "/nyheter/ny-elektrisk-suv");
  await page.waitForSelector("h1:has-text('Nya elektriska SUV:en')");
  assert.equal(await page.locator(".fc-story-header time").getAttribute("datetime"), "2026-11-18");
  await fullShot(page, "story");
  const footer = page.getByRole("navigation", { name: "Fler nyheter" });
  assert.equal(await footer.getByRole("link", { name: /Föregående artikel/ }).count(), 0, "the newest story has no previous");
  await footer.getByRole("link", { name: /Nästa artikel/ }).click();
  await page.waitForURL(server.url + "/nyheter/ny-anlaggning-uppsala");
  await page.waitForSelector("h1:has-text('Vi öppnar ny anläggning i Uppsala')");
  await footer.getByRole("link", { name: /Tillbaka till Nyheter/ }).click();
  await page.waitForURL(server.url + "/nyheter");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("disclaimer modal: approve is remembered, decline links away", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/kampanjer/foretagsleasing");
  const dialog = page.getByRole("dialog", { name: "Erbjudandet gäller endast företag" });
  await dialog.waitFor();
  await screenshot(page, "disclaimer-modal");
  // Focus is inside and Tab cycles within the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]")), "focus stays in the dialog");
  }
  await dialog.getByRole("button", { name: "Jag representerar ett företag" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.reload();
  // The modal decides in an effect whether to show; hydrated comes after it.
  await hydrated(page);
  assert.equal(await page.getByRole("dialog").count(), 0, "approval remembered");
  await page.context().close();

  const page2 = await newPage(browser);
  await page2.goto(server.url + "/kampanjer/foretagsleasing");
  await page2.getByRole("dialog").getByRole("link", { name: "Nej, visa privaterbjudanden" }).click();
  await page2.waitForURL(server.url + "/kampanjer");
  // In-site navigation: the URL changes before React has rendered the new page.
  await page2.getByRole("dialog").waitFor({ state: "detached" });
  await page2.goto(server.url + "/kampanjer/foretagsleasing");
  await page2.getByRole("dialog").waitFor();
  await page2.context().close();
});

test("every block renders; axe finds no serious or critical problems", async () => {
  const page = await newPage(browser);
  for (const [url, name] of [
    ["/", "home"],
    ["/tjanster", "services"],
    ["/kampanjer", "offers"],
    ["/nyheter/ny-elektrisk-suv", "story"],
    ["/nyheter", "stories"],
  ]) {
    const res = await page.goto(server.url + url).catch((e) => {
      throw new Error(`${url}: ${e.message}\nserver log:\n${server.logs.join("").slice(-3000)}`);
    });
    assert.equal(res.status(), 200, url);
    await hydrated(page);
    await fullShot(page, `full-${name}`);
    await axe(page, url);
  }
  // Blocks on the services page by role and name.
  await page.goto(server.url + "/tjanster");
  await hydrated(page);
  const faq = page.getByRole("button", { name: "Hur bokar jag service?" });
  assert.equal(await faq.getAttribute("aria-expanded"), "false");
  await faq.click();
  assert.equal(await faq.getAttribute("aria-expanded"), "true");
  await page.getByRole("button", { name: /Visa fler \(2\)/ }).click();
  await page.getByRole("link", { name: /Checklista inför vintern/ }).waitFor();
  const mega = page.getByRole("navigation", { name: "Tjänster" });
  await mega.getByRole("button", { name: "Service och verkstad" }).click();
  await mega.getByRole("link", { name: "Skadeverkstad" }).waitFor();
  await page.keyboard.press("Escape");
  const share = await page.getByRole("link", { name: "Dela på Facebook" }).getAttribute("href");
  assert.match(share, /facebook\.com\/sharer\/sharer\.php\?u=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Ftjanster/);
  await page.goto(server.url + "/kampanjer");
  await hydrated(page);
  await page.waitForFunction(() => !document.querySelector(".fc-countdown__value")?.textContent?.includes("-"));
  await page.getByRole("link", { name: "konsumentverket.se (öppnas i nytt fönster)" }).waitFor();
  await page.getByText("Att låna kostar pengar!").waitFor();
  // English site.
  const uk = await newPage(browser);
  const ukURL = server.url.replace("127.0.0.1", "group-uk.localhost");
  await uk.goto(ukURL + "/news");
  await hydrated(uk);
  await fullShot(uk, "uk-news");
  await uk.goto(ukURL + "/");
  await hydrated(uk);
  await fullShot(uk, "uk-home");
  await axe(uk, "uk home");
  await uk.context().close();
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});
