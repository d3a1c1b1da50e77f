// One URL per template of every site, for journeys that must visit every
// kind of page (phone width, console, HTML validity). A template here is an
// item template (HomePage, ContentPage, CarDetailPage, …) together with the
// blocks its page shows: two content pages with different blocks (a form, a
// video) are different pages to a visitor, so each block of each template is
// shown by at least one chosen URL.
//
// The candidates are the site's /sitemap.xml (content pages in every
// language, brand and model lists, cars, dealer sites), the items of
// content/<site>/ that the sitemap leaves out (noindex pages such as
// favourites and saved searches), and fixed entries the sitemap cannot hold:
// an unknown path (the 404 page) and an unknown car. Each candidate's page
// data (GET /_page/<path>) names its template and blocks.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { root } from "./harness.mjs";

/** SITES are the names of every site (the folders of content/), each served on http://<name>.localhost:PORT. */
export const SITES = fs
  .readdirSync(path.join(root, "content"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith("_"))
  .map((d) => d.name)
  .sort();

/** siteURL is the address of a path on a site (Chromium resolves *.localhost to loopback). */
export const siteURL = (port, site, p) => `http://${site}.localhost:${port}${p}`;

/**
 * fetchOn GETs a path of a site through 127.0.0.1 with the site's Host
 * (Node does not resolve *.localhost). Resolves { status, body, headers }.
 */
export function fetchOn(port, site, p) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: p, headers: { Host: `${site}.localhost:${port}`, Accept: "text/html,application/json" } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
  });
}

/** contentPaths lists the paths of content/<site>/items that are plain pages (not wildcards, the car page item or the 404 item). */
function contentPaths(site) {
  const dir = path.join(root, "content", site, "items");
  const out = [];
  const walk = (d, prefix) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith("_")) continue;
      if (e.isDirectory()) walk(path.join(d, e.name), `${prefix}/${e.name}`);
      else if (e.name.endsWith(".yaml") && e.name !== "404.yaml") {
        const name = e.name.slice(0, -".yaml".length);
        out.push(name === "index" ? prefix || "/" : `${prefix}/${name}`);
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir, "");
  return out;
}

/**
 * sitemapPaths reads the paths of a site's sitemap. Paths under a folder
 * with many entries (cars, dealer sites) are cut to the first of each shape
 * (number of segments, numeric or not), so a site with 20 000 cars gives one
 * car, one brand list and one model list.
 */
async function sitemapPaths(port, site) {
  const res = await fetchOn(port, site, "/sitemap.xml");
  if (res.status !== 200) throw new Error(`${site}/sitemap.xml answers ${res.status}`);
  const paths = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const byFolder = new Map();
  for (const p of paths) {
    const folder = p.split("/").slice(0, 2).join("/");
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
  }
  const seenShape = new Set();
  return paths.filter((p) => {
    const segs = p.split("/").filter(Boolean);
    if ((byFolder.get(`/${segs[0] ?? ""}`) ?? 0) <= 20) return true;
    const shape = `${segs[0]}:${segs.map((s) => (/^\d+$/.test(s) ? "n" : "s")).join("")}`;
    if (seenShape.has(shape)) return false;
    seenShape.add(shape);
    return true;
  });
}

/** blocksOf lists the component names under the page's main placeholder (nested ones too). */
function blocksOf(route) {
  const out = new Set();
  const walk = (placeholders) => {
    for (const [name, comps] of Object.entries(placeholders ?? {})) {
      if (name.startsWith("headless-header") || name.startsWith("headless-footer")) continue;
      for (const c of comps ?? []) {
        if (c.componentName) out.add(c.componentName);
        walk(c.placeholders);
      }
    }
  };
  walk(route?.placeholders);
  return out;
}

/**
 * siteTemplates returns the URLs to visit on one site: [{ site, path,
 * template, blocks, status }], one page per template plus as many more as
 * it takes to show each block of that template at least once (chosen
 * greedily, the page with most unseen blocks first). status is what the
 * page should answer (404 for the not-found entries).
 */
export async function siteTemplates(port, site) {
  const candidates = [...new Set([...(await sitemapPaths(port, site)), ...contentPaths(site)])];
  const pages = [];
  for (const p of candidates) {
    const res = await fetchOn(port, site, `/_page${p === "/" ? "/" : p}`);
    if (res.status !== 200) continue; // tag folders and other items that are not pages
    const data = JSON.parse(res.body);
    if (data.redirect || !data.page) continue;
    const route = data.page.sitecore?.route;
    if (!route) continue;
    pages.push({ site, path: p, template: route.templateName, blocks: blocksOf(route), status: 200 });
  }
  const chosen = [];
  const byTemplate = new Map();
  for (const pg of pages) byTemplate.set(pg.template, [...(byTemplate.get(pg.template) ?? []), pg]);
  for (const [, group] of byTemplate) {
    const unseen = new Set(group.flatMap((pg) => [...pg.blocks]));
    const left = [...group];
    for (let first = true; first || unseen.size > 0; first = false) {
      left.sort((a, b) => [...b.blocks].filter((x) => unseen.has(x)).length - [...a.blocks].filter((x) => unseen.has(x)).length);
      const pick = left.shift();
      if (!pick) break;
      for (const b of pick.blocks) unseen.delete(b);
      chosen.push(pick);
    }
  }
  // What the sitemap cannot list: an unknown page, and a car that is gone
  // (the car page's own not-found state, under the car folder).
  const car = pages.find((pg) => pg.template === "CarDetailPage");
  chosen.push({ site, path: "/no-such-page-e2e", template: "NotFoundPage", blocks: new Set(), status: 404 });
  if (car) {
    const folder = car.path.split("/").slice(0, -2).join("/");
    chosen.push({ site, path: `${folder}/99999999/no-such-car`, template: "CarDetailPage (gone)", blocks: new Set(), status: 404 });
  }
  return chosen.sort((a, b) => a.template.localeCompare(b.template) || a.path.localeCompare(b.path));
}

/** allTemplates returns siteTemplates of every site, in SITES order. */
export async function allTemplates(port) {
  const out = [];
  for (const site of SITES) out.push(...(await siteTemplates(port, site)));
  return out;
}
