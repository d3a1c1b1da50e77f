// The embedded map of a dealer site or a booking's workshops: MapLibre GL
// around the site's coordinate (Stockholm when it has none) with a marker,
// or around several pins (the workshops a booking offers, the chosen one
// highlighted), each marker named for screen readers but not a Tab stop:
// the page's own list is how keyboard users choose, the map a complement.
// The map style is, in this order, MAP_STYLE_URL (real vector tiles, page
// data site.mapStyleUrl), a raster tile URL (dictionary mapTileUrl or the
// tileUrl prop, "…/{z}/{x}/{y}.png"), both at the spec's zoom 15, or the
// offline basemap the project ships (Natural Earth land, lakes and rivers,
// GeoNames places with their population, built by
// web/scripts/build-basemap.mjs) at OFFLINE_ZOOM, so a map shows without any
// outside service. The pointer cannot drag or scroll-zoom it (the spec's
// "interaction disabled": the page scrolls over it), but the keyboard can:
// the canvas is a Tab stop that zooms with + and − and pans with the
// arrows, and zoom buttons sit in the corner. MapLibre is imported in an
// effect: pages without a map never load it and the server never runs it.
// Its start-up is about a second of main-thread work on a phone, so it
// starts only once a quarter of the map is on screen and the browser is
// idle. When it cannot load (no WebGL, a style that fails), the spec's
// failure message is shown.
import { useEffect, useRef, useState } from "react";
import { useOptionalPage } from "../../lib/page-context";
import "./site-map.css";

export const STOCKHOLM = { lat: 59.3293, lng: 18.0686 };
/** ZOOM is the spec's default zoom of a map with street detail (a style or tile URL). */
export const ZOOM = 15;
/**
 * OFFLINE_ZOOM is the zoom of the bundled basemap: its coasts (1:10m),
 * lakes (1:50m) and towns draw the area around a site at 9 (some 40 km
 * across); at 15 they would fill the whole map with one colour.
 */
export const OFFLINE_ZOOM = 9;
/** LOAD_ERROR is the spec's message when the map cannot load (dictionary key mapLoadError). */
export const LOAD_ERROR = "Failed to load Google Maps API";

export function position(geo?: { latitude?: string; longitude?: string }): { lat: number; lng: number } {
  const lat = parseFloat(geo?.latitude ?? "");
  const lng = parseFloat(geo?.longitude ?? "");
  return Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0) ? { lat, lng } : STOCKHOLM;
}

// The offline basemap: a hashed asset of the build, fetched only by a map.
const BASEMAP_URL = new URL("./basemap.generated.json", import.meta.url).href;

/** Place is a GeoNames place of the basemap: name, longitude, latitude, population. */
export type Place = [string, number, number, number];

interface Basemap {
  attribution: string;
  countries: import("geojson").FeatureCollection;
  lakes: import("geojson").FeatureCollection;
  rivers: import("geojson").FeatureCollection;
  places: Place[]; // biggest first
}

let basemap: Promise<Basemap> | undefined;
function loadBasemap(): Promise<Basemap> {
  basemap ??= fetch(BASEMAP_URL).then((r) => {
    if (!r.ok) throw new Error(`basemap: ${r.status}`);
    return r.json() as Promise<Basemap>;
  });
  basemap.catch(() => (basemap = undefined));
  return basemap;
}

/** Box is a screen rectangle: left, top, right, bottom. */
type Box = [number, number, number, number];
const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Label is a place to name, its size class and the side of its dot the name goes. */
export interface Label {
  place: Place;
  size: "l" | "m" | "s";
  side: "right" | "left" | "below";
}

/**
 * labelPlaces picks the places to name on a map of width×height pixels:
 * the biggest first, each with its name right of its dot, or left where the
 * right would overlap a label taken before or the site's marker (keep), or
 * below the dot (a place under the marker: the town the site is in), and
 * left out where none fits; at most max. project gives a place's pixel
 * position; places off the map are skipped.
 */
