// The MapLibre side of SiteMap (site-map.tsx): the style (a style URL, a
// raster tile URL or the offline basemap), the map, its pins and the place
// names. site-map.tsx imports this module only once a map is on screen, so
// it arrives with MapLibre and no page's first load carries it.
import maplibregl from "maplibre-gl/dist/maplibre-gl-csp.js";
import workerUrl from "maplibre-gl/dist/maplibre-gl-csp-worker.js?url";

/** ZOOM is the spec's default zoom of a map with street detail (a style or tile URL). */
export const ZOOM = 15;
/**
 * OFFLINE_ZOOM is the zoom of the bundled basemap: its coasts (1:10m),
 * lakes (1:50m) and towns draw the area around a site at 9 (some 40 km
 * across); at 15 they would fill the whole map with one colour.
 */
export const OFFLINE_ZOOM = 9;

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

/** MapOptions are what makeMap draws into el and whom it tells how loading went. */
export interface MapOptions {
  el: HTMLElement;
  styleUrl: string;
  tiles: string;
  /** pins gives the pins to draw now (they may change while the map is shown). */
  pins: () => Pin[];
  label: string;
  texts: { zoomIn: string; zoomOut: string; keys: string };
  cancelled: () => boolean;
  onReady: () => void;
  onFail: () => void;
}

/** MapHandle is a made map: drawPins (re)draws pins() and frames them; remove ends the map. */
export interface MapHandle {
  drawPins(): void;
  remove(): void;
}

/** makeMap makes the map in el, or returns undefined when cancelled() turned true meanwhile. */
export async function makeMap({ el, styleUrl, tiles, pins, label, texts, cancelled, onReady, onFail }: MapOptions): Promise<MapHandle | undefined> {
  maplibregl.setWorkerUrl(workerUrl);
  const start = pins();
  const focus = start.find((p) => p.chosen) ?? start[0];
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
    if (cancelled()) return undefined;
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
  const bounds = pinBounds(start);
  const m = new maplibregl.Map({
    container: el,
    style,
    center: [focus.lng, focus.lat],
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
  // The canvas takes keys (+, −, arrows): an application to screen readers.
  m.getCanvas().setAttribute("role", "application");
  m.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
  m.on("error", (e) => {
    // A style or source that cannot load leaves an empty map: say so.
    if (!m.loaded() || /style|source/i.test(String(e.error?.message ?? ""))) onFail();
  });
  m.on("load", () => !cancelled() && onReady());
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
      const pinBoxes = pins().map((p): Box => {
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
  let markers: { remove(): void }[] = [];
  return {
    // Drawn once the map exists and again whenever the pins change, with
    // the view moved to show them all and the place names chosen anew.
    drawPins() {
      markers.forEach((mk) => mk.remove());
      const ps = pins();
      markers = drawOrder(ps).map((p) => {
        const mk = new maplibregl.Marker({ color: p.chosen ? CHOSEN_COLOR : PIN_COLOR, scale: p.chosen || ps.length === 1 ? 1 : 0.8, className: p.chosen ? "fc-site-map__pin fc-site-map__pin--chosen" : "fc-site-map__pin" });
        // A named picture, not a button: it does nothing when pressed.
        const pin = mk.getElement();
        pin.setAttribute("role", "img");
        pin.setAttribute("aria-label", p.name);
        return mk.setLngLat([p.lng, p.lat]).addTo(m);
      });
      // The pins may have changed since the map was made around them.
      const bounds = pinBounds(ps);
      const c = ps.find((p) => p.chosen) ?? ps[0];
      if (bounds) m.fitBounds(bounds, { padding: 48, maxZoom: zoom, animate: false });
      else m.jumpTo({ center: [c.lng, c.lat], zoom });
      relabel();
    },
    remove: () => m.remove(),
  };
}
