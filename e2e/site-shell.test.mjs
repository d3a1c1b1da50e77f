// Journeys of the site shell's blocks: main navigation (desktop by mouse and
// keyboard, mobile hamburger), alert dismissal, footer copy and cookie
// settings, consent banner, scroll-to-top and brand theming.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, newPage, screenshot, hydrated } from "./harness.mjs";

let server, browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const nav = (page) => page.getByRole("navigation", { name: "Huvudmeny" });
/**
 * settledBg reads the background once a colour transition has ended: when
 * two frames in a row show the same colour (the page prefers reduced motion,
 * so a transition lasts a hundredth of a millisecond).
 */
const settledBg = (loc) =>
  loc.evaluate(
    (el) =>
      new Promise((resolve) => {
        let last = getComputedStyle(el).backgroundColor;
        const next = () =>
          requestAnimationFrame(() => {
            const now = getComputedStyle(el).backgroundColor;
            if (now === last) resolve(now);
            else (last = now), next();
          });
        next();
      }),
  );

test("desktop menu by mouse: the floating bar turns solid, a dropdown opens on hover and a link navigates", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/");
  await hydrated(page);
  const bar = page.locator("nav.fc-nav");
  assert.match(await bar.getAttribute("class"), /fc-nav--floating/);
  await page.mouse.move(700, 600); // over the hero, away from the bar
  assert.equal(await settledBg(bar), "rgba(0, 0, 0, 0)", "transparent over the hero");
  const trigger = nav(page).getByRole("button", { name: "Köpa bil" });
  await trigger.hover();
  await page.waitForFunction(() => document.querySelector("nav.fc-nav")?.matches(".fc-nav--solid"));
  assert.equal(await trigger.getAttribute("aria-expanded"), "true");
  assert.equal(await settledBg(bar), "rgb(255, 255, 255)", "solid while a dropdown is open");
  const panel = page.locator(`#${await trigger.getAttribute("aria-controls")}`.replace(/:/g, "\\:"));
  await panel.getByRole("link", { name: "Finansiering" }).waitFor();
  await screenshot(page, "nav-desktop-dropdown");
  await panel.getByRole("link", { name: "Finansiering" }).click();
  await page.waitForURL(server.url + "/kopa-bil/finansiering");
  await page.waitForSelector("h1:has-text('Finansiering')");
  assert.equal(await nav(page).getByRole("button", { name: "Köpa bil" }).getAttribute("aria-expanded"), "false", "menu resets on route change");
  assert.doesNotMatch(await bar.getAttribute("class"), /fc-nav--floating/, "solid on other pages");
  // Items that do not fit the bar are in the 'More' menu.
  const more = nav(page).getByRole("button", { name: /^(Mer|More)$/ });
  await more.click();
  const morePanel = page.locator(`#${await more.getAttribute("aria-controls")}`.replace(/:/g, "\\:"));
  await morePanel.getByRole("link", { name: "Vår historia" }).click();
  await page.waitForURL(server.url + "/om-oss/historia");
  await page.waitForSelector("h1:has-text('Vår historia')");
  // Leaving the pointer closes after the delay.
  await nav(page).getByRole("button", { name: "Köpa bil" }).hover();
  await page.mouse.move(700, 700);
  await page.waitForFunction(() => document.querySelector('nav.fc-nav button[aria-expanded="true"]') === null);
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("desktop menu by keyboard: arrows, ArrowDown into the panel, Escape back to the trigger, Enter opens", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/om-oss");
  await hydrated(page);
  const buy = nav(page).getByRole("button", { name: "Köpa bil" });
  await buy.focus();
  await page.keyboard.press("ArrowRight");
  const brands = nav(page).getByRole("button", { name: "Våra märken" });
  assert.equal(await brands.evaluate((el) => el === document.activeElement), true);
  await page.keyboard.press("ArrowDown");
  assert.equal(await brands.getAttribute("aria-expanded"), "true");
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), "Våra märken", "overview link first");
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), "Mercedes-Benz");
  await screenshot(page, "nav-desktop-keyboard");
  await page.keyboard.press("Escape");
  assert.equal(await brands.getAttribute("aria-expanded"), "false");
  assert.equal(await brands.evaluate((el) => el === document.activeElement), true, "focus back on the trigger");
  await page.keyboard.press("Enter");
  assert.equal(await brands.getAttribute("aria-expanded"), "true");
  // Tab moves on naturally into the open panel.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => !!document.activeElement?.closest("[data-nav-panel]")), true);
  await page.keyboard.press("Enter");
  await page.waitForURL(server.url + "/varumarken");
  // The language switcher: current language marked.
  const lang = nav(page).getByRole("button", { name: /Språk: Svenska/ });
  await lang.click();
  assert.equal(await nav(page).getByRole("link", { name: "Svenska" }).getAttribute("aria-current"), "page");
  assert.equal(await nav(page).getByRole("link", { name: "English" }).getAttribute("href"), "/en/varumarken");
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});