export function labelPlaces(places: Place[], project: (lng: number, lat: number) => { x: number; y: number }, width: number, height: number, keep: Box[], max = 24): Label[] {
  const taken: Box[] = [...keep];
  const out: Label[] = [];
  for (const place of places) {
    const [name, lng, lat, pop] = place;
    const { x, y } = project(lng, lat);
    if (x < 0 || y < 0 || x > width || y > height) continue;
    const size = pop >= 200_000 ? "l" : pop >= 20_000 ? "m" : "s";
    const textW = 10 + name.length * (size === "l" ? 8.5 : size === "m" ? 7.5 : 6.5);
    const sides: [Label["side"], Box][] = [
      ["right", [x - 5, y - 10, x + textW, y + 10]],
      ["left", [x - textW, y - 10, x + 5, y + 10]],
    ];
    // Only a place hidden under the marker is named below it (without its dot).
    if (keep.some((k) => x >= k[0] && x <= k[2] && y >= k[1] && y <= k[3] + 8)) sides.push(["below", [x - textW / 2, y + 6, x + textW / 2, y + 26]]);
    const fit = sides.find(([, b]) => b[0] >= 0 && b[1] >= 0 && b[2] <= width && b[3] <= height && !taken.some((t) => overlaps(t, b)));
    if (!fit) continue;
    taken.push(fit[1]);
    out.push({ place, size, side: fit[0] });
    if (out.length >= max) break;
  }
  return out;
}

type MapState = "loading" | "ready" | "failed";

/** Pin is a marker of a map of several places: where, its accessible name, and whether it is the chosen one. */
export interface Pin {
  lat: number;
  lng: number;
  name: string;
  chosen?: boolean;
}

/** PIN_COLOR and CHOSEN_COLOR tell the other pins from the chosen one (and a lone site's marker). */
export const PIN_COLOR = "#4a5d73";
export const CHOSEN_COLOR = "#d2381f";

/**
 * pinBounds is the [[west, south], [east, north]] box around pins, or
 * undefined for fewer than two distinct places (a map centred on one).
 */
export function pinBounds(pins: Pin[]): [[number, number], [number, number]] | undefined {
  if (pins.length < 2) return undefined;
  const lngs = pins.map((p) => p.lng);
  const lats = pins.map((p) => p.lat);
  const b: [[number, number], [number, number]] = [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
  return b[0][0] === b[1][0] && b[0][1] === b[1][1] ? undefined : b;
}

/** drawOrder puts the chosen pin last, so that it is drawn over the others. */
export function drawOrder(pins: Pin[]): Pin[] {
  return [...pins.filter((p) => !p.chosen), ...pins.filter((p) => p.chosen)];
}

/**
 * shown resolves once a quarter of el is in the viewport and the browser is
 * idle (at once where IntersectionObserver is missing). It never resolves
 * when cancelled() turns true first.
 */
function shown(el: Element, cancelled: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (cancelled()) return;
      if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    };
    if (typeof IntersectionObserver === "undefined") return resolve();
    const io = new IntersectionObserver(
      (entries) => {
        if (cancelled()) return io.disconnect();
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          idle();
        }
      },
      { threshold: 0.25 },
    );
    io.observe(el);
  });
}

/** Texts of the map's controls (dictionary keys mapZoomIn, mapZoomOut, mapKeys), Swedish by default. */
function mapTexts(dict: Record<string, string> | undefined) {
  return {
    zoomIn: dict?.mapZoomIn || "Zooma in",
    zoomOut: dict?.mapZoomOut || "Zooma ut",
    keys: dict?.mapKeys || "Karta: zooma med + och −, flytta med piltangenterna",
  };
}

/** The MapLibre module and a map made with it, once the map exists. */
type Live = { lib: typeof import("maplibre-gl"); map: import("maplibre-gl").Map; zoom: number; relabel: () => void };

/**
 * SiteMap shows geo with one marker named label, or, given pins, every pin
 * (label then names the map region): framed to show them all, the chosen
 * one on top in the highlight colour. Pins may change while the map is
 * shown (a list that streams in): the markers are redrawn, the map stays.
 */
