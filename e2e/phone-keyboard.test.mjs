// Phones and keyboards: what a visitor
// on a phone or with a keyboard met on the car list, car page, compare
// dialog, booking and the carstore home, each checked as they would meet it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, newPage, hydrated, screenshot, waitFor } from "./harness.mjs";
import { siteURL, SITES } from "./templates.mjs";

let server, browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const phone = () => newPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
const desktop = () => newPage(browser, { viewport: { width: 1280, height: 800 } });
/** LIST_PATH is each site's car list. */
const LIST_PATH = { "group-se": "/bilar", "dealer-se": "/bilar", "carstore-se": "/bilar", "group-no": "/biler", "carstore-no": "/biler", "group-dk": "/biler", "group-fi": "/autot", "carstore-fi": "/autot", "group-sk": "/auta", "carstore-sk": "/auta", "group-uk": "/cars", "group-eu": "/cars" };

/** inCompare adds the first n cards of the list to the compare list and waits for the bar to show them. */
async function inCompare(page, n) {
  const buttons = page.locator(".fc-car-card__compare");
  for (let i = 0; i < n; i++) {
    await buttons.nth(i).click();
    await page.waitForFunction((k) => document.querySelectorAll(".fc-compare-bar__car").length === k, i + 1);
  }
}

test("the compare dialog fits a phone: cars in swipeable columns, close button on screen", async () => {
  const page = await phone();
  try {
    await page.goto(siteURL(server.port, "group-se", "/bilar"));
    await hydrated(page);
    await inCompare(page, 3);
    await page.getByRole("button", { name: "Jämför", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Jämför bilar" });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `dialog spans ${box.x}–${box.x + box.width} px`);
    const close = await dialog.getByRole("button", { name: "Stäng" }).boundingBox();
    assert.ok(close.x >= 0 && close.x + close.width <= 390, `close button at ${close.x} px`);
    const m = await page.evaluate(() => {
      const s = document.querySelector(".fc-compare-modal__scroll");
      return { snap: getComputedStyle(s).scrollSnapType, scrolls: s.scrollWidth > s.clientWidth, page: document.documentElement.scrollWidth };
    });
    assert.match(m.snap, /x mandatory/);
    assert.ok(m.scrolls, "the car columns swipe inside the dialog");
    assert.ok(m.page <= 390, `page ${m.page} px wide`);
    await screenshot(page, "phone-compare-dialog-390");
  } finally {
    await page.context().close();
  }
});

test("the car page back button keeps its chevron on its line", async () => {
  const page = await phone();
  try {
    await page.goto(siteURL(server.port, "group-fi", "/autot"));
    await hydrated(page);
    await page.locator(".fc-car-card__link").first().click();
    await page.locator(".fc-cd__back").waitFor();
    const h = await page.locator(".fc-cd__back").evaluate((b) => ({ height: b.getBoundingClientRect().height }));
    assert.ok(h.height <= 48, `back button ${h.height} px high: its words wrapped`);
    // The thumbnail strip scrolls inside itself and follows the picture shown.
    const n = await page.locator(".fc-gallery__thumbs li").count();
    for (let i = 1; i < n; i++) await page.locator(".fc-gallery__nav--next").click();
    await page.waitForFunction(() => {
      const ul = document.querySelector(".fc-gallery__thumbs");
      const on = ul.querySelector("button[aria-current]").getBoundingClientRect();
      const box = ul.getBoundingClientRect();
      return on.left >= box.left - 1 && on.right <= box.right + 1;
    }, null, { timeout: 5_000 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
    await screenshot(page, "phone-car-page-390");
  } finally {
    await page.context().close();
  }
});

test("the sort box shows its whole value on phones, on every site", async () => {
  const page = await newPage(browser, { viewport: { width: 360, height: 800 }, hasTouch: true });
  try {
    for (const [site, path] of Object.entries(LIST_PATH)) {
      await page.goto(siteURL(server.port, site, path));
      await hydrated(page);
      const cut = await page.locator(".fc-sort select").evaluate((sel) => {
        const cs = getComputedStyle(sel);
        const ctx = document.createElement("canvas").getContext("2d");
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        return [...sel.options].map((o) => o.text).filter((text) => ctx.measureText(text).width > room);
      });
      assert.deepEqual(cut, [], `${site}: sort values cut off`);
    }
  } finally {
    await page.context().close();
  }
});

test("phone filters: the button says how many are chosen, and a tick keeps focus on its box", async () => {
  const page = await phone();
  try {
    await page.goto(siteURL(server.port, "group-se", "/bilar"));
    await hydrated(page);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Filter" });
    await drawer.waitFor();
    const boxes = drawer.getByRole("checkbox");
    await boxes.first().focus();
    await page.keyboard.press("Space");
    await page.waitForFunction(() => document.querySelectorAll(".fc-chip").length === 1);
    assert.equal(await boxes.first().evaluate((b) => b === document.activeElement), true, "focus left the ticked box");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.waitForFunction(() => document.querySelectorAll(".fc-chip").length === 2);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("type")), "checkbox");
    await page.getByRole("button", { name: "Stäng filter" }).click();
    await page.getByRole("button", { name: "Filter, 2 valda" }).waitFor();
  } finally {
    await page.context().close();
  }
});

test("adding a car to compare is announced, and a link after the card leads to the compare bar", async () => {
  const page = await desktop();
  try {
    await page.goto(siteURL(server.port, "group-se", "/bilar"));
    await hydrated(page);
    await inCompare(page, 2);
    const status = page.locator("p[role=status]").filter({ hasText: "tillagd i jämförelsen" });
    await status.waitFor({ state: "attached" });
    assert.match(await status.textContent(), /tillagd i jämförelsen, 2 bilar valda/);
    assert.equal(await page.getByRole("region", { name: "Jämför bilar" }).count(), 1);
    const third = page.locator(".fc-car-card__compare").nth(2);
    await third.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelectorAll(".fc-compare-bar__car").length === 3);
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    assert.equal(focused, "Jämför 3 bilar", "the next Tab stop after the card is the shortcut");
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate(() => document.activeElement?.closest("#fc-compare-bar") !== null), true, "the shortcut moves focus to the bar");
  } finally {
    await page.context().close();
  }
});