test("mobile menu: hamburger toggles, accordion levels, outside click and Escape close", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(server.url + "/");
  await hydrated(page);
  assert.equal(await nav(page).getByRole("button", { name: "Köpa bil" }).isVisible(), false, "no desktop bar below 1280 px");
  const burger = nav(page).getByRole("button", { name: "Meny" });
  await screenshot(page, "home-mobile");
  await burger.tap();
  assert.equal(await burger.getAttribute("aria-expanded"), "true");
  const menu = page.locator(".fc-nav__mobile");
  await menu.getByRole("button", { name: "Om oss" }).tap();
  await menu.getByRole("button", { name: "Jobba hos oss" }).tap();
  await menu.getByRole("link", { name: "Lediga tjänster" }).waitFor();
  await screenshot(page, "nav-mobile-open");
  await page.mouse.click(4, 4); // on the alert bar, outside the navigation
  assert.equal(await burger.getAttribute("aria-expanded"), "false", "outside click closes");
  await burger.tap();
  await page.keyboard.press("Escape");
  assert.equal(await nav(page).getByRole("button", { name: "Meny" }).getAttribute("aria-expanded"), "false");
  await burger.tap();
  await menu.getByRole("link", { name: "Boka service" }).tap();
  await page.waitForURL(server.url + "/boka-service");
  assert.equal(await nav(page).getByRole("button", { name: "Meny" }).getAttribute("aria-expanded"), "false", "route change closes the menu");
  await page.context().close();
});

test("alert: dismissed for a day and stays hidden after reload; a Warning is never dismissable", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/");
  await page.waitForSelector(".fc-alert");
  await page.getByRole("button", { name: "Stäng meddelande" }).click();
  await page.waitForSelector(".fc-alert", { state: "detached" });
  const cookie = (await page.context().cookies()).find((c) => c.name === "hideAlert");
  assert.ok(cookie, "hideAlert cookie set");
  const days = (cookie.expires - Date.now() / 1000) / 86400;
  assert.ok(days > 0.99 && days <= 1.0001, `lasts one day (${days})`);
  const res = await page.reload();
  assert.doesNotMatch(await res.text(), /fc-alert/, "server leaves the alert out");
  await hydrated(page);
  assert.equal(await page.locator(".fc-alert").count(), 0);

  const uk = await newPage(browser);
  await uk.context().addCookies([{ name: "hideAlert", value: "true", domain: "group-uk.localhost", path: "/" }]);
  await uk.goto(`http://group-uk.localhost:${server.port}/`);
  const alert = uk.getByRole("alert");
  await alert.waitFor();
  assert.match(await alert.textContent(), /Recall notice/);
  assert.equal(await uk.getByRole("button", { name: /close|Stäng/i }).count(), 0, "no dismiss button on a Warning");
  await screenshot(uk, "uk-warning-alert");
  await page.context().close();
  await uk.context().close();
});