export function SiteMap({ geo, label, tileUrl, pins }: { geo?: { latitude?: string; longitude?: string }; label: string; tileUrl?: string; pins?: Pin[] }) {
  const drawn = pins && pins.length > 0 ? pins : [{ ...position(geo), name: label, chosen: true }];
  const pinsKey = JSON.stringify(drawn);
  const current = useRef(drawn);
  current.current = drawn;
  const focus = drawn.find((p) => p.chosen) ?? drawn[0];
  const { lat, lng } = focus;
  const [live, setLive] = useState<Live | null>(null);
  const page = useOptionalPage();
  const styleUrl = page?.site.mapStyleUrl || "";
  const tiles = tileUrl || "";
  const failText = page?.dictionary.mapLoadError || LOAD_ERROR;
  const texts = mapTexts(page?.dictionary);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("loading");

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let map: { remove(): void } | undefined;
    setState("loading");
    (async () => {
      await shown(el, () => cancelled);
      if (cancelled) return;
      const [{ default: maplibregl }, { default: workerUrl }] = await Promise.all([
        import("maplibre-gl/dist/maplibre-gl-csp.js") as Promise<{ default: typeof import("maplibre-gl") }>,
        import("maplibre-gl/dist/maplibre-gl-csp-worker.js?url") as Promise<{ default: string }>,
      ]);
      if (cancelled) return;
      maplibregl.setWorkerUrl(workerUrl);
      let style: string | import("maplibre-gl").StyleSpecification;
      let places: Place[] = [];
      let zoom = ZOOM;
      if (styleUrl) {
        style = styleUrl;
      } else if (tiles) {
        style = {
          version: 8,
          sources: { tiles: { type: "raster", tiles: [tiles], tileSize: 256, maxzoom: 19 } },
          layers: [{ id: "tiles", type: "raster", source: "tiles" }],
        };
      } else {
        const bm = await loadBasemap();
        if (cancelled) return;
        places = bm.places;
        zoom = OFFLINE_ZOOM;
        style = {
          version: 8,
          sources: {
            countries: { type: "geojson", data: bm.countries, attribution: bm.attribution },
            lakes: { type: "geojson", data: bm.lakes },
            rivers: { type: "geojson", data: bm.rivers },
          },
          layers: [
            { id: "sea", type: "background", paint: { "background-color": "#a9cde6" } },
            { id: "land", type: "fill", source: "countries", paint: { "fill-color": "#f1eee6" } },
            { id: "coast", type: "line", source: "countries", paint: { "line-color": "#86b2d3", "line-width": 1 } },
            { id: "lakes", type: "fill", source: "lakes", paint: { "fill-color": "#a9cde6", "fill-outline-color": "#86b2d3" } },
            { id: "rivers", type: "line", source: "rivers", paint: { "line-color": "#a9cde6", "line-width": ["interpolate", ["linear"], ["zoom"], 5, 1, 10, 2.5, 13, 4] } },
            { id: "borders", type: "line", source: "countries", paint: { "line-color": "#a79bb5", "line-width": 1.2, "line-dasharray": [3, 2] } },
          ],
        };
      }
      const bounds = pinBounds(current.current);
      const m = new maplibregl.Map({
        container: el,
        style,
        center: [lng, lat],
        zoom,
        // Several pins: the view that shows them all, never closer than one pin's.
        ...(bounds ? { bounds, fitBoundsOptions: { padding: 48, maxZoom: zoom } } : {}),
        minZoom: 4,
        maxZoom: places.length ? 13 : 19,
        // No dragging or wheel zoom (the page scrolls over the map); the
        // keyboard and the zoom buttons work.
        dragPan: false,
        scrollZoom: false,
        boxZoom: false,
        dragRotate: false,
        doubleClickZoom: false,
        touchZoomRotate: false,
        touchPitch: false,
        keyboard: true,
        attributionControl: { compact: false },
        locale: { "Map.Title": texts.keys, "Marker.Title": label, "NavigationControl.ZoomIn": texts.zoomIn, "NavigationControl.ZoomOut": texts.zoomOut },
      });
      map = m;
      // The canvas takes keys (+, −, arrows): an application to screen readers.
      m.getCanvas().setAttribute("role", "application");
      m.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
      m.on("error", (e) => {
        // A style or source that cannot load leaves an empty map: say so.
        if (!m.loaded() || /style|source/i.test(String(e.error?.message ?? ""))) setState((s) => (s === "ready" ? s : "failed"));
      });
      m.on("load", () => !cancelled && setState("ready"));
      // The zoom level as data, for tests and styles (MapLibre owns this element).
      const showZoom = () => (el.dataset.zoom = m.getZoom().toFixed(2));
      showZoom();
      m.on("zoomend", showZoom);
      let relabel = () => {};
      if (places.length) {
        // Place names without glyph downloads: labels as HTML beside a dot,
        // biggest places first and never over each other or the marker,
        // chosen again whenever the view changes.
        let shownLabels: { remove(): void }[] = [];
        relabel = () => {
          shownLabels.forEach((l) => l.remove());
          const { width, height } = m.getCanvas().getBoundingClientRect();
          const pinBoxes = current.current.map((p): Box => {
            const c = m.project([p.lng, p.lat]);
            return [c.x - 16, c.y - 44, c.x + 16, c.y + 4];
          });
          const view = m.getBounds();
          const inView = places.filter(([, x, y]) => view.contains([x, y]));
          const picked = labelPlaces(inView, (x, y) => m.project([x, y]), width, height, pinBoxes);
          shownLabels = picked.map(({ place: [name, x, y], size, side }) => {
            const tag = document.createElement("span");
            tag.className = `fc-site-map__place fc-site-map__place--${size} fc-site-map__place--${side}`;
            tag.textContent = name;
            tag.setAttribute("aria-hidden", "true");
            const [anchor, offset]: ["left" | "right" | "top", [number, number]] = side === "right" ? ["left", [-4, 0]] : side === "left" ? ["right", [4, 0]] : ["top", [0, 6]];
            return new maplibregl.Marker({ element: tag, anchor, offset }).setLngLat([x, y]).addTo(m);
          });
        };
        m.on("load", () => relabel());
        m.on("moveend", () => relabel());
      }
      setLive({ lib: maplibregl, map: m, zoom, relabel: () => relabel() });
    })().catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      setLive(null);
      map?.remove();
    };
    // The map is made once per style; pins are drawn by the effect below.
    // texts and label come from the dictionary: they do not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleUrl, tiles]);

  // The pins: drawn when the map exists and again whenever they change,
  // with the view moved to show them all and the place names chosen anew.
  useEffect(() => {
    if (!live) return;
    const { lib, map: m } = live;
    const ps = current.current;
    const markers = drawOrder(ps).map((p) => {
      const mk = new lib.Marker({ color: p.chosen ? CHOSEN_COLOR : PIN_COLOR, scale: p.chosen || ps.length === 1 ? 1 : 0.8, className: p.chosen ? "fc-site-map__pin fc-site-map__pin--chosen" : "fc-site-map__pin" });
      // A named picture, not a button: it does nothing when pressed.
      const el = mk.getElement();
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", p.name);
      return mk.setLngLat([p.lng, p.lat]).addTo(m);
    });
    // The pins may have changed since the map was made around them.
    const bounds = pinBounds(ps);
    const c = ps.find((p) => p.chosen) ?? ps[0];
    if (bounds) m.fitBounds(bounds, { padding: 48, maxZoom: live.zoom, animate: false });
    else m.jumpTo({ center: [c.lng, c.lat], zoom: live.zoom });
    live.relabel();
    return () => markers.forEach((mk) => mk.remove());
  }, [live, pinsKey]);

  return (
    <div className="fc-site-map" role="region" aria-label={label} data-state={state}>
      <div ref={box} className="fc-site-map__canvas" />
      {state === "failed" && (
        <p className="fc-site-map__error" role="status">
          {failText}
        </p>
      )}
    </div>
  );
}