test("the layout switch of the list speaks in words a visitor understands, on every site", async () => {
  const page = await desktop();
  try {
    for (const site of SITES) {
      await page.goto(siteURL(server.port, site, LIST_PATH[site]));
      await hydrated(page);
      const names = await page.locator(".fc-segmented label").allTextContents();
      assert.equal(names.length, 2, site);
      for (const n of names) assert.doesNotMatch(n, /^(Fast|Fäll ut|Fell ut|Fold ud|Pinned|Collapsible|Kiinteä|Avattava|Pevný|Rozbaľovací)$/, `${site}: "${n}"`);
    }
  } finally {
    await page.context().close();
  }
});

test("the scroll-to-top button never covers a video or the open booking summary", async () => {
  const page = await phone();
  try {
    await page.goto(siteURL(server.port, "group-se", "/tjanster"));
    await hydrated(page);
    // What the button lies over (null when hidden or over nothing to keep clear).
    const coveredNow = () => {
      const b = document.querySelector(".fc-scroll-top");
      if (!b || getComputedStyle(b).visibility === "hidden") return null;
      const a = b.getBoundingClientRect();
      const hit = [...document.querySelectorAll("video, iframe, .fc-video-embed__caption, .fc-booking-summary__inner")].find((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && a.left < r.right && a.right > r.left && a.top < r.bottom && a.bottom > r.top;
      });
      return hit ? String(hit.className || hit.tagName) : null;
    };
    // The button steps aside within a moment (it checks on the next frame and after transitions).
    // Polled from here, each look a fresh evaluation (one that fails, say
    // while the page settles, counts as not yet), up to 10 s.
    const look = () => page.evaluate(`(${coveredNow})()`);
    const covered = () =>
      waitFor(async () => (await look().catch(() => "?")) === null, { timeout: 10_000, what: "the button to step aside" }).then(() => null, () => look());
    // Put each video's bottom-left corner where the button sits.
    const videos = await page.locator("video, iframe").count();
    assert.ok(videos > 0, "the services page has videos");
    for (let i = 0; i < videos; i++) {
      await page.locator("video, iframe").nth(i).evaluate((v) => window.scrollBy(0, v.getBoundingClientRect().bottom - window.innerHeight + 20));
      await page.waitForFunction(() => window.scrollY > 528);
      assert.equal(await covered(), null, `video ${i} is covered`);
    }
    await page.goto(siteURL(server.port, "group-se", "/boka-service"));
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const toggle = page.locator(".fc-booking-summary__toggle");
    if (await page.evaluate(() => window.scrollY > 528)) {
      await page.locator(".fc-scroll-top").waitFor();
      await toggle.click();
      await page.waitForFunction(() => document.querySelector(".fc-booking-summary.is-open"));
      assert.equal(await covered(), null, "the open summary is covered");
    }
  } finally {
    await page.context().close();
  }
});

test("the carstore header's white links stand out from the light hero picture (4.5:1)", async () => {
  const page = await desktop();
  try {
    for (const site of ["carstore-se", "carstore-no", "carstore-fi", "carstore-sk"]) {
      await page.goto(siteURL(server.port, site, "/"));
      await hydrated(page);
      // The hero behind the header is loaded eagerly; pictures further down
      // the home page load lazily and complete only when scrolled to.
      await page.waitForFunction(() => [...document.images].filter((i) => i.loading !== "lazy").every((i) => i.complete));
      const link = page.locator(".fc-nav__item > a").first();
      const box = await link.boundingBox();
      // The picture behind the words: hide the words and their shadow, read the pixels.
      await page.addStyleTag({ content: ".fc-nav__item > a { color: transparent !important; text-shadow: none !important; }" });
      await page.mouse.move(640, 700);
      const png = await page.screenshot({ clip: box });
      const lum = await page.evaluate(async (b64) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement("canvas");
        c.width = img.width;
        c.height = img.height;
        const ctx = c.getContext("2d");
        ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        const lin = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        const all = [];
        for (let i = 0; i < d.length; i += 4) all.push(0.2126 * lin(d[i]) + 0.7152 * lin(d[i + 1]) + 0.0722 * lin(d[i + 2]));
        all.sort((a, b) => a - b);
        return all[Math.floor(all.length * 0.95)];
      }, png.toString("base64"));
      const ratio = 1.05 / (lum + 0.05);
      assert.ok(ratio >= 4.5, `${site}: white on the header is ${ratio.toFixed(2)}:1`);
      await screenshot(page, `carstore-header-${site}`);
    }
  } finally {
    await page.context().close();
  }
});