test("footer: copy an address, open cookie settings, external link marked", async () => {
  const page = await newPage(browser);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await page.goto(server.url + "/om-oss");
  await hydrated(page);
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("button", { name: "Kopiera kundservice@forecourt.se" }).click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "kundservice@forecourt.se");
  await footer.getByText("Copied", { exact: false }).first().waitFor();
  await screenshot(page, "footer-copied");
  await page.waitForFunction(() => ![...document.querySelectorAll("footer [role=status]")].some((s) => s.textContent));
  const ext = footer.getByRole("link", { name: /Konsumentverket/ });
  assert.equal(await ext.getAttribute("target"), "_blank");
  assert.match(await ext.textContent(), /öppnas i nytt fönster/);
  const settings = footer.getByRole("button", { name: "Cookieinställningar" });
  await settings.click();
  const dialog = page.getByRole("dialog", { name: "Cookieinställningar" });
  await dialog.waitFor();
  await screenshot(page, "consent-dialog");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert.equal(await settings.evaluate((el) => el === document.activeElement), true, "focus returns to the link");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => Math.ceil(window.scrollY + innerHeight) >= document.documentElement.scrollHeight);
  await screenshot(page, "footer-desktop");
  await page.context().close();
});

test("consent banner on the first visit stores the choice in the consent cookie", async () => {
  const page = await newPage(browser, { consent: false });
  await page.goto(server.url + "/");
  const banner = page.getByRole("region", { name: "Vi använder cookies" });
  await banner.waitFor();
  await screenshot(page, "consent-banner");
  const detail = page.evaluate(() => new Promise((r) => window.addEventListener("forecourt:consent", (e) => r(e.detail), { once: true })));
  await banner.getByRole("button", { name: "Godkänn alla" }).click();
  assert.deepEqual(await detail, { analytics: true, marketing: true });
  const cookie = (await page.context().cookies()).find((c) => c.name === "consent");
  assert.deepEqual(JSON.parse(decodeURIComponent(cookie.value)), { analytics: true, marketing: true });
  assert.ok((cookie.expires - Date.now() / 1000) / 86400 > 364, "kept for a year");
  await page.reload();
  await hydrated(page);
  assert.equal(await banner.count(), 0);
  await page.context().close();
});

test("scroll-to-top appears after 528 px at the bottom left", async () => {
  const page = await newPage(browser);
  await page.goto(server.url + "/");
  await hydrated(page);
  const btn = page.getByRole("button", { name: "Till toppen" });
  // The scroll event has reached the app when a frame has been drawn since.
  await page.evaluate(() => new Promise((r) => { window.scrollTo(0, 500); requestAnimationFrame(() => requestAnimationFrame(r)); }));
  assert.equal(await btn.count(), 0);
  await page.evaluate(() => window.scrollTo(0, 900));
  await btn.waitFor();
  const box = await btn.boundingBox();
  assert.ok(box.x < 60 && box.y + box.height > 900 - 60, `bottom-left (${JSON.stringify(box)})`);
  await btn.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await page.context().close();
});

test("brand pages set the brand colours", async () => {
  const page = await newPage(browser);
  for (const [path, brand, color] of [
    ["/varumarken/mercedes-benz", "mercedes", "rgb(0, 120, 214)"],
    ["/varumarken/smart", "smart", "rgb(181, 211, 52)"],
  ]) {
    const res = await page.goto(server.url + path);
    assert.equal(res.status(), 200);
    assert.match(await res.text(), new RegExp(`data-brand="${brand}"`));
    const hero = page.locator(".fc-hero .fc-button--primary");
    assert.equal(await hero.evaluate((el) => getComputedStyle(el).backgroundColor), color);
    await screenshot(page, `brand-${brand}`);
  }
  assert.deepEqual(page.consoleProblems, []);
  await page.context().close();
});
